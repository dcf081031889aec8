"""What a player asks to do: imperative, frozen, keyword fields, all with `seat`."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Move:
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Roll(Move):
    """Roll the dice: to move, or from jail to try for doubles."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PayJailFine(Move):
    """Pay $50 to leave jail before rolling."""


@dataclass(frozen=True, slots=True, kw_only=True)
class UseJailCard(Move):
    """Use a Get Out of Jail Free card before rolling."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Buy(Move):
    """Buy the property just reached at its price."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclineBuy(Move):
    """Do not buy it: it goes to auction."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Bid(Move):
    """A sealed bid: one amount per lot of the auction, 0 for none."""

    amounts: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PassBid(Move):
    """Bid nothing in the open auction."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Build(Move):
    """Put the next building (a house, or the hotel) on a site."""

    space: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SellBuildings(Move):
    """Sell buildings of one group back to the bank: new levels, in group order."""

    group: str
    levels: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Mortgage(Move):
    space: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Unmortgage(Move):
    space: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RaiseAndPay(Move):
    """Raise money for the debt in the default order, and pay it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LiftMortgages(Move):
    """Of the mortgaged deeds received, lift these now; keep the rest (10%)."""

    spaces: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class OfferTrade(Move):
    to: int
    give_cash: int = 0
    give_deeds: tuple[int, ...] = ()
    give_cards: tuple[str, ...] = ()
    get_cash: int = 0
    get_deeds: tuple[int, ...] = ()
    get_cards: tuple[str, ...] = ()
    lift: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class AcceptOffer(Move):
    offer: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclineOffer(Move):
    offer: int


@dataclass(frozen=True, slots=True, kw_only=True)
class WithdrawOffer(Move):
    offer: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimRent(Move):
    """Claim rent owed on a space (house rule "Rent must be claimed")."""

    space: int


@dataclass(frozen=True, slots=True, kw_only=True)
class EndTurn(Move):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Resign(Move):
    pass


MOVE_TYPES: tuple[type[Move], ...] = (
    Roll,
    PayJailFine,
    UseJailCard,
    Buy,
    DeclineBuy,
    Bid,
    PassBid,
    Build,
    SellBuildings,
    Mortgage,
    Unmortgage,
    RaiseAndPay,
    LiftMortgages,
    OfferTrade,
    AcceptOffer,
    DeclineOffer,
    WithdrawOffer,
    ClaimRent,
    EndTurn,
    Resign,
)
