"""When a deadline passes: decide for the seats that let it pass.

A human gets the engine's default move and a missed deadline, and after too
many in a row leaves (or a bot plays on); an overdue bot gets its bot move.
"""

import logging
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games.errors import BadMove, GameNotFound
from games.models import Game, GameEvent, Seat
from games.services import randomness, vacations
from games.services.bots import bot_play
from games.services.table import Table, game_lock, game_seats

logger = logging.getLogger(__name__)

# Default moves one timeout makes for one seat (end turn, then discard...).
DEFAULT_MOVES_PER_TIMEOUT = 5


def deadline_expire(*, game_id: int, version: int) -> bool:
    """Decide for every seat whose deadline has passed, if nobody moved since.

    Humans get the engine's `default_move` (until that decision is done) and a
    missed deadline; at `max_missed_deadlines` in a row they leave as if
    resigned, or with `bot_replaces_leaver` a bot takes the seat. A bot seat
    that is overdue (its task was lost) gets its bot move. Safe to call twice
    or late: returns False and does nothing when the version has moved on or
    no deadline is due.
    """
    with transaction.atomic():
        try:
            game = game_lock(game_id)
        except GameNotFound:
            return False
        if game.status != Game.Status.ACTIVE or game.version != version:
            return False
        now = timezone.now()
        if game.deadline_at is None or game.deadline_at > now:
            return False
        seats = game_seats(game)
        table = Table(game, seats, now=now)
        options = game.rule_options()
        due = sorted(
            int(position)
            for position, entry in (game.deadlines or {}).items()
            if datetime.fromisoformat(entry["at"]) <= now
        )
        for position in due:
            if table.state.over or position not in table.awaited_seats():
                continue
            seat = seats[position]
            if seat.bot:
                bot_play(table, seat)
                continue
            if vacations.decision_start(seat, now) > now:
                continue  # Away: the reset below starts their clock at their return.
            for _ in range(DEFAULT_MOVES_PER_TIMEOUT):
                if table.state.over or position not in table.awaited_seats():
                    break
                if not _play_default(table, seat):
                    break
            seat.missed_deadlines += 1
            logger.info(
                "Game %s: seat %s missed a deadline (%s in a row)",
                game.pk,
                position,
                seat.missed_deadlines,
            )
            table.changed(seat)
            if seat.missed_deadlines >= options.max_missed_deadlines:
                _remove_silent_player(table, seat, options)
        acted = bool(table.rows or table.dirty)
        if not acted:
            # Nobody due owes anything after all: start the clocks afresh.
            table.reset_deadlines()
        table.save()
    return acted


def _play_default(table: "Table", seat: Seat) -> bool:
    """The timeout's move for `seat` (a bot's if the engine's is refused)."""
    move = table.engine.default_move(table.state, seat.position)
    if move is None:
        return False
    try:
        events = table.check(move)
    except BadMove:
        logger.exception(
            "Default %s refused at game %s", type(move).__name__, table.game.pk
        )
        move = table.kind.sensible_move(table.state, seat.position, randomness.rng())
        events = table.check(move)
    table.apply(move, events, cause=GameEvent.Cause.TIMEOUT)
    return True


def _remove_silent_player(table: "Table", seat: Seat, options) -> None:
    """Too many deadlines missed in a row: a bot plays on, or the player leaves."""
    if options.bot_replaces_leaver:
        seat.bot = table.game.leaver_bot
        seat.status = Seat.Status.LEFT
    else:
        if not table.state.over and not table.kind.has_left(table.state, seat.position):
            resign = table.engine.Resign(seat=seat.position)
            table.play(resign, cause=GameEvent.Cause.TIMEOUT)
        seat.status = Seat.Status.TIMED_OUT
    table.changed(seat)
