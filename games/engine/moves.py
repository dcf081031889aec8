"""What a player asks to do: imperative, frozen, keyword fields."""

from dataclasses import dataclass, fields

from .cards import Colour


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


_FIELDS: dict[type[Move], tuple[str, ...]] = {
    cls: tuple(f.name for f in fields(cls)) for cls in MOVE_TYPES
}
_MADE: dict[tuple, Move] = {}
_MADE_LIMIT = 200_000


def made(cls: type[Move], *values) -> Move:
    """cls with these field values in order, the same object each time: moves are
    frozen values, and legal_moves lists the same ones turn after turn, so
    building each once spares the frozen dataclass's slow __init__."""
    key = (cls, *values)
    move = _MADE.get(key)
    if move is None:
        if len(_MADE) >= _MADE_LIMIT:
            _MADE.clear()
        move = _MADE[key] = cls(**dict(zip(_FIELDS[cls], values, strict=False)))
    return move


def key(move: Move) -> tuple:
    """`move` as the tuple `made` builds it from: its class, then its fields."""
    cls = type(move)
    return (cls, *[getattr(move, name) for name in _FIELDS[cls]])
