"""The only code that writes game state.

Every change to a started game goes through one path: lock the game row,
check who asks and the version they saw, let the engine decide, append the
events, evolve the snapshot, set the next deadlines, save, and announce on
commit. Player moves, timeouts and bots all take it, so a timeout and a move
can never both win: whichever commits first changes the version and the other
is refused (a player gets `StaleVersion`, a timeout or a bot does nothing).

Every function raises a `games.errors.GameError` with a sentence for the
player when it refuses; nothing is written then.
"""

import contextlib
import dataclasses
import enum
import logging
import random
import secrets
import time
import types
import typing
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import engine, kinds, vacations
from games.chat.services import invitation_check
from games.engine.rules import default_payment
from games.errors import (
    AlreadySeated,
    BadInvite,
    BadMove,
    BadSettings,
    GameFull,
    GameNotActive,
    GameNotFound,
    GameNotOpen,
    NotAPlayer,
    NotEnoughPlayers,
    NotYourGame,
    StaleVersion,
)
from games.models import BOT_STRENGTHS, Game, GameCheckpoint, GameEvent, Seat
from games.notifications.decisions import decisions_record
from games.notifications.push import with_device_flag
from games.ratings import game_rate
from games.standing import is_charge, standing_answers_apply
from mdeal_site.prepared import Prepared

if TYPE_CHECKING:
    from accounts.models import User

logger = logging.getLogger(__name__)

# Bot moves one bots_play call makes before it hands over to a fresh task.
BOT_MOVES_PER_CALL = 200
# Seconds a bots_play call plays a game of bots only before it hands over to a
# fresh task at the back of the queue: a worker thread is then soon free for a
# bot move a human waits for (games.tasks.MOVES_QUEUE, read first).
BOT_SLICE_SECONDS = 0.5
# Default moves one timeout makes for one seat (end turn, then discard...).
DEFAULT_MOVES_PER_TIMEOUT = 5
# Deadlines further away than this are left to the beat sweep (every 30 s).
# An ETA task waits unacknowledged in a worker's memory until it is due, so only
# the next few minutes' deadlines are queued: that bounds what a worker holds,
# and stays well inside Redis's visibility timeout (an hour), past which Redis
# would hand the task to a second worker (harmless, deadline_expire is
# idempotent, but wasted).
DEADLINE_ETA_HORIZON = timedelta(minutes=10)
# A bot owes its move at once and its task plays it at once; this due time is
# for the sweep, which finds a bot whose task was lost (Redis down when it was
# queued) and plays for it through deadline_expire.
BOT_DUE = timedelta(seconds=15)


def _rng() -> random.Random:
    """A fresh generator: events record outcomes, so no seed is ever kept."""
    return random.Random(secrets.randbits(64))


# ---------------------------------------------------------------------------
# Before the game starts


def game_create(
    *,
    creator: "User",
    seat_count: int,
    seconds_per_decision: int,
    options: "Any | dict[str, Any] | None" = None,
    public: bool = True,
    rated: bool = True,
    bot: str = Seat.Bot.SENSIBLE,
    leaver_bot: str = Seat.Bot.SENSIBLE,
    bots_now: bool = False,
    kind: str = kinds.DEFAULT,
) -> Game:
    """Open a new table of `kind` (games.kinds); the creator takes seat 0 and
    waits for players.

    A `rated` game counts for ratings when it finishes (games.ratings). `bot`
    is the strength of the bots that fill empty seats: at once with
    `bots_now` (the game starts against them), or later from the waiting room.
    `leaver_bot` plays on for a player who misses too many deadlines, when the
    house rule `bot_replaces_leaver` is on.
    """
    try:
        game_kind = kinds.get(kind)
    except (KeyError, TypeError):
        raise BadSettings("There is no such game.") from None
    low, high = game_kind.min_seats, game_kind.max_seats
    if not isinstance(seat_count, int) or not (low <= seat_count <= high):
        raise BadSettings(f"{game_kind.label} has {low} to {high} seats.")
    if not isinstance(seconds_per_decision, int) or seconds_per_decision < 1:
        raise BadSettings("The time per decision must be a positive number.")
    _require_bot(bot, game_kind)
    _require_bot(leaver_bot, game_kind)
    _require_user(creator)
    rule_options = _clean_options(options, game_kind.engine)
    with transaction.atomic():
        game = Game.objects.create(
            kind=game_kind.key,
            created_by=creator,
            seat_count=seat_count,
            seconds_per_decision=seconds_per_decision,
            options=rule_options.to_json(),
            public=bool(public),
            rated=bool(rated),
            bot=bot,
            leaver_bot=leaver_bot,
        )
        creator_seat = Seat.objects.create(game=game, position=0, user=creator)
        if bots_now:
            _fill_with_bots(game, [creator_seat], bot)
    return game


