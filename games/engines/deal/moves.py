"""What a player asks to do: imperative, frozen, keyword fields."""

import typing
from dataclasses import dataclass, fields
from functools import cache

from ..errors import IllegalMove
from .cards import Colour
from .state import quick_init


@dataclass(frozen=True, slots=True, kw_only=True)
class Move:
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BankCard(Move):
    card: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayProperty(Move):
    card: int
    colour: Colour
    set_index: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveWild(Move):
    card: int
    colour: Colour
    set_index: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ChargeRent(Move):
    card: int
    colour: Colour
    set_index: int | None = None
    target: int | None = None
    doubles: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class CollectDebt(Move):
    card: int
    target: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Birthday(Move):
    card: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PassGo(Move):
    card: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SlyDeal(Move):
    card: int
    target: int
    take: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ForcedDeal(Move):
    card: int
    target: int
    take: int
    give: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DealBreaker(Move):
    card: int
    target: int
    set_index: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Build(Move):
    card: int
    set_index: int


@dataclass(frozen=True, slots=True, kw_only=True)
class EndTurn(Move):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Discard(Move):
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SayNo(Move):
    """Play a Just Say No in answer. `target`: the actor names whose no it answers."""

    card: int
    target: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Accept(Move):
    """Let it happen. `target`: the actor names whose no it accepts."""

    target: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Pay(Move):
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Resign(Move):
    pass


MOVE_TYPES: tuple[type[Move], ...] = (
    BankCard,
    PlayProperty,
    MoveWild,
    ChargeRent,
    CollectDebt,
    Birthday,
    PassGo,
    SlyDeal,
    ForcedDeal,
    DealBreaker,
    Build,
    EndTurn,
    Discard,
    SayNo,
    Accept,
    Pay,
    Resign,
)
for _move_type in MOVE_TYPES:
    quick_init(_move_type)


_FIELDS: dict[type[Move], tuple[str, ...]] = {
    cls: tuple(f.name for f in fields(cls)) for cls in MOVE_TYPES
}
_MADE: dict[tuple, Move] = {}
_MADE_LIMIT = 200_000
# The moves made() keeps that are well formed, by id: made() keeps each alive,
# so no other object can have its id while it is here.
_FORMED: dict[int, Move] = {}


def made(cls: type[Move], *values) -> Move:
    """cls with these field values in order, the same object each time: moves are
    frozen values, and legal_moves lists the same ones turn after turn, so
    building each once spares the frozen dataclass's slow __init__ (and
    check_formed's look at its fields)."""
    return from_key((cls, *values))


def from_key(key: tuple) -> Move:
    """made(*key): the move a `key` tuple (its class, then its field values)
    stands for, without unpacking and packing the tuple again."""
    move = _MADE.get(key)
    if move is None:
        if len(_MADE) >= _MADE_LIMIT:
            _MADE.clear()
            _FORMED.clear()
        cls = key[0]
        move = _MADE[key] = cls(**dict(zip(_FIELDS[cls], key[1:], strict=False)))
        try:
            well_formed(move)
        except IllegalMove:
            pass  # decide refuses it, as any other
        else:
            _FORMED[id(move)] = move
    return move


def check_formed(move: Move) -> None:
    """well_formed(move), at once for a move made() has looked at."""
    if _FORMED.get(id(move)) is not move:
        well_formed(move)


def key(move: Move) -> tuple:
    """`move` as the tuple `made` builds it from: its class, then its fields."""
    cls = type(move)
    return (cls, *[getattr(move, name) for name in _FIELDS[cls]])


@cache
def _shapes(cls: type) -> tuple[tuple[str, str], ...]:
    """(field, shape) for the fields of a move that hold card, seat or set
    numbers: "int", "int?" (or None) and "ints" (a tuple or list of them).
    Colours are checked where they are read, with a sentence of their own."""
    hints = typing.get_type_hints(cls)
    shapes = {int: "int", int | None: "int?", tuple[int, ...]: "ints"}
    return tuple(
        (f.name, shapes[hints[f.name]]) for f in fields(cls) if hints[f.name] in shapes
    )


_INT_ONLY = {int}


def _is_int(value) -> bool:
    return type(value) is int  # not a bool, a string or a float


def well_formed(move: Move) -> None:
    """Every number is an int, every list of cards a tuple or list of ints."""
    for name, shape in _shapes(type(move)):
        value = getattr(move, name)
        if shape == "int":
            ok = _is_int(value)
        elif shape == "int?":
            ok = value is None or _is_int(value)
        else:
            ok = type(value) in (tuple, list) and set(map(type, value)) <= _INT_ONLY
        if not ok:
            raise IllegalMove("That move is not well formed.")
