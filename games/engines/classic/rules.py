"""setup, decide, awaiting, legal_moves, default_move: RULES-CLASSIC.md."""

import random
import typing
from dataclasses import dataclass, fields
from functools import cache

from ..plumbing import fold
from . import events as ev
from . import moves as mv
from .board import (
    BOARD,
    COLOUR_GROUPS,
    GO,
    GO_TO_JAIL,
    GROUPS,
    HOTEL,
    JAIL_FINE,
    JAIL_TRIES,
    RAILROAD,
    RAILROAD_RENT,
    RAILROADS,
    SALARY,
    SPACES_ON_BOARD,
    STREET,
    UTILITIES,
    UTILITY,
    UTILITY_TIMES,
    group_of,
)
from .cards import (
    ADVANCE_TO,
    BACK_3,
    BANK_PAYS,
    BIRTHDAY,
    BIRTHDAY_GIFT,
    CHAIRMAN,
    CHAIRMAN_PAYS,
    CHANCE,
    CHANCE_CARDS,
    CHEST_CARDS,
    GO_TO_JAIL_CARDS,
    JAIL_FREE,
    NEXT_RAILROAD,
    NEXT_UTILITY,
    PAY_BANK,
    REPAIRS,
)
from .errors import IllegalMove
from .evolve import evolve, stock_of
from .state import END, JAIL_START, ROLL, Debt, Options, Sale, State

MIN_SEATS, MAX_SEATS = 2, 8
# Payments to the bank that feed the Free Parking pot (house rule).
POT_REASONS = frozenset({"tax", "card", "fine"})


@dataclass(frozen=True, slots=True)
class Awaiting:
    """A decision a seat owes now."""

    seat: int
    kind: str  # jail, roll, end, buy, bid, pay, mortgages, answer
    detail: str = ""
    amount: int | None = None
    to: tuple[int, ...] | None = None
    space: int | None = None
    offer: int | None = None


class _Builder:
    """Emit events one by one, keeping the state they lead to."""

    __slots__ = ("events", "rng", "state")

    def __init__(self, state: State | None, rng: random.Random | None) -> None:
        self.state = state
        self.rng = rng
        self.events: list[ev.Event] = []

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)


# Setting up ------------------------------------------------------------------


def setup(seats: int, options: Options, rng: random.Random) -> list[ev.Event]:
    """RULES-CLASSIC.md: "2 to 8 players. Each starts with $1500 cash ... The
    Chance and Community Chest decks are shuffled once at the start ... the first
    player is drawn at random"."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise IllegalMove("A game needs 2 to 8 players.")
    chance = [c.id for c in CHANCE_CARDS]
    chest = [c.id for c in CHEST_CARDS]
    rng.shuffle(chance)
    rng.shuffle(chest)
    first = rng.randrange(seats)
    b = _Builder(None, rng)
    b.emit(
        ev.GameStarted(
            seats=seats,
            first=first,
            chance=tuple(chance),
            chest=tuple(chest),
            options=options,
        )
    )
    _start_turn(b, first)
    return b.events


def replay(events) -> State:
    """The state the events lead to: reduce(evolve, events, None)."""
    return fold(evolve, events)


def new_game(seats: int, seed: int, options: Options | None = None) -> State:
    """A new game, shuffled and drawn from `seed`."""
    return replay(setup(seats, options or Options(), random.Random(seed)))


# Figures ---------------------------------------------------------------------


def is_doubles(dice) -> bool:
    return len(dice) == 2 and dice[0] == dice[1]


def holds_group(state: State, seat: int, space: int) -> bool:
    return all(state.owner[i] == seat for i in group_of(space))


def rent_for(state: State, space: int, dice_total: int = 0, card: str = "") -> int:
    """RULES-CLASSIC.md "Rent": the table's rent for the buildings standing,
    doubled on a full unimproved group; railroads by count, utilities by dice."""
    sp = BOARD[space]
    owner = state.owner[space]
    if sp.kind == STREET:
        level = state.levels[space]
        if level:
            return sp.rents[level]
        return sp.rents[0] * (2 if holds_group(state, owner, space) else 1)
    count = sum(state.owner[i] == owner for i in group_of(space))
    if sp.kind == RAILROAD:
        return RAILROAD_RENT[count] * (2 if card in NEXT_RAILROAD else 1)
    times = 10 if card == NEXT_UTILITY else UTILITY_TIMES[count]
    return times * dice_total


def raisable(state: State, seat: int) -> int:
    """What a seat could raise: half the house cost of every building level plus
    the mortgage value of every unmortgaged deed."""
    total = 0
    for i in state.deeds(seat):
        sp = BOARD[i]
        total += state.levels[i] * sp.house_cost // 2
        if not state.mortgaged[i]:
            total += sp.mortgage_value
    return total


def net_worth(state: State, seat: int) -> int:
    """Cash + price of each unmortgaged deed + half the price of each mortgaged
    one + the house cost for each house + five times it for each hotel."""
    total = state.players[seat].cash
    for i in state.deeds(seat):
        sp = BOARD[i]
        total += sp.price // 2 if state.mortgaged[i] else sp.price
        total += state.levels[i] * sp.house_cost
    return total


def _group_built(state: State, space: int) -> bool:
    return any(state.levels[i] for i in group_of(space))


def _open_matters(state: State) -> bool:
    """A buy decision, auction, debt or received mortgages are open."""
    return (
        state.for_sale is not None
        or state.auction is not None
        or bool(state.debts)
        or state.inheritance is not None
    )


def may_manage(state: State, seat: int) -> bool:
    """ "Managing (build, sell buildings, mortgage, unmortgage): the active
    player, whenever the game waits on them to roll or to end the turn and no
    buy decision, auction or debt is open"."""
    return (
        seat == state.active
        and not state.over
        and state.stage in (JAIL_START, ROLL, END)
        and not _open_matters(state)
    )