def game_join(*, game_id: int, user: "User", token: str | None = None) -> Seat:
    """Take the lowest free seat; the game starts when the last seat fills.

    A public game can be joined from the lobby; an invite-only one needs its
    `token`. Joining a game you already sit at is refused (`AlreadySeated`);
    joining by the invitation of a host you muted too (`MutedInviter`).
    """
    _require_user(user)
    with transaction.atomic():
        game = _lock(game_id)
        invited = bool(token) and secrets.compare_digest(str(token), game.invite_token)
        if not game.public and not invited:
            raise BadInvite()
        if invited:
            invitation_check(inviter=game.created_by, invitee=user)
        seats = _seats(game)
        if any(seat.user_id == user.pk for seat in seats):
            raise AlreadySeated()
        _require_open(game)
        taken = {seat.position for seat in seats}
        free = [p for p in range(game.seat_count) if p not in taken]
        if not free:
            raise GameFull()
        seat = Seat.objects.create(game=game, position=free[0], user=user)
        seats = sorted([*seats, seat], key=lambda s: s.position)
        if len(seats) == game.seat_count:
            _start(game, seats)
        else:
            _seats_changed(game)
            _announce(game)
    return seat


def game_leave(*, game_id: int, user: "User") -> Game:
    """Give up a seat before the start. The creator leaving cancels the game."""
    _require_user(user)
    with transaction.atomic():
        game = _lock(game_id)
        seats = _seats(game)
        seat = next((s for s in seats if s.user_id == user.pk), None)
        if seat is None:
            raise NotAPlayer()
        if game.status != Game.Status.OPEN:
            raise GameNotOpen("This game has started: resign instead of leaving.")
        if game.created_by_id == user.pk:
            game.status = Game.Status.ABANDONED
            game.finished_at = timezone.now()
            game.save(update_fields=["status", "finished_at"])
        else:
            seat.delete()
            _seats_changed(game)
        _announce(game)
    return game


def game_add_bots(*, game_id: int, user: "User", bot: str | None = None) -> Game:
    """Fill every empty seat with a bot and start the game (creator only).

    The bots play at strength `bot`, or the game's (chosen on the create form).
    """
    with transaction.atomic():
        game = _lock(game_id)
        if bot is not None:
            _require_bot(bot, game.game_kind)
        _require_creator(game, user)
        _require_open(game)
        _fill_with_bots(game, _seats(game), bot or game.bot)
    return game


def _fill_with_bots(game: Game, seats: list[Seat], bot: str) -> None:
    """Seat a `bot` in every position nobody holds, and start."""
    taken = {seat.position for seat in seats}
    Seat.objects.bulk_create(
        Seat(game=game, position=p, bot=bot)
        for p in range(game.seat_count)
        if p not in taken
    )
    _start(game, _seats(game))


def _require_bot(bot: str, kind: "kinds.GameKind | None" = None) -> None:
    """A bot strength the site has (and, given a kind, that plays that game)."""
    if bot not in dict(BOT_STRENGTHS) or (kind is not None and bot not in kind.bots):
        raise BadSettings("There is no such bot.")


