"""What happened: past tense, frozen, keyword fields, dice and decks included."""

from dataclasses import dataclass

from .state import Debt, Offer, Options, Sale, SealedBid

SCHEMA_VERSION = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class GameStarted(Event):
    seats: int
    first: int
    chance: tuple[str, ...]  # the shuffled decks, top first
    chest: tuple[str, ...]
    options: Options


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnStarted(Event):
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceRolled(Event):
    seat: int
    dice: tuple[int, ...]
    purpose: str = "move"  # move, jail (for doubles), rent (a utility's rent)


@dataclass(frozen=True, slots=True, kw_only=True)
class TokenMoved(Event):
    seat: int
    to: int
    backward: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class SalaryCollected(Event):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SentToJail(Event):
    seat: int
    reason: str  # space, card, doubles


@dataclass(frozen=True, slots=True, kw_only=True)
class LeftJail(Event):
    seat: int
    how: str  # card, fine, doubles, third try


@dataclass(frozen=True, slots=True, kw_only=True)
class StayedInJail(Event):
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PurchaseOffered(Event):
    seat: int
    space: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PropertyBought(Event):
    seat: int
    space: int
    price: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PurchaseDeclined(Event):
    seat: int
    space: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AuctionOpened(Event):
    lots: tuple[int, ...]
    bidders: tuple[int, ...]
    first: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BidPlaced(Event):
    seat: int
    amounts: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class BidPassed(Event):
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AuctionClosed(Event):
    bids: tuple[SealedBid, ...]
    sales: tuple[Sale, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class MoneyPaid(Event):
    """`seat` pays `to`; None on either side is the bank."""

    seat: int | None
    to: int | None
    amount: int
    reason: str
    pot: bool = False  # into the Free Parking pot instead of the bank


@dataclass(frozen=True, slots=True, kw_only=True)
class PotCollected(Event):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RentClaimable(Event):
    seat: int  # the owner
    payer: int
    space: int
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RentClaimed(Event):
    seat: int
    space: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDrawn(Event):
    seat: int
    card: str


@dataclass(frozen=True, slots=True, kw_only=True)
class JailCardReturned(Event):
    seat: int
    card: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BuildingBuilt(Event):
    seat: int
    space: int
    cost: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BuildingsSold(Event):
    seat: int
    group: str
    levels: tuple[int, ...]  # the new levels, in group order
    refund: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BuildingsReturned(Event):
    """A bankrupt's buildings go back to the bank's stock, unpaid."""

    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PropertyMortgaged(Event):
    seat: int
    space: int
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class MortgageLifted(Event):
    seat: int
    space: int
    cost: int


@dataclass(frozen=True, slots=True, kw_only=True)
class MortgagesKept(Event):
    """The received mortgaged deeds not lifted stay mortgaged (10% is due)."""

    seat: int
    spaces: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DebtOpened(Event):
    debt: Debt


@dataclass(frozen=True, slots=True, kw_only=True)
class DebtSettled(Event):
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerBankrupt(Event):
    """Out of the game. creditors: one player, several (a share of the cash
    each, odd dollars to the bank, the rest to the bank), or () the bank."""

    seat: int
    creditors: tuple[int, ...]
    resigned: bool = False
    # What the bankrupt held as they left (cash after any buildings were
    # sold): told in the history line. Events from before these are empty.
    cash: int = 0
    deeds: tuple[int, ...] = ()
    cards: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class MortgagesReceived(Event):
    seat: int
    spaces: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class OfferMade(Event):
    offer: Offer


# An offer's end names its two seats (offerer, then receiver), so that
# describe and redact tell it only to them ("An open trade offer is seen only
# by its two parties"). Events from before this field have it empty.


@dataclass(frozen=True, slots=True, kw_only=True)
class OfferDeclined(Event):
    seat: int
    offer: int
    between: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class OfferWithdrawn(Event):
    seat: int
    offer: int
    between: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class OfferVoided(Event):
    offer: int
    reason: str  # why the check failed: it names what the offer held
    between: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class TradeCompleted(Event):
    """The offer carried out: cash, deeds and cards change hands."""

    offer: Offer


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnEnded(Event):
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GameWon(Event):
    seats: tuple[int, ...]  # several: a shared win
    reason: str  # last player, turn limit, short game


EVENT_TYPES: tuple[type[Event], ...] = tuple(
    cls
    for cls in list(globals().values())
    if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event
)