def may_raise(state: State, seat: int) -> bool:
    """Raising cash (sell buildings, mortgage): managing, the active player
    deciding whether to buy, any player owing a debt, an auction bidder before
    they bid (and, a reading, a player deciding on received mortgages)."""
    if may_manage(state, seat) or state.in_debt(seat):
        return True
    if state.inheritance is not None:
        return state.inheritance.seat == seat
    if state.debts:
        return False
    if state.auction is not None:
        return seat in state.auction.bidders
    return state.for_sale is not None and seat == state.active


# The flow of a turn ----------------------------------------------------------


def _starts_round(state: State, seat: int) -> bool:
    n = len(state.players)
    return (
        state.turn == 0 or (seat - state.first) % n <= (state.active - state.first) % n
    )


def _start_turn(b: _Builder, seat: int) -> None:
    """With the turn limit on, the game ends after the set number of rounds."""
    s = b.state
    limit = s.options.turn_limit
    if limit and _starts_round(s, seat) and s.round >= limit:
        _finish_by_worth(b, "turn limit")
        return
    b.emit(ev.TurnStarted(seat=seat))


def _finish_by_worth(b: _Builder, reason: str) -> None:
    """The highest net worth wins; a tie goes to more cash; still tied, shared."""
    s = b.state
    key = {seat: (net_worth(s, seat), s.players[seat].cash) for seat in s.remaining()}
    best = max(key.values())
    b.emit(ev.GameWon(seats=tuple(x for x in key if key[x] == best), reason=reason))


def _end_turn(b: _Builder) -> None:
    seat = b.state.active
    b.emit(ev.TurnEnded(seat=seat))
    _start_turn(b, b.state.next_seat(seat))


def _roll(b: _Builder) -> tuple[int, int]:
    return (b.rng.randint(1, 6), b.rng.randint(1, 6))


def _salary(b: _Builder, seat: int, to: int) -> None:
    double = b.state.options.double_salary and to == GO
    b.emit(ev.SalaryCollected(seat=seat, amount=SALARY * (2 if double else 1)))


def _move(b: _Builder, seat: int, steps: int) -> None:
    """Move forward by the dice; passing or landing on GO pays $200 first."""
    start = b.state.players[seat].position
    to = (start + steps) % SPACES_ON_BOARD
    b.emit(ev.TokenMoved(seat=seat, to=to))
    if to < start:
        _salary(b, seat, to)
    _land(b, seat)


def _advance(b: _Builder, seat: int, to: int, card: str) -> None:
    """ "Advance" always moves forward; passing GO on the way pays $200."""
    start = b.state.players[seat].position
    b.emit(ev.TokenMoved(seat=seat, to=to))
    if to < start or to == GO:
        _salary(b, seat, to)
    _land(b, seat, card)


def _to_jail(b: _Builder, seat: int, reason: str) -> None:
    """Going to jail never passes GO and ends the turn at once."""
    b.emit(ev.SentToJail(seat=seat, reason=reason))
    if seat == b.state.active and not b.state.over:
        _end_turn(b)


def _land(b: _Builder, seat: int, card: str = "") -> None:
    """RULES-CLASSIC.md "Landing"."""
    s = b.state
    at = s.players[seat].position
    sp = BOARD[at]
    if sp.is_property:
        owner = s.owner[at]
        if owner is None:
            b.emit(ev.PurchaseOffered(seat=seat, space=at))
            return
        if owner == seat or s.mortgaged[at]:
            return
        total = sum(s.last_roll)
        if sp.kind == UTILITY and card:
            dice = _roll(b)
            b.emit(ev.DiceRolled(seat=seat, dice=dice, purpose="rent"))
            total = sum(dice)
        rent = rent_for(s, at, total, card)
        if s.options.rent_must_be_claimed:
            b.emit(ev.RentClaimable(seat=owner, payer=seat, space=at, amount=rent))
            return
        _charge(b, seat, (owner,), rent, "rent")
    elif sp.kind == "tax":
        _charge(b, seat, (), sp.tax, "tax")
    elif sp.kind in ("chance", "chest"):
        _draw(b, seat, sp.kind)
    elif at == GO_TO_JAIL:
        _to_jail(b, seat, "space")
    elif sp.kind == "free_parking" and s.options.free_parking_jackpot and s.pot:
        b.emit(ev.PotCollected(seat=seat, amount=s.pot))


def _ahead(position: int, targets: tuple[int, ...]) -> int:
    for t in targets:
        if t > position:
            return t
    return targets[0]