def game_start(*, game_id: int, user: "User") -> Game:
    """Start with the players seated now (creator only, at least two)."""
    with transaction.atomic():
        game = _lock(game_id)
        _require_creator(game, user)
        _require_open(game)
        seats = _seats(game)
        if len(seats) < Game.MIN_SEATS:
            raise NotEnoughPlayers()
        _start(game, seats)
    return game


def _start(game: Game, seats: list[Seat], *, events: list | None = None) -> None:
    """Close the seats up to 0..n-1, deal, and wait for the first decision.

    `events` are the deal if already made (`engine.setup`), else one is made.
    """
    # Ascending order: each seat moves down into a position already vacated.
    for index, seat in enumerate(sorted(seats, key=lambda s: s.position)):
        if seat.position != index:
            seat.position = index
            seat.save(update_fields=["position"])
    seats.sort(key=lambda s: s.position)
    game.seat_count = len(seats)
    game.status = Game.Status.ACTIVE
    table = _Table(game, seats)
    game.started_at = table.now
    if events is None:
        events = table.engine.setup(len(seats), game.rule_options(), _rng())
    table.append(events, seat=None, cause=GameEvent.Cause.SETUP)
    table.save()


# ---------------------------------------------------------------------------
# Moves


def move_submit(
    *, game_id: int, user: "User", move: "Any | dict[str, Any]", version: int
) -> Game:
    """Play `move` for `user`'s seat, if the table is still at `version`.

    `move` is an engine Move or its JSON (engine `to_json`). The seat is always
    the user's own: JSON naming another seat is refused, an engine Move's seat
    is overwritten. Data that is not a well-formed move is refused with "That
    move is not understood."; a move the rules refuse with the engine's
    sentence. The game returned holds its seats and state (`Game.seats_known`),
    so the table answering the move costs no query for them.
    """
    with _own_move(game_id=game_id, user=user, version=version) as (table, seat):
        table.play(_parse_move(move, seat=seat.position, engine=table.engine))
    return table.game


def move_post(*, game_id: int, user: "User", data, version) -> Game:
    """Play the move a table's form posted (`data`), read by the game's kind.

    As `move_submit`, but the posted fields are read under the lock by the
    kind's `moves_from_post`, against the view the player's seat has now; data
    it cannot read is refused with its sentence and nothing is written. A form
    may ask for several moves (a counter offer: decline, then offer): all are
    played in the one transaction, or none.
    """
    with _own_move(game_id=game_id, user=user, version=version) as (table, seat):
        view = table.engine.view(table.state, seat.position)
        try:
            moves = table.kind.moves_from_post(data, view, seat.position)
        except table.engine.IllegalMove as error:
            raise BadMove(error.message) from error
        for move in moves:
            table.play(_parse_move(move, seat=seat.position, engine=table.engine))
    return table.game


def charge_accept_and_pay(
    *, game_id: int, user: "User", cards: "list[int] | None", version: int
) -> Game:
    """Answer a charge (rent, a debt, a birthday) in one step: accept, then pay.

    Two engine moves, one transaction, the same path and version check as
    `move_submit`. `cards` are the cards to pay with; None pays the engine's
    suggested cards. A player with nothing payable pays nothing.
    """
    with _own_move(game_id=game_id, user=user, version=version) as (table, seat):
        rules = table.engine
        owed = [a for a in rules.awaiting(table.state) if a.seat == seat.position]
        if not any(is_charge(table.state, a) for a in owed):
            raise BadMove("You have no charge to answer now.")
        table.play(rules.Accept(seat=seat.position))
        paying = next(
            (
                a
                for a in rules.awaiting(table.state)
                if a.seat == seat.position and a.kind == "pay"
            ),
            None,
        )
        if paying is not None:
            if cards is None:
                player = table.state.players[seat.position]
                cards = default_payment(player, paying.amount)
            pay = {"type": "Pay", "cards": list(cards)}
            table.play(_parse_move(pay, seat=seat.position, engine=rules))
    return table.game


