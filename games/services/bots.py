"""The bots' moves: a task plays every move the bots at a table owe in turn.

A game of bots only plays in slices (`BOT_SLICE_SECONDS`) and hands over to a
fresh task at the back of the queue; bots a human waits for play on.
"""

import logging
import time

from django.conf import settings
from django.db import transaction

from games.models import Game, GameEvent, Seat
from games.services import randomness
from games.services.notify import game_announce
from games.services.table import Table, game_lock, game_seats

logger = logging.getLogger(__name__)

# Bot moves one bots_play call makes before it hands over to a fresh task.
BOT_MOVES_PER_CALL = 200
# Seconds a bots_play call plays a game of bots only before it hands over to a
# fresh task at the back of the queue: a worker thread is then soon free for a
# bot move a human waits for (games.tasks.MOVES_QUEUE, read first).
BOT_SLICE_SECONDS = 0.5


def bots_play(*, game_id: int, version: int) -> bool:
    """Make the moves bots owe, one transaction each, while the version holds.

    Stops when a human is awaited, the game ends, or someone else changed the
    table. After `BOT_MOVES_PER_CALL` moves it hands over to a fresh task.
    Returns whether any bot moved.
    """
    game = None
    moved = 0
    started = time.monotonic()
    while moved < BOT_MOVES_PER_CALL:
        with transaction.atomic():
            game = game_lock(game_id)
            if game.status != Game.Status.ACTIVE or game.version != version:
                break
            seats = game_seats(game)
            table = Table(game, seats)
            bot_seat = next(
                (seats[p] for p in table.awaited_seats() if seats[p].bot), None
            )
            if bot_seat is None:
                break
            bot_play(table, bot_seat)
            table.save(announce=False)
            version = game.version
            moved += 1
        if not table.humans_play() and time.monotonic() - started >= BOT_SLICE_SECONDS:
            break
    if moved:
        game_announce(game, bots_owe=table.bots_owe(), humans_play=table.humans_play())
    return moved > 0


def bot_play(table: "Table", seat: Seat) -> None:
    """The bot's move; if the bot fails, the default move (and log it)."""
    try:
        history = None
        if table.kind.reads_history(seat.bot):
            history = table.public_history(seat.position)
        move = table.kind.bot_move(
            table.state,
            seat.position,
            seat.bot,
            randomness.rng(),
            seconds=getattr(settings, "BOT_EXPERT_SECONDS", 1.0),
            clock=time.perf_counter,
            history=history,
        )
        events = table.check(move)
    except Exception:
        logger.exception("The %s bot failed at seat %s", seat.bot, seat.position)
        move = table.engine.default_move(table.state, seat.position)
        events = table.check(move)
    table.apply(move, events, cause=GameEvent.Cause.BOT)