def _draw(b: _Builder, seat: int, deck: str) -> None:
    """Draw the top card and carry it out (RULES-CLASSIC.md "The cards")."""
    s = b.state
    card = (s.chance if deck == CHANCE else s.chest)[0]
    b.emit(ev.CardDrawn(seat=seat, card=card))
    at = s.players[seat].position
    if card in JAIL_FREE:
        return
    if card in ADVANCE_TO:
        _advance(b, seat, ADVANCE_TO[card], card)
    elif card in NEXT_RAILROAD:
        _advance(b, seat, _ahead(at, RAILROADS), card)
    elif card == NEXT_UTILITY:
        _advance(b, seat, _ahead(at, UTILITIES), card)
    elif card in BANK_PAYS:
        b.emit(ev.MoneyPaid(seat=None, to=seat, amount=BANK_PAYS[card], reason="card"))
    elif card in PAY_BANK:
        _charge(b, seat, (), PAY_BANK[card], "card")
    elif card in REPAIRS:
        per_house, per_hotel = REPAIRS[card]
        houses, hotels = s.buildings(seat)
        amount = houses * per_house + hotels * per_hotel
        if amount:
            _charge(b, seat, (), amount, "card")
    elif card in GO_TO_JAIL_CARDS:
        _to_jail(b, seat, "card")
    elif card == BACK_3:
        b.emit(ev.TokenMoved(seat=seat, to=at - 3, backward=True))
        _land(b, seat)
    elif card == CHAIRMAN:
        others = tuple(x for x in s.remaining() if x != seat)
        if others:
            _charge(b, seat, others, CHAIRMAN_PAYS * len(others), "card")
    elif card == BIRTHDAY:
        other = s.next_seat(seat)
        while other != seat:
            if not b.state.players[other].out:
                _charge(b, other, (seat,), BIRTHDAY_GIFT, "gift")
            other = (other + 1) % len(s.players)


# Money -----------------------------------------------------------------------


def _pay(b: _Builder, seat: int, creditors: tuple[int, ...], amount: int, reason):
    if not creditors:
        pot = reason in POT_REASONS and b.state.options.free_parking_jackpot
        b.emit(ev.MoneyPaid(seat=seat, to=None, amount=amount, reason=reason, pot=pot))
        return
    share = amount // len(creditors)
    for to in creditors:
        b.emit(ev.MoneyPaid(seat=seat, to=to, amount=share, reason=reason))


def _charge(
    b: _Builder,
    seat: int,
    creditors: tuple[int, ...],
    amount: int,
    reason: str,
    then_move: int = 0,
) -> bool:
    """ "Every payment is made at once when the payer's cash covers it. Otherwise
    the payer owes a debt ... If their cash plus everything they could raise is
    less than the debt, they are bankrupt at once." True when paid at once."""
    s = b.state
    cash = s.players[seat].cash
    if cash >= amount:
        _pay(b, seat, creditors, amount, reason)
        return True
    if cash + raisable(s, seat) >= amount:
        pot = not creditors and reason in POT_REASONS and s.options.free_parking_jackpot
        debt = Debt(
            seat=seat,
            creditors=creditors,
            amount=amount,
            reason=reason,
            pot=pot,
            then_move=then_move,
        )
        b.emit(ev.DebtOpened(debt=debt))
    else:
        _bankrupt(b, seat, creditors)
    return False


def _pay_debts(b: _Builder) -> bool:
    """Pay the first debt once its payer's cash covers it. True if one was paid."""
    s = b.state
    if not s.debts:
        return False
    debt = s.debts[0]
    if s.players[debt.seat].cash < debt.amount:
        return False
    _pay(b, debt.seat, debt.creditors, debt.amount, debt.reason)
    b.emit(ev.DebtSettled(seat=debt.seat))
    if debt.then_move:
        _move(b, debt.seat, debt.then_move)
    return True


def _bankrupt(
    b: _Builder, seat: int, creditors: tuple[int, ...], resigned: bool = False
) -> None:
    """RULES-CLASSIC.md "Bankruptcy"."""
    s = b.state
    built = [g for g in COLOUR_GROUPS if any(s.levels[i] for i in GROUPS[g])]
    built = [g for g in built if s.owner[GROUPS[g][0]] == seat]
    if creditors:
        for g in built:
            sites = GROUPS[g]
            levels = sum(s.levels[i] for i in sites)
            refund = levels * BOARD[sites[0]].house_cost // 2
            b.emit(
                ev.BuildingsSold(
                    seat=seat, group=g, levels=(0,) * len(sites), refund=refund
                )
            )
    elif built:
        b.emit(ev.BuildingsReturned(seat=seat))
    deeds = b.state.deeds(seat)
    received = tuple(i for i in deeds if b.state.mortgaged[i])
    b.emit(ev.PlayerBankrupt(seat=seat, creditors=creditors, resigned=resigned))
    s = b.state
    if s.options.short_game:
        _finish_by_worth(b, "short game")
        return
    if len(s.remaining()) <= 1:
        return
    if len(creditors) == 1:
        if received:
            b.emit(ev.MortgagesReceived(seat=creditors[0], spaces=received))
    elif deeds and not s.options.no_auctions and s.auction is None:
        b.emit(
            ev.AuctionOpened(lots=deeds, bidders=s.remaining(), first=s.next_seat(seat))
        )