def seat_standing_set(
    *,
    game_id: int,
    user: "User",
    accept_charges: bool | None,
    pay_suggested: bool | None,
) -> Seat:
    """Set this game's standing answers for the user's seat (None: the profile's).

    In a started game they apply at once, on the same path as a move, if the
    seat owes a charge or a payment now.
    """
    with transaction.atomic():
        game = _lock(game_id)
        seats = _seats(game)
        seat = _player_seat(seats, user)
        seat.accept_charges = accept_charges
        seat.pay_suggested = pay_suggested
        seat.save(update_fields=["accept_charges", "pay_suggested"])
        if game.status == Game.Status.ACTIVE:
            table = _Table(game, seats)
            standing_answers_apply(table)
            if table.rows:
                table.save()
    return seat


def game_resign(*, game_id: int, user: "User", version: int | None = None) -> Game:
    """Leave a started game for good: the engine's Resign, on the same path."""
    with _own_move(
        game_id=game_id, user=user, version=version, any_version=version is None
    ) as (table, seat):
        table.play(table.engine.Resign(seat=seat.position))
    return table.game


@contextlib.contextmanager
def _own_move(*, game_id: int, user: "User", version, any_version: bool = False):
    """The locked table and `user`'s seat, for a move of theirs; then saved.

    Refuses a non-player, a game not being played, and (unless `any_version`)
    a table that moved on since the player saw `version`. What the block plays
    is saved in the same transaction, with the seat's missed deadlines reset.
    """
    with transaction.atomic():
        game = _lock(game_id)
        seats = _seats(game)
        seat = _player_seat(seats, user)
        _require_active(game)
        if not any_version:
            _require_version(game, version)
        table = _Table(game, seats)
        yield table, seat
        _after_own_move(table, seat)
        table.save()


def _after_own_move(table: "_Table", seat: Seat) -> None:
    if seat.missed_deadlines:
        seat.missed_deadlines = 0
        table.changed(seat)
    if table.kind.has_left(table.state, seat.position):
        seat.status = Seat.Status.RESIGNED
        table.changed(seat)


# ---------------------------------------------------------------------------
# Deadlines and bots


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
            game = _lock(game_id)
        except GameNotFound:
            return False
        if game.status != Game.Status.ACTIVE or game.version != version:
            return False
        now = timezone.now()
        if game.deadline_at is None or game.deadline_at > now:
            return False
        seats = _seats(game)
        table = _Table(game, seats, now=now)
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
                _play_bot(table, seat)
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


def _play_default(table: "_Table", seat: Seat) -> bool:
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
        move = table.kind.sensible_move(table.state, seat.position, _rng())
        events = table.check(move)
    table.apply(move, events, cause=GameEvent.Cause.TIMEOUT)
    return True


def _remove_silent_player(table: "_Table", seat: Seat, options) -> None:
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
            game = _lock(game_id)
            if game.status != Game.Status.ACTIVE or game.version != version:
                break
            seats = _seats(game)
            table = _Table(game, seats)
            bot_seat = next(
                (seats[p] for p in table.awaited_seats() if seats[p].bot), None
            )
            if bot_seat is None:
                break
            _play_bot(table, bot_seat)
            table.save(announce=False)
            version = game.version
            moved += 1
        if not table.humans_play() and time.monotonic() - started >= BOT_SLICE_SECONDS:
            break
    if moved:
        _announce(game, bots_owe=table.bots_owe(), humans_play=table.humans_play())
    return moved > 0


