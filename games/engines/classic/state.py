"""The state of a classic game: frozen records of tuples."""

from dataclasses import dataclass, replace

from ..plumbing import JsonOptions, NumberRule
from .board import BOARD, HOTEL, HOTELS, HOUSES, START_CASH

__all__ = ["replace"]


@dataclass(frozen=True, slots=True)
class Options(JsonOptions):
    """The house rules of RULES-CLASSIC.md; all off (and $1500) is official play."""

    free_parking_jackpot: bool = False
    double_salary: bool = False
    no_auctions: bool = False
    rent_must_be_claimed: bool = False
    uneven_building: bool = False
    starting_cash: int = START_CASH
    turn_limit: int = 0  # rounds; 0 is no limit
    short_game: bool = False
    bot_replaces_leaver: bool = False
    max_missed_deadlines: int = 3


OPTION_LABELS: dict[str, str] = {
    "free_parking_jackpot": "Taxes, card payments to the bank and jail fines go "
    "into a pot; landing on Free Parking takes it.",
    "double_salary": "Landing exactly on GO pays $400.",
    "no_auctions": "A declined property stays with the bank (no auction).",
    "rent_must_be_claimed": "Rent is paid only if the owner claims it before the "
    "next player rolls.",
    "uneven_building": "Houses may be built and sold regardless of the rest of "
    "the group.",
    "short_game": "The game ends at the first bankruptcy; the highest net worth wins.",
    "bot_replaces_leaver": "A player retired for missed deadlines is replaced by "
    "a bot.",
}
OPTION_NUMBERS: dict[str, NumberRule] = {
    "turn_limit": NumberRule(
        "Turn limit: rounds, then the highest net worth wins (blank: no limit)",
        "The game ends after {n} rounds; the highest net worth wins.",
        1,
        1000,
    ),
    "starting_cash": NumberRule(
        "Starting cash in dollars (blank: $1,500)",
        "Each player starts with ${n:,}.",
        100,
        100_000,
    ),
}

# The active player's stage of their turn.
JAIL_START = "jail"  # in jail, before deciding how to try to leave
ROLL = "roll"  # to roll (start of turn, or again after doubles)
END = "end"  # to end the turn
OVER = "over"


@dataclass(frozen=True, slots=True)
class Player:
    cash: int
    position: int = 0
    in_jail: bool = False
    jail_turns: int = 0  # failed tries to roll out during this stay
    jail_cards: tuple[str, ...] = ()
    out: bool = False


@dataclass(frozen=True, slots=True)
class Debt:
    """A payment the payer could not make at once; the game waits on them."""

    seat: int
    creditors: tuple[int, ...]  # () is the bank; several: a share each
    amount: int
    reason: str
    pot: bool = False  # paid into the Free Parking pot (house rule)
    then_move: int = 0  # steps to move once paid (the third failed jail roll)
    # What it is for, told to the payer: the square of a rent or a tax, the
    # card drawn. Debts from before these fields have neither.
    space: int | None = None
    card: str = ""


@dataclass(frozen=True, slots=True)
class SealedBid:
    seat: int
    amounts: tuple[int, ...]  # one per lot, 0 for no bid on that lot


@dataclass(frozen=True, slots=True)
class Sale:
    space: int
    seat: int
    price: int


@dataclass(frozen=True, slots=True)
class Auction:
    lots: tuple[int, ...]  # board order
    bidders: tuple[int, ...]  # seats that have not yet bid or passed
    bids: tuple[SealedBid, ...] = ()
    first: int = 0  # ties go in seat order from this seat


@dataclass(frozen=True, slots=True)
class Offer:
    """A trade offer from `seat` to `to`: what each side gives."""

    id: int
    seat: int
    to: int
    give_cash: int = 0
    give_deeds: tuple[int, ...] = ()
    give_cards: tuple[str, ...] = ()
    get_cash: int = 0
    get_deeds: tuple[int, ...] = ()
    get_cards: tuple[str, ...] = ()
    lift: tuple[int, ...] = ()  # mortgaged deeds whose receiver lifts at once


@dataclass(frozen=True, slots=True)
class Claim:
    """Rent that must be claimed (house rule) before the next player rolls."""

    owner: int
    payer: int
    space: int
    amount: int
    turn: int


@dataclass(frozen=True, slots=True)
class Inheritance:
    """Mortgaged deeds received in a bankruptcy: lift each now or keep it (10%)."""

    seat: int
    spaces: tuple[int, ...]


_NO_OWNERS: tuple[int | None, ...] = (None,) * len(BOARD)


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    players: tuple[Player, ...]
    chance: tuple[str, ...]  # top first
    chest: tuple[str, ...]
    owner: tuple[int | None, ...] = _NO_OWNERS  # per space; None: the bank
    mortgaged: tuple[bool, ...] = (False,) * len(BOARD)
    levels: tuple[int, ...] = (0,) * len(BOARD)  # 1-4 houses, 5 a hotel
    houses: int = HOUSES  # the bank's stock
    hotels: int = HOTELS
    first: int = 0
    active: int = 0
    stage: str = ROLL
    doubles: int = 0  # doubles rolled this turn
    last_roll: tuple[int, ...] = ()
    for_sale: int | None = None  # a space the active player may buy now
    auction: Auction | None = None
    debts: tuple[Debt, ...] = ()
    inheritance: Inheritance | None = None
    offers: tuple[Offer, ...] = ()
    next_offer: int = 1
    claims: tuple[Claim, ...] = ()
    pot: int = 0
    turn: int = 0  # turns started so far
    round: int = 0  # rounds started so far
    winners: tuple[int, ...] = ()
    end_reason: str = ""

    @property
    def over(self) -> bool:
        return self.stage == OVER

    def remaining(self) -> tuple[int, ...]:
        """Seats still in the game."""
        return tuple(i for i, p in enumerate(self.players) if not p.out)

    def next_seat(self, seat: int) -> int:
        n = len(self.players)
        for step in range(1, n + 1):
            s = (seat + step) % n
            if not self.players[s].out:
                return s
        return seat

    def deeds(self, seat: int) -> tuple[int, ...]:
        return tuple(i for i, o in enumerate(self.owner) if o == seat)

    def in_debt(self, seat: int) -> bool:
        return any(d.seat == seat for d in self.debts)

    def buildings(self, seat: int) -> tuple[int, int]:
        """(houses, hotels) standing on this seat's sites."""
        houses = hotels = 0
        for i in self.deeds(seat):
            level = self.levels[i]
            if level == HOTEL:
                hotels += 1
            else:
                houses += level
        return houses, hotels