def _close_auction(b: _Builder) -> None:
    """ "The highest bid wins ... A tie goes to the tied bidder who comes first in
    seat order starting from [the first seat]. A bid above its bidder's cash at
    closing is void and the next bid counts." Lots are settled in board order."""
    s = b.state
    a = s.auction
    n = len(s.players)
    cash = {bid.seat: s.players[bid.seat].cash for bid in a.bids}
    sales = []
    for k, lot in enumerate(a.lots):
        best = None
        for bid in a.bids:
            amount = bid.amounts[k]
            if 0 < amount <= cash[bid.seat]:
                key = (amount, -((bid.seat - a.first) % n))
                if best is None or key > best[0]:
                    best = (key, bid.seat, amount)
        if best is not None:
            _, seat, amount = best
            cash[seat] -= amount
            sales.append(Sale(space=lot, seat=seat, price=amount))
    b.emit(ev.AuctionClosed(bids=a.bids, sales=tuple(sales)))


def _settle(b: _Builder) -> None:
    """Pay what can be paid, close a finished auction, pass the turn of a player
    who went out, and name the winner when one player is left."""
    while True:
        s = b.state
        if s.over:
            return
        if len(s.remaining()) <= 1:
            b.emit(ev.GameWon(seats=s.remaining(), reason="last player"))
            return
        if _pay_debts(b):
            continue
        if s.auction is not None and not s.auction.bidders:
            _close_auction(b)
            continue
        if _open_matters(s):
            return
        if s.players[s.active].out:
            _start_turn(b, s.next_seat(s.active))
            continue
        return


# Checks ----------------------------------------------------------------------


def _money(n: int) -> str:
    return f"${n:,}"


