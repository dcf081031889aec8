"""What happened: past tense, frozen, keyword fields, random outcomes included."""

from dataclasses import dataclass

from .cards import Colour
from .state import Options, quick_init

SCHEMA_VERSION = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class GameStarted(Event):
    seats: int
    order: tuple[int, ...]  # the shuffled deck, top first
    first: int
    options: Options


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsDealt(Event):
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnStarted(Event):
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsDrawn(Event):
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DeckReshuffled(Event):
    """The discard pile, shuffled, goes under what is left of the draw pile."""

    order: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CardBanked(Event):
    seat: int
    card: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PropertyPlayed(Event):
    seat: int
    card: int
    colour: Colour
    set_index: int  # == number of sets: a new set


@dataclass(frozen=True, slots=True, kw_only=True)
class WildMoved(Event):
    seat: int
    card: int
    colour: Colour
    set_index: int  # among the sets left once the card is lifted; == len: new set


@dataclass(frozen=True, slots=True, kw_only=True)
class RentCharged(Event):
    seat: int
    card: int
    colour: Colour
    set_index: int
    targets: tuple[int, ...]
    amount: int
    base: int
    doubles: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class DebtCharged(Event):
    seat: int
    card: int
    target: int
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BirthdayCharged(Event):
    seat: int
    card: int
    targets: tuple[int, ...]
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PassGoPlayed(Event):
    seat: int
    card: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SlyDealPlayed(Event):
    seat: int
    card: int
    target: int
    take: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ForcedDealPlayed(Event):
    seat: int
    card: int
    target: int
    take: int
    give: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DealBreakerPlayed(Event):
    seat: int
    card: int
    target: int
    set_index: int
    colour: Colour | None = None  # the set's colour, for the history


@dataclass(frozen=True, slots=True, kw_only=True)
class BuildingPlayed(Event):
    seat: int
    card: int
    set_index: int


@dataclass(frozen=True, slots=True, kw_only=True)
class JustSayNoPlayed(Event):
    """`target`: the player the pending action hits, whose chain this joins."""

    seat: int
    card: int
    target: int
    costs_play: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Accepted(Event):
    """A target lets the action happen, or the actor lets a target's no stand."""

    seat: int
    target: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PaymentMade(Event):
    seat: int
    to: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PropertyTaken(Event):
    """Sly Deal resolved: `seat` takes `card` from `target`."""

    seat: int
    target: int
    card: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PropertiesSwapped(Event):
    """Forced Deal resolved: `seat` takes `take` from `target` and gives `give`."""

    seat: int
    target: int
    take: int
    give: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SetTaken(Event):
    """Deal Breaker resolved: `seat` takes `target`'s set with its buildings."""

    seat: int
    target: int
    set_index: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandLimitReached(Event):
    seat: int
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandDiscarded(Event):
    seat: int
    cards: tuple[int, ...]
    to_draw_pile: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnEnded(Event):
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerResigned(Event):
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GameWon(Event):
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GameDrawn(Event):
    """Nothing could be drawn or played for a whole round: nobody wins."""


EVENT_TYPES: tuple[type[Event], ...] = (
    GameStarted,
    CardsDealt,
    TurnStarted,
    CardsDrawn,
    DeckReshuffled,
    CardBanked,
    PropertyPlayed,
    WildMoved,
    RentCharged,
    DebtCharged,
    BirthdayCharged,
    PassGoPlayed,
    SlyDealPlayed,
    ForcedDealPlayed,
    DealBreakerPlayed,
    BuildingPlayed,
    JustSayNoPlayed,
    Accepted,
    PaymentMade,
    PropertyTaken,
    PropertiesSwapped,
    SetTaken,
    HandLimitReached,
    HandDiscarded,
    TurnEnded,
    PlayerResigned,
    GameWon,
    GameDrawn,
)

for _event_type in EVENT_TYPES:
    quick_init(_event_type)