def _play_bot(table: "_Table", seat: Seat) -> None:
    """The bot's move; if the bot fails, the default move (and log it)."""
    try:
        history = None
        if seat.bot in table.kind.history_bots:
            history = table.public_history(seat.position)
        move = table.kind.bot_move(
            table.state,
            seat.position,
            seat.bot,
            _rng(),
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


# ---------------------------------------------------------------------------
# The one path every change takes


class _Table:
    """A locked, started game being changed inside one transaction."""

    def __init__(self, game: Game, seats: list[Seat], *, now: datetime | None = None):
        self.game = game
        self.seats = seats
        self.kind = game.game_kind
        self.engine = self.kind.engine
        self.state = game.state()
        self.now = now or timezone.now()
        self.rows: list[GameEvent] = []
        self.checkpoints: list[GameCheckpoint] = []
        self.movers: set[int] = set()
        self.dirty: dict[int, Seat] = {}
        self._reset = False

    def check(self, move) -> list:
        """What the engine decides for `move` (BadMove when it refuses)."""
        try:
            return self.engine.decide(self.state, move, _rng())
        except self.engine.IllegalMove as error:
            raise BadMove(error.message) from error

    def play(self, move, *, cause: str = GameEvent.Cause.PLAYER) -> None:
        """Let the engine decide `move` and apply what happened."""
        self.apply(move, self.check(move), cause=cause)

    def apply(self, move, events, *, cause: str = GameEvent.Cause.PLAYER) -> None:
        self.append(events, seat=move.seat, cause=cause)
        self.movers.add(move.seat)

    def append(self, events, *, seat: int | None, cause: str) -> None:
        for event in events:
            self.state = self.engine.evolve(self.state, event)
            data = self.engine.to_json(event)
            seq = self.game.version + len(self.rows) + 1
            if seq % GameCheckpoint.EVERY == 0:
                state = self.engine.to_json(self.state)
                self.checkpoints.append(
                    GameCheckpoint(game=self.game, seq=seq, state=state)
                )
            self.rows.append(
                GameEvent(
                    game=self.game,
                    seq=seq,
                    type=data["type"],
                    data=data,
                    schema_version=data.get("v", 1),
                    seat=seat,
                    cause=cause,
                    created_at=self.now,
                )
            )

    def public_history(self, position: int) -> list[dict]:
        """The game's events so far (those stored and those of this
        transaction) as the seat at `position` may read them."""
        stored = (
            GameEvent.objects.filter(game=self.game)
            .order_by("seq")
            .values_list("data", flat=True)
        )
        engine = self.engine
        return [
            engine.redact(engine.from_json(data), position)
            for data in (*stored, *(row.data for row in self.rows))
        ]

    def awaited_seats(self) -> list[int]:
        """Seats owing a decision now, in the engine's order, each once."""
        if self.state is None or self.state.over:
            return []
        return list(dict.fromkeys(a.seat for a in self.engine.awaiting(self.state)))

    def bots_owe(self) -> bool:
        return any(self.seats[p].bot for p in self.awaited_seats())

    def humans_play(self) -> bool:
        """Someone at the table waits for the bots (a human still playing)."""
        return any(seat.is_active_player for seat in self.seats)

    def changed(self, seat: Seat) -> None:
        self.dirty[seat.pk] = seat

    def reset_deadlines(self) -> None:
        self._reset = True

    def save(self, *, announce: bool = True) -> None:
        game = self.game
        owed_before = game.deadlines
        standing_answers_apply(self)
        if self.rows:
            GameEvent.objects.bulk_create(self.rows)
            if self.checkpoints:
                GameCheckpoint.objects.bulk_create(self.checkpoints)
            game.version += len(self.rows)
            game.snapshot = self.engine.to_json(self.state)
        if self.state.over:
            game.status = Game.Status.FINISHED
            game.finished_at = self.now
            winners = self.kind.winners(self.state)
            # Several winners (classic's turn limit, a tie) are a shared result.
            if len(winners) == 1:
                game.winner = self.seats[winners[0]]
            game.deadlines = {}
            game.deadline_at = None
        else:
            game.deadlines = self._deadlines()
            game.deadline_at = min(
                (datetime.fromisoformat(e["at"]) for e in game.deadlines.values()),
                default=None,
            )
        game.save()
        for seat in self.dirty.values():
            seat.save(update_fields=["bot", "status", "missed_deadlines"])
        if game.status == Game.Status.FINISHED:
            game_rate(game=game, seats=self.seats)
        decisions_record(
            game=game,
            seats=self.seats,
            before=owed_before,
            movers=self.movers,
            now=self.now,
        )
        if announce:
            _announce(game, bots_owe=self.bots_owe(), humans_play=self.humans_play())
        # What the table answering this change shows needs no query again.
        game.seats_known(self.seats)
        if self.state is not None and game.snapshot is not None:
            game.state_known(self.state)

    def _deadlines(self) -> dict[str, dict[str, str]]:
        """One deadline per awaited seat, kept while it owes the same decision.

        A seat that just moved, or now owes a different kind of decision, gets
        a fresh one: seconds_per_decision from now, or from the player's return
        if they are on vacation.
        """
        previous = {} if self._reset else (self.game.deadlines or {})
        per_decision = timedelta(seconds=self.game.seconds_per_decision)
        bot_due = (self.now + BOT_DUE).isoformat()
        deadlines = {}
        for awaited in self.engine.awaiting(self.state):
            key = str(awaited.seat)
            if key in deadlines:
                continue
            kept = previous.get(key)
            if (
                kept
                and kept["kind"] == awaited.kind
                and awaited.seat not in self.movers
            ):
                deadlines[key] = kept
            else:
                seat = self.seats[awaited.seat]
                start = vacations.decision_start(seat, self.now)
                at = bot_due if seat.bot else (start + per_decision).isoformat()
                deadlines[key] = {"kind": awaited.kind, "at": at}
        return deadlines


def _seats_changed(game: Game) -> None:
    """Move an open game's stamp on, so its waiting room refreshes."""
    game.seat_changes += 1
    game.save(update_fields=["seat_changes"])


def _announce(game: Game, *, bots_owe: bool = False, humans_play: bool = False) -> None:
    """On commit: tell the table's browsers, and queue bots and the deadline.

    The message carries the game's stamp: its version once started, and a
    number that moves with joins and leaves while it waits for players. The
    bots of a table where humans play are queued ahead of games of bots only.
    """
    game_id, version, deadline_at = game.pk, game.stamp, game.deadline_at

    def tell_browsers() -> None:
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(
                f"game-{game_id}", {"type": "game.changed", "version": version}
            )

    def queue_tasks() -> None:
        from games import tasks

        if bots_owe:
            tasks.bots_play_queue(game_id, version, urgent=humans_play)
            return  # The earliest deadline is the bot's: bots_play moves now.
        horizon = getattr(settings, "GAMES_DEADLINE_ETA_HORIZON", DEADLINE_ETA_HORIZON)
        if deadline_at is not None and deadline_at - timezone.now() <= horizon:
            tasks.deadline_expire.apply_async((game_id, version), eta=deadline_at)

    transaction.on_commit(tell_browsers, robust=True)
    transaction.on_commit(queue_tasks, robust=True)


# ---------------------------------------------------------------------------
# Checks


# The reads every change makes, compiled once (mdeal_site.prepared).
_locked_game = Prepared(lambda pk: Game.objects.select_for_update().filter(pk=pk))
_seats_with_devices = Prepared(
    lambda game_id: with_device_flag(
        Seat.objects.filter(game_id=game_id).select_related("user").order_by("position")
    )
)


def _lock(game_id: int) -> Game:
    game = _locked_game.by_id(game_id)
    if game is None:
        raise GameNotFound()
    return game


def _seats(game: Game) -> list[Seat]:
    """The seats by position, users loaded, each saying whether its user has a
    Web Push device (for the notifications a change owes, with no query)."""
    seats = _seats_with_devices(game.pk)
    for seat in seats:
        seat.game = game
    return seats


def _require_user(user) -> None:
    if user is None or not getattr(user, "is_authenticated", False):
        raise NotAPlayer("Sign in to play.")


def _player_seat(seats: list[Seat], user) -> Seat:
    """The user's seat if they may still move there."""
    user_id = getattr(user, "pk", None)
    for seat in seats:
        if user_id is not None and seat.user_id == user_id and seat.is_active_player:
            return seat
    raise NotAPlayer()


def _require_creator(game: Game, user) -> None:
    if game.created_by_id != getattr(user, "pk", None):
        raise NotYourGame()


def _require_open(game: Game) -> None:
    if game.status == Game.Status.ACTIVE:
        raise GameNotOpen("This game has already started.")
    if game.status != Game.Status.OPEN:
        raise GameNotOpen("This game is over.")


def _require_active(game: Game) -> None:
    if game.status == Game.Status.OPEN:
        raise GameNotActive("This game has not started yet.")
    if game.status != Game.Status.ACTIVE:
        raise GameNotActive("This game is over.")


def _require_version(game: Game, version) -> None:
    try:
        seen = int(version)
    except (TypeError, ValueError):
        raise StaleVersion() from None
    if seen != game.version:
        raise StaleVersion()


def _clean_options(options, engine=engine):
    if options is None:
        return engine.Options()
    if isinstance(options, engine.Options):
        rule_options = options
    elif isinstance(options, dict):
        try:
            rule_options = engine.Options.from_json(options)
        except (TypeError, ValueError) as error:
            raise BadSettings() from error
    else:
        raise BadSettings()
    for field in dataclasses.fields(rule_options):
        value = getattr(rule_options, field.name)
        default = field.default
        if isinstance(default, bool) and not isinstance(value, bool):
            raise BadSettings()
        # A count that is on by default (missed deadlines) is at least 1; one
        # that is off by default (classic's turn limit) may stay 0.
        least = 1 if type(default) is int and default >= 1 else 0
        if type(default) is int and (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not least <= value <= MOVE_NUMBER_MAX
        ):
            raise BadSettings()
    return rule_options


# Far past any number a move holds (a card id, a seat, a set index): a larger
# one is forged, and is refused before the engine, or a sentence quoting it, sees
# a number too long to print.
MOVE_NUMBER_MAX = 1_000_000


def _parse_move(move, *, seat: int, engine=engine):
    """A well-formed engine Move for `seat`, from a Move or its JSON.

    Fields are checked against the Move's type hints (ints, colours, tuples of
    ints, None where allowed; no negative or huge numbers), so forged data is
    refused here rather than surprising the engine.
    """
    if isinstance(move, dict):
        named = move.get("seat", seat)
        if type(named) is not int or named != seat:
            raise BadMove()  # a seat is only ever one's own
        try:
            move = engine.from_json({**move, "seat": seat})
        except Exception as error:
            raise BadMove() from error
    if not isinstance(move, engine.Move) or type(move) is engine.Move:
        raise BadMove()
    hints = typing.get_type_hints(type(move))
    cleaned = {}
    for field in dataclasses.fields(move):
        if field.name == "seat":
            continue
        ok, value = _conform(getattr(move, field.name), hints[field.name])
        if not ok:
            raise BadMove()
        cleaned[field.name] = value
    return dataclasses.replace(move, seat=seat, **cleaned)


def _conform(value, hint) -> tuple[bool, Any]:
    """(whether `value` fits the type `hint`, the value in that type)."""
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        for option in typing.get_args(hint):
            ok, converted = _conform(value, option)
            if ok:
                return True, converted
        return False, None
    if hint is type(None):
        return value is None, None
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, (tuple, list)) or len(args) != 2 or args[1] != ...:
            return False, None
        items = [_conform(item, args[0]) for item in value]
        if not all(ok for ok, _ in items):
            return False, None
        return True, tuple(item for _, item in items)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return True, hint(value)
        except ValueError:
            return False, None
    if hint is int:
        ok = (
            isinstance(value, int)
            and not isinstance(value, bool)
            and 0 <= value <= MOVE_NUMBER_MAX
        )
        return ok, value
    if isinstance(hint, type):
        return isinstance(value, hint), value
    return True, value