@cache
def _hints(cls: type) -> tuple[tuple[str, typing.Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in fields(cls))


def _well_formed(move) -> None:
    if not isinstance(move, mv.Move):
        raise IllegalMove("That move is not well formed.")
    for name, tp in _hints(type(move)):
        value = getattr(move, name)
        if typing.get_origin(tp) is tuple:
            (inner, _) = typing.get_args(tp)
            ok = isinstance(value, tuple | list) and all(
                type(v) is inner for v in value
            )
        else:
            ok = type(value) is tp
        if not ok:
            raise IllegalMove("That move is not well formed.")


def _your_turn(s: State, seat: int, stage: str | None = None) -> None:
    if seat != s.active:
        raise IllegalMove("It is not your turn.")
    if s.inheritance is not None:
        raise IllegalMove("Wait until the received mortgages are decided.")
    if s.debts:
        raise IllegalMove("Wait until the debt is settled.")
    if s.auction is not None:
        raise IllegalMove("Wait until the auction closes.")
    if s.for_sale is not None:
        raise IllegalMove(f"First buy or decline {BOARD[s.for_sale].name}.")
    if stage is not None and s.stage != stage:
        raise IllegalMove(
            {
                JAIL_START: "You are in jail: roll for doubles, pay $50 or use a card.",
                ROLL: "Roll the dice first.",
                END: "You cannot roll again this turn.",
            }[s.stage]
        )


def _space(value: int) -> int:
    if not 0 <= value < SPACES_ON_BOARD:
        raise IllegalMove("There is no such space.")
    return value


def _own_deed(s: State, seat: int, space: int) -> None:
    _space(space)
    if not BOARD[space].is_property:
        raise IllegalMove(f"{BOARD[space].name} is not a property.")
    if s.owner[space] != seat:
        raise IllegalMove(f"You do not own {BOARD[space].name}.")


def _raising(s: State, seat: int) -> None:
    if not may_raise(s, seat):
        raise IllegalMove("You cannot sell or mortgage now.")


# Moves -----------------------------------------------------------------------


def _on_roll(b: _Builder, m: mv.Roll) -> None:
    """Roll and move; doubles roll again, a third doubles goes to jail. In jail:
    doubles leave and move (no further roll); on the third failed try pay $50 and
    move by that roll."""
    s = b.state
    _your_turn(s, m.seat)
    if s.stage == END:
        raise IllegalMove("You cannot roll again this turn.")
    dice = _roll(b)
    if s.stage == JAIL_START:
        b.emit(ev.DiceRolled(seat=m.seat, dice=dice, purpose="jail"))
        if is_doubles(dice):
            b.emit(ev.LeftJail(seat=m.seat, how="doubles"))
            _move(b, m.seat, sum(dice))
        elif s.players[m.seat].jail_turns + 1 >= JAIL_TRIES:
            b.emit(ev.LeftJail(seat=m.seat, how="third try"))
            if _charge(b, m.seat, (), JAIL_FINE, "fine", then_move=sum(dice)):
                _move(b, m.seat, sum(dice))
        else:
            b.emit(ev.StayedInJail(seat=m.seat))
        return
    b.emit(ev.DiceRolled(seat=m.seat, dice=dice, purpose="move"))
    if is_doubles(dice) and b.state.doubles >= 3:
        _to_jail(b, m.seat, "doubles")
        return
    _move(b, m.seat, sum(dice))


def _on_pay_jail_fine(b: _Builder, m: mv.PayJailFine) -> None:
    s = b.state
    if not s.players[m.seat].in_jail:
        raise IllegalMove("You are not in jail.")
    _your_turn(s, m.seat, JAIL_START)
    if s.players[m.seat].cash < JAIL_FINE:
        raise IllegalMove("You need $50 in cash to pay the fine; raise cash first.")
    _pay(b, m.seat, (), JAIL_FINE, "fine")
    b.emit(ev.LeftJail(seat=m.seat, how="fine"))


def _on_use_jail_card(b: _Builder, m: mv.UseJailCard) -> None:
    s = b.state
    if not s.players[m.seat].in_jail:
        raise IllegalMove("You are not in jail.")
    _your_turn(s, m.seat, JAIL_START)
    cards = s.players[m.seat].jail_cards
    if not cards:
        raise IllegalMove("You have no Get Out of Jail Free card.")
    b.emit(ev.LeftJail(seat=m.seat, how="card"))
    b.emit(ev.JailCardReturned(seat=m.seat, card=cards[0]))


def _for_sale(s: State, seat: int) -> int:
    if s.for_sale is None or seat != s.active:
        raise IllegalMove("There is nothing for you to buy now.")
    return s.for_sale


def _on_buy(b: _Builder, m: mv.Buy) -> None:
    """ "Buying costs the printed price, paid to the bank. A player who is short
    may raise cash first; otherwise they must decline.\""""
    space = _for_sale(b.state, m.seat)
    price = BOARD[space].price
    if b.state.players[m.seat].cash < price:
        raise IllegalMove(
            f"{BOARD[space].name} costs {_money(price)}; raise cash first or decline."
        )
    b.emit(ev.PropertyBought(seat=m.seat, space=space, price=price))


def _on_decline_buy(b: _Builder, m: mv.DeclineBuy) -> None:
    """ "A declined property is auctioned by sealed bids at once. Bidders: every
    player still in the game, the one who declined included.\""""
    space = _for_sale(b.state, m.seat)
    b.emit(ev.PurchaseDeclined(seat=m.seat, space=space))
    s = b.state
    if not s.options.no_auctions:
        b.emit(ev.AuctionOpened(lots=(space,), bidders=s.remaining(), first=m.seat))


def _bidder(s: State, seat: int) -> None:
    if s.auction is None:
        raise IllegalMove("No auction is open.")
    if s.inheritance is not None or s.debts:
        raise IllegalMove("Wait until the debt is settled.")
    if seat not in s.auction.bidders:
        raise IllegalMove("You have already bid in this auction.")


def _on_bid(b: _Builder, m: mv.Bid) -> None:
    """ "One secret bid (whole dollars, at least $1, at most their cash when they
    bid) or passes. A bid cannot be changed or withdrawn.\""""
    s = b.state
    _bidder(s, m.seat)
    if len(m.amounts) != len(s.auction.lots):
        raise IllegalMove("Bid one amount for each lot (0 for none).")
    cash = s.players[m.seat].cash
    if any(a < 0 for a in m.amounts) or not any(m.amounts):
        raise IllegalMove("A bid is at least $1; pass to bid nothing.")
    if any(a > cash for a in m.amounts):
        raise IllegalMove(f"A bid cannot be more than your cash ({_money(cash)}).")
    b.emit(ev.BidPlaced(seat=m.seat, amounts=tuple(m.amounts)))


def _on_pass_bid(b: _Builder, m: mv.PassBid) -> None:
    _bidder(b.state, m.seat)
    b.emit(ev.BidPassed(seat=m.seat))


def _on_build(b: _Builder, m: mv.Build) -> None:
    """RULES-CLASSIC.md "Buildings": the whole group, none mortgaged, even
    building, 4 houses then a hotel, within the bank's stock."""
    s = b.state
    if not may_manage(s, m.seat):
        raise IllegalMove("You can build only on your own turn, between rolls.")
    _own_deed(s, m.seat, m.space)
    sp = BOARD[m.space]
    if sp.kind != STREET:
        raise IllegalMove("Railroads and utilities take no buildings.")
    sites = group_of(m.space)
    if not holds_group(s, m.seat, m.space):
        raise IllegalMove(f"You need the whole {sp.group} group to build.")
    if any(s.mortgaged[i] for i in sites):
        raise IllegalMove(f"Lift every mortgage in the {sp.group} group first.")
    level = s.levels[m.space]
    if level == HOTEL:
        raise IllegalMove(f"{sp.name} already has a hotel.")
    if s.options.uneven_building:
        ready = True
    elif level < 4:
        ready = all(s.levels[i] >= level for i in sites)
    else:
        ready = all(s.levels[i] >= 4 for i in sites)
    if not ready:
        raise IllegalMove("Build evenly: every site of the group first.")
    if level < 4 and s.houses == 0:
        raise IllegalMove("The bank has no houses left.")
    if level == 4 and s.hotels == 0:
        raise IllegalMove("The bank has no hotels left.")
    if s.players[m.seat].cash < sp.house_cost:
        raise IllegalMove(f"A building there costs {_money(sp.house_cost)}.")
    b.emit(ev.BuildingBuilt(seat=m.seat, space=m.space, cost=sp.house_cost))


def sale_ok(state: State, group: str, levels: tuple[int, ...]) -> str | None:
    """Why a sale to these levels is not allowed, or None. "A sale names new
    levels for the sites of one group: none higher than now, and the group's
    levels differing by at most one. When the new levels need more houses than
    the group has now, the extra houses must be in the bank's stock.\""""
    sites = GROUPS.get(group)
    if sites is None or group not in COLOUR_GROUPS:
        return "There is no such colour group."
    if len(levels) != len(sites):
        return "Name a level for each site of the group."
    old = tuple(state.levels[i] for i in sites)
    if any(not 0 <= new <= o for new, o in zip(levels, old, strict=True)):
        return "A sale cannot raise a site's buildings."
    if sum(levels) == sum(old):
        return "Sell at least one building."
    if not state.options.uneven_building and max(levels) - min(levels) > 1:
        return "Sell evenly: the group's levels may differ by one at most."
    needed = stock_of(levels)[0] - stock_of(old)[0]
    if needed > state.houses:
        return "The bank has too few houses to break that hotel into houses."
    return None


def one_level_sale(state: State, group: str) -> tuple[int, ...] | None:
    """The smallest even sale from a group: one level, or as far down as the
    bank's stock of houses requires."""
    sites = GROUPS[group]
    old = tuple(state.levels[i] for i in sites)
    n = len(sites)
    rank = sorted(range(n), key=lambda k: (-old[k], k))
    for total in range(sum(old) - 1, -1, -1):
        levels = [total // n] * n
        for k in rank[: total % n]:
            levels[k] += 1
        levels = tuple(levels)
        if sale_ok(state, group, levels) is None:
            return levels
    return None


def _on_sell(b: _Builder, m: mv.SellBuildings) -> None:
    s = b.state
    _raising(s, m.seat)
    sites = GROUPS.get(m.group, ())
    if not sites or any(s.owner[i] != m.seat for i in sites):
        raise IllegalMove("You have no buildings in that group.")
    why = sale_ok(s, m.group, tuple(m.levels))
    if why:
        raise IllegalMove(why)
    removed = sum(s.levels[i] for i in sites) - sum(m.levels)
    refund = removed * BOARD[sites[0]].house_cost // 2
    b.emit(
        ev.BuildingsSold(
            seat=m.seat, group=m.group, levels=tuple(m.levels), refund=refund
        )
    )


def _on_mortgage(b: _Builder, m: mv.Mortgage) -> None:
    s = b.state
    _raising(s, m.seat)
    _own_deed(s, m.seat, m.space)
    if s.mortgaged[m.space]:
        raise IllegalMove(f"{BOARD[m.space].name} is already mortgaged.")
    if _group_built(s, m.space):
        raise IllegalMove("Sell the group's buildings before mortgaging.")
    value = BOARD[m.space].mortgage_value
    b.emit(ev.PropertyMortgaged(seat=m.seat, space=m.space, amount=value))


def _on_unmortgage(b: _Builder, m: mv.Unmortgage) -> None:
    s = b.state
    if not may_manage(s, m.seat):
        raise IllegalMove(
            "You can lift a mortgage only on your own turn, between rolls."
        )
    _own_deed(s, m.seat, m.space)
    if not s.mortgaged[m.space]:
        raise IllegalMove(f"{BOARD[m.space].name} is not mortgaged.")
    cost = BOARD[m.space].unmortgage_cost
    if s.players[m.seat].cash < cost:
        raise IllegalMove(f"Lifting that mortgage costs {_money(cost)}.")
    b.emit(ev.MortgageLifted(seat=m.seat, space=m.space, cost=cost))


def mortgage_order(state: State, seat: int) -> list[int]:
    """ "Mortgage properties that have no buildings in their group, lowest
    mortgage value first; sites of a complete group after all others; ties by
    board index.\""""
    free = [
        i
        for i in state.deeds(seat)
        if not state.mortgaged[i] and not _group_built(state, i)
    ]
    return sorted(
        free,
        key=lambda i: (
            BOARD[i].kind == STREET and holds_group(state, seat, i),
            BOARD[i].mortgage_value,
            i,
        ),
    )


def raise_cash(b: _Builder, seat: int, target: int) -> None:
    """RULES-CLASSIC.md "Raising money by default", stopping as soon as cash
    covers `target`."""

    def short() -> bool:
        return b.state.players[seat].cash < target

    for i in mortgage_order(b.state, seat):
        if not short():
            return
        b.emit(ev.PropertyMortgaged(seat=seat, space=i, amount=BOARD[i].mortgage_value))
    while short():
        s = b.state
        built = [
            g
            for g in COLOUR_GROUPS
            if s.owner[GROUPS[g][0]] == seat and any(s.levels[i] for i in GROUPS[g])
        ]
        if not built:
            break
        g = min(built, key=lambda g: (BOARD[GROUPS[g][0]].house_cost, GROUPS[g][0]))
        levels = one_level_sale(s, g)
        removed = sum(s.levels[i] for i in GROUPS[g]) - sum(levels)
        refund = removed * BOARD[GROUPS[g][0]].house_cost // 2
        b.emit(ev.BuildingsSold(seat=seat, group=g, levels=levels, refund=refund))
    for i in mortgage_order(b.state, seat):
        if not short():
            return
        b.emit(ev.PropertyMortgaged(seat=seat, space=i, amount=BOARD[i].mortgage_value))


def _on_raise_and_pay(b: _Builder, m: mv.RaiseAndPay) -> None:
    s = b.state
    debt = next((d for d in s.debts if d.seat == m.seat), None)
    if debt is None:
        raise IllegalMove("You owe nothing.")
    raise_cash(b, m.seat, debt.amount)


def _on_lift_mortgages(b: _Builder, m: mv.LiftMortgages) -> None:
    """ "For each mortgaged property the creditor lifts it at once or keeps it
    paying 10% now; interest they cannot pay is a debt to the bank.\""""
    s = b.state
    inh = s.inheritance
    if inh is None or inh.seat != m.seat:
        raise IllegalMove("You have no received mortgages to decide.")
    lift = tuple(dict.fromkeys(m.spaces))
    if any(i not in inh.spaces for i in lift):
        raise IllegalMove("Choose among the mortgaged deeds you received.")
    cost = sum(BOARD[i].unmortgage_cost for i in lift)
    if cost > s.players[m.seat].cash:
        raise IllegalMove(f"Lifting those costs {_money(cost)}, more than your cash.")
    for i in lift:
        b.emit(ev.MortgageLifted(seat=m.seat, space=i, cost=BOARD[i].unmortgage_cost))
    kept = tuple(i for i in inh.spaces if i not in lift)
    b.emit(ev.MortgagesKept(seat=m.seat, spaces=kept))
    due = sum(BOARD[i].unmortgage_cost - BOARD[i].mortgage_value for i in kept)
    if due:
        _charge(b, m.seat, (), due, "interest")


def _offer_problem(s: State, o, cash: bool = True) -> str | None:
    """Why this trade cannot be carried out now, or None. An offer is checked
    when made for holdings and buildings; cash only when accepted."""
    a, b = s.players[o.seat], s.players[o.to]
    for side, deeds in ((o.seat, o.give_deeds), (o.to, o.get_deeds)):
        for i in deeds:
            if not 0 <= i < SPACES_ON_BOARD or s.owner[i] != side:
                return "A deed in the offer is no longer held by its giver."
            if _group_built(s, i):
                return f"The {BOARD[i].group} group has buildings; sell them first."
    for player, cards in ((a, o.give_cards), (b, o.get_cards)):
        for c in set(cards):
            if player.jail_cards.count(c) < cards.count(c):
                return "A card in the offer is no longer held by its giver."
    if not cash:
        return None
    for seat, cash, received in (
        (o.seat, o.give_cash, o.get_deeds),
        (o.to, o.get_cash, o.give_deeds),
    ):
        cost = cash + _receiving_cost(s, received, o.lift)
        if s.players[seat].cash < cost:
            return "One side cannot pay its cash and mortgage costs."
    return None


def _receiving_cost(s: State, deeds, lift) -> int:
    total = 0
    for i in deeds:
        if s.mortgaged[i]:
            sp = BOARD[i]
            total += (
                sp.unmortgage_cost
                if i in lift
                else sp.unmortgage_cost - sp.mortgage_value
            )
    return total


def _on_offer_trade(b: _Builder, m: mv.OfferTrade) -> None:
    """ "Any player may offer a trade to one other player at any time ... A player
    has at most one open offer to each other player.\""""
    s = b.state
    if not 0 <= m.to < len(s.players) or m.to == m.seat or s.players[m.to].out:
        raise IllegalMove("Offer a trade to another player still in the game.")
    if s.in_debt(m.seat):
        raise IllegalMove("You cannot trade while you owe a debt.")
    if any(o.seat == m.seat and o.to == m.to for o in s.offers):
        raise IllegalMove("You already have an open offer to that player.")
    if m.give_cash < 0 or m.get_cash < 0:
        raise IllegalMove("Cash in an offer cannot be negative.")
    deeds = (*m.give_deeds, *m.get_deeds)
    if len(set(deeds)) != len(deeds):
        raise IllegalMove("A deed appears twice in the offer.")
    if not (m.give_cash or m.get_cash or deeds or m.give_cards or m.get_cards):
        raise IllegalMove("An offer must give or ask for something.")
    if any(c not in JAIL_FREE for c in (*m.give_cards, *m.get_cards)):
        raise IllegalMove("Only Get Out of Jail Free cards can be traded.")
    mortgaged = {i for i in deeds if 0 <= i < SPACES_ON_BOARD and s.mortgaged[i]}
    if any(i not in mortgaged for i in m.lift):
        raise IllegalMove("Only mortgaged deeds in the offer can be lifted.")
    offer = ev.Offer(
        id=s.next_offer,
        seat=m.seat,
        to=m.to,
        give_cash=m.give_cash,
        give_deeds=tuple(m.give_deeds),
        give_cards=tuple(m.give_cards),
        get_cash=m.get_cash,
        get_deeds=tuple(m.get_deeds),
        get_cards=tuple(m.get_cards),
        lift=tuple(m.lift),
    )
    why = _offer_problem(s, offer, cash=False)
    if why:
        raise IllegalMove(why)
    b.emit(ev.OfferMade(offer=offer))


def _find_offer(s: State, offer_id: int):
    for o in s.offers:
        if o.id == offer_id:
            return o
    raise IllegalMove("There is no such open offer.")


def _on_accept_offer(b: _Builder, m: mv.AcceptOffer) -> None:
    """ "An accepted trade is carried out at once, after a check ... If the check
    fails the offer is void. No trade involves a player who owes an unpaid debt;
    such an acceptance is refused and the offer stays open.\""""
    s = b.state
    o = _find_offer(s, m.offer)
    if o.to != m.seat:
        raise IllegalMove("That offer is not addressed to you.")
    if s.in_debt(o.seat) or s.in_debt(o.to):
        raise IllegalMove(
            "No trade while either side owes a debt; the offer stays open."
        )
    why = _offer_problem(s, o)
    if why:
        b.emit(ev.OfferVoided(offer=o.id, reason=why))
        return
    b.emit(ev.TradeCompleted(offer=o))
    for receiver, deeds in ((o.to, o.give_deeds), (o.seat, o.get_deeds)):
        for i in deeds:
            if not s.mortgaged[i]:
                continue
            sp = BOARD[i]
            if i in o.lift:
                b.emit(
                    ev.MortgageLifted(seat=receiver, space=i, cost=sp.unmortgage_cost)
                )
            else:
                due = sp.unmortgage_cost - sp.mortgage_value
                b.emit(
                    ev.MoneyPaid(seat=receiver, to=None, amount=due, reason="interest")
                )


def _on_decline_offer(b: _Builder, m: mv.DeclineOffer) -> None:
    o = _find_offer(b.state, m.offer)
    if o.to != m.seat:
        raise IllegalMove("That offer is not addressed to you.")
    b.emit(ev.OfferDeclined(seat=m.seat, offer=o.id))


def _on_withdraw_offer(b: _Builder, m: mv.WithdrawOffer) -> None:
    o = _find_offer(b.state, m.offer)
    if o.seat != m.seat:
        raise IllegalMove("That offer is not yours to withdraw.")
    b.emit(ev.OfferWithdrawn(seat=m.seat, offer=o.id))


def _on_claim_rent(b: _Builder, m: mv.ClaimRent) -> None:
    """House rule: "the owner gets rent only by claiming it before the next
    player rolls"; a reading: while no debt, auction or decision is open."""
    s = b.state
    claim = next(
        (c for c in s.claims if c.owner == m.seat and c.space == m.space), None
    )
    if claim is None:
        raise IllegalMove("There is no rent for you to claim there.")
    if _open_matters(s):
        raise IllegalMove("Claim the rent once the open decision is settled.")
    b.emit(ev.RentClaimed(seat=m.seat, space=m.space))
    _charge(b, claim.payer, (m.seat,), claim.amount, "rent")


def _on_end_turn(b: _Builder, m: mv.EndTurn) -> None:
    s = b.state
    _your_turn(s, m.seat)
    if s.stage != END:
        raise IllegalMove("Roll the dice first.")
    _end_turn(b)


def _on_resign(b: _Builder, m: mv.Resign) -> None:
    """ "A player may resign at any time; it counts as bankruptcy to the player
    they owe if they are in debt to one, otherwise to the bank.\""""
    s = b.state
    debt = next((d for d in s.debts if d.seat == m.seat), None)
    _bankrupt(b, m.seat, debt.creditors if debt else (), resigned=True)


_HANDLERS = {
    mv.Roll: _on_roll,
    mv.PayJailFine: _on_pay_jail_fine,
    mv.UseJailCard: _on_use_jail_card,
    mv.Buy: _on_buy,
    mv.DeclineBuy: _on_decline_buy,
    mv.Bid: _on_bid,
    mv.PassBid: _on_pass_bid,
    mv.Build: _on_build,
    mv.SellBuildings: _on_sell,
    mv.Mortgage: _on_mortgage,
    mv.Unmortgage: _on_unmortgage,
    mv.RaiseAndPay: _on_raise_and_pay,
    mv.LiftMortgages: _on_lift_mortgages,
    mv.OfferTrade: _on_offer_trade,
    mv.AcceptOffer: _on_accept_offer,
    mv.DeclineOffer: _on_decline_offer,
    mv.WithdrawOffer: _on_withdraw_offer,
    mv.ClaimRent: _on_claim_rent,
    mv.EndTurn: _on_end_turn,
    mv.Resign: _on_resign,
}


def decide(state: State, move: mv.Move, rng: random.Random) -> list[ev.Event]:
    """The events `move` causes, or IllegalMove with a sentence a player can
    read. Never mutates `state`; dice and draws come only from `rng`."""
    _well_formed(move)
    if state.over:
        raise IllegalMove("The game is over.")
    if not 0 <= move.seat < len(state.players):
        raise IllegalMove("There is no such player.")
    if state.players[move.seat].out:
        raise IllegalMove("You are out of the game.")
    b = _Builder(state, rng)
    _HANDLERS[type(move)](b, move)
    _settle(b)
    return b.events
