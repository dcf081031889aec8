"""A player's own moves: play, answer a charge, set standing answers, resign.

Each locks the table, checks the player's seat and the version they saw
(`_own_move`), reads what they sent into a well-formed engine Move
(`_parse_move`: forged data is refused before the engine sees it), and plays
it on the write path (`Table`).
"""

import contextlib
import dataclasses
import enum
import types
import typing
from typing import TYPE_CHECKING, Any

from django.db import transaction

from games.errors import BadMove, GameNotActive, NotAPlayer, StaleVersion
from games.models import Game, Seat
from games.services.standing import is_charge, standing_answers_apply
from games.services.table import Table, game_lock, game_seats

if TYPE_CHECKING:
    from accounts.models import User


NOT_YOUR_SEAT = "That move names another seat: you play only your own."


def move_submit(
    *, game_id: int, user: "User", move: "Any | dict[str, Any]", version: int
) -> Game:
    """Play `move` for `user`'s seat, if the table is still at `version`.

    `move` is an engine Move or its JSON (engine `to_json`). The seat is always
    the user's own: JSON naming another seat is refused (`NOT_YOUR_SEAT`), an
    engine Move's seat is overwritten. Data that is not a well-formed move is
    refused with "That move is not understood."; a move the rules refuse with
    the engine's sentence. The game returned holds its seats and state
    (`Game.seats_known`), so the table answering the move costs no query for
    them.
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
                # The engine's default move for a payment owed is its suggestion.
                table.play(rules.default_move(table.state, seat.position))
            else:
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
        game = game_lock(game_id)
        seats = game_seats(game)
        seat = _player_seat(seats, user)
        seat.accept_charges = accept_charges
        seat.pay_suggested = pay_suggested
        seat.save(update_fields=["accept_charges", "pay_suggested"])
        if game.status == Game.Status.ACTIVE:
            table = Table(game, seats)
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
        game = game_lock(game_id)
        seats = game_seats(game)
        seat = _player_seat(seats, user)
        _require_active(game)
        if not any_version:
            _require_version(game, version)
        table = Table(game, seats)
        yield table, seat
        _after_own_move(table, seat)
        table.save()


def _after_own_move(table: "Table", seat: Seat) -> None:
    if seat.missed_deadlines:
        seat.missed_deadlines = 0
        table.changed(seat)
    if table.kind.has_left(table.state, seat.position):
        seat.status = Seat.Status.RESIGNED
        table.changed(seat)


def _player_seat(seats: list[Seat], user) -> Seat:
    """The user's seat if they may still move there."""
    user_id = getattr(user, "pk", None)
    for seat in seats:
        if user_id is not None and seat.user_id == user_id and seat.is_active_player:
            return seat
    raise NotAPlayer()


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


# Far past any number a move holds (a card id, a seat, a set index): a larger
# one is forged, and is refused before the engine, or a sentence quoting it, sees
# a number too long to print.
MOVE_NUMBER_MAX = 1_000_000


def _parse_move(move, *, seat: int, engine):
    """A well-formed engine Move for `seat`, from a Move or its JSON.

    Fields are checked against the Move's type hints (ints, colours, tuples of
    ints, None where allowed; no negative or huge numbers), so forged data is
    refused here rather than surprising the engine.
    """
    named = seat  # an engine Move's seat is overwritten below
    if isinstance(move, dict):
        named = move.get("seat", seat)
        if type(named) is not int:
            raise BadMove()
        try:
            move = engine.from_json({**move, "seat": seat})
        except Exception as error:
            raise BadMove() from error
    if not isinstance(move, engine.Move) or type(move) is engine.Move:
        raise BadMove()
    if named != seat:  # a seat is only ever one's own
        raise BadMove(NOT_YOUR_SEAT)
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
