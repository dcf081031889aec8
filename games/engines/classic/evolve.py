"""evolve(state, event): apply a fact. No checks, no randomness."""

from collections.abc import Callable
from dataclasses import replace

from . import events as ev
from .board import GROUPS, HOTEL, JAIL
from .cards import CHANCE, JAIL_FREE, deck_of
from .state import (
    END,
    JAIL_START,
    OVER,
    ROLL,
    Auction,
    Claim,
    Inheritance,
    Player,
    SealedBid,
    State,
)


def _player(state: State, seat: int, **changes) -> tuple[Player, ...]:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return tuple(players)


def _cash(state: State, seat: int, delta: int) -> tuple[Player, ...]:
    return _player(state, seat, cash=state.players[seat].cash + delta)


def _put(items: tuple, index: int, value) -> tuple:
    out = list(items)
    out[index] = value
    return tuple(out)


def _to_bottom(state: State, card: str) -> dict:
    if deck_of(card) == CHANCE:
        return {"chance": (*state.chance, card)}
    return {"chest": (*state.chest, card)}


def stock_of(levels) -> tuple[int, int]:
    """(houses, hotels) standing at these levels."""
    levels = tuple(levels)
    houses = sum(level for level in levels if level < HOTEL)
    return houses, sum(1 for level in levels if level == HOTEL)


def _game_started(state: State | None, e: ev.GameStarted) -> State:
    cash = e.options.starting_cash
    return State(
        options=e.options,
        players=tuple(Player(cash=cash) for _ in range(e.seats)),
        chance=e.chance,
        chest=e.chest,
        first=e.first,
        active=e.first,
    )


def _order(state: State, seat: int) -> int:
    return (seat - state.first) % len(state.players)


def _turn_started(state: State, e: ev.TurnStarted) -> State:
    new_round = state.turn == 0 or _order(state, e.seat) <= _order(state, state.active)
    return replace(
        state,
        active=e.seat,
        stage=JAIL_START if state.players[e.seat].in_jail else ROLL,
        doubles=0,
        last_roll=(),
        turn=state.turn + 1,
        round=state.round + new_round,
    )


def _dice_rolled(state: State, e: ev.DiceRolled) -> State:
    if e.purpose == "rent":
        return state
    # Rent that must be claimed lapses when the next player rolls.
    claims = tuple(c for c in state.claims if c.turn == state.turn)
    if e.purpose == "jail":
        return replace(state, last_roll=e.dice, stage=END, claims=claims)
    double = e.dice[0] == e.dice[1]
    return replace(
        state,
        last_roll=e.dice,
        doubles=state.doubles + double,
        stage=ROLL if double else END,
        claims=claims,
    )


def _token_moved(state: State, e: ev.TokenMoved) -> State:
    return replace(state, players=_player(state, e.seat, position=e.to))


def _salary(state: State, e: ev.SalaryCollected) -> State:
    return replace(state, players=_cash(state, e.seat, e.amount))


def _sent_to_jail(state: State, e: ev.SentToJail) -> State:
    players = _player(state, e.seat, position=JAIL, in_jail=True, jail_turns=0)
    return replace(state, players=players, stage=END)


def _left_jail(state: State, e: ev.LeftJail) -> State:
    players = _player(state, e.seat, in_jail=False, jail_turns=0)
    stage = ROLL if e.how in ("card", "fine") else state.stage
    return replace(state, players=players, stage=stage)


def _stayed_in_jail(state: State, e: ev.StayedInJail) -> State:
    turns = state.players[e.seat].jail_turns + 1
    return replace(state, players=_player(state, e.seat, jail_turns=turns))


def _purchase_offered(state: State, e: ev.PurchaseOffered) -> State:
    return replace(state, for_sale=e.space)


def _property_bought(state: State, e: ev.PropertyBought) -> State:
    return replace(
        state,
        players=_cash(state, e.seat, -e.price),
        owner=_put(state.owner, e.space, e.seat),
        for_sale=None,
    )


def _purchase_declined(state: State, e: ev.PurchaseDeclined) -> State:
    return replace(state, for_sale=None)


def _auction_opened(state: State, e: ev.AuctionOpened) -> State:
    return replace(
        state, auction=Auction(lots=e.lots, bidders=e.bidders, first=e.first)
    )


def _bid_placed(state: State, e: ev.BidPlaced) -> State:
    a = state.auction
    bidders = tuple(s for s in a.bidders if s != e.seat)
    bids = (*a.bids, SealedBid(seat=e.seat, amounts=e.amounts))
    return replace(state, auction=replace(a, bidders=bidders, bids=bids))


def _bid_passed(state: State, e: ev.BidPassed) -> State:
    a = state.auction
    bidders = tuple(s for s in a.bidders if s != e.seat)
    return replace(state, auction=replace(a, bidders=bidders))


def _auction_closed(state: State, e: ev.AuctionClosed) -> State:
    owner = list(state.owner)
    for sale in e.sales:
        state = replace(state, players=_cash(state, sale.seat, -sale.price))
        owner[sale.space] = sale.seat
    return replace(state, owner=tuple(owner), auction=None)


def _money_paid(state: State, e: ev.MoneyPaid) -> State:
    if e.seat is not None:
        state = replace(state, players=_cash(state, e.seat, -e.amount))
    if e.to is not None:
        state = replace(state, players=_cash(state, e.to, e.amount))
    elif e.pot:
        state = replace(state, pot=state.pot + e.amount)
    return state


def _pot_collected(state: State, e: ev.PotCollected) -> State:
    return replace(state, players=_cash(state, e.seat, e.amount), pot=0)


def _rent_claimable(state: State, e: ev.RentClaimable) -> State:
    claim = Claim(
        owner=e.seat, payer=e.payer, space=e.space, amount=e.amount, turn=state.turn
    )
    return replace(state, claims=(*state.claims, claim))


def _rent_claimed(state: State, e: ev.RentClaimed) -> State:
    claims = tuple(
        c for c in state.claims if not (c.owner == e.seat and c.space == e.space)
    )
    return replace(state, claims=claims)


def _card_drawn(state: State, e: ev.CardDrawn) -> State:
    deck = "chance" if deck_of(e.card) == CHANCE else "chest"
    rest = getattr(state, deck)[1:]
    if e.card in JAIL_FREE:
        held = (*state.players[e.seat].jail_cards, e.card)
        return replace(
            state, **{deck: rest}, players=_player(state, e.seat, jail_cards=held)
        )
    return replace(state, **{deck: (*rest, e.card)})


def _jail_card_returned(state: State, e: ev.JailCardReturned) -> State:
    held = tuple(c for c in state.players[e.seat].jail_cards if c != e.card)
    state = replace(state, players=_player(state, e.seat, jail_cards=held))
    return replace(state, **_to_bottom(state, e.card))


def _building_built(state: State, e: ev.BuildingBuilt) -> State:
    level = state.levels[e.space] + 1
    if level == HOTEL:
        houses, hotels = state.houses + HOTEL - 1, state.hotels - 1
    else:
        houses, hotels = state.houses - 1, state.hotels
    return replace(
        state,
        players=_cash(state, e.seat, -e.cost),
        levels=_put(state.levels, e.space, level),
        houses=houses,
        hotels=hotels,
    )


def _buildings_sold(state: State, e: ev.BuildingsSold) -> State:
    sites = GROUPS[e.group]
    old_houses, old_hotels = stock_of(state.levels[i] for i in sites)
    new_houses, new_hotels = stock_of(e.levels)
    levels = list(state.levels)
    for i, level in zip(sites, e.levels, strict=True):
        levels[i] = level
    return replace(
        state,
        players=_cash(state, e.seat, e.refund),
        levels=tuple(levels),
        houses=state.houses + old_houses - new_houses,
        hotels=state.hotels + old_hotels - new_hotels,
    )


def _buildings_returned(state: State, e: ev.BuildingsReturned) -> State:
    deeds = state.deeds(e.seat)
    houses, hotels = stock_of(state.levels[i] for i in deeds)
    levels = tuple(
        0 if state.owner[i] == e.seat else lv for i, lv in enumerate(state.levels)
    )
    return replace(
        state,
        levels=levels,
        houses=state.houses + houses,
        hotels=state.hotels + hotels,
    )


def _property_mortgaged(state: State, e: ev.PropertyMortgaged) -> State:
    return replace(
        state,
        players=_cash(state, e.seat, e.amount),
        mortgaged=_put(state.mortgaged, e.space, True),
    )


def _mortgage_lifted(state: State, e: ev.MortgageLifted) -> State:
    return replace(
        state,
        players=_cash(state, e.seat, -e.cost),
        mortgaged=_put(state.mortgaged, e.space, False),
    )


def _mortgages_kept(state: State, e: ev.MortgagesKept) -> State:
    return replace(state, inheritance=None)


def _debt_opened(state: State, e: ev.DebtOpened) -> State:
    return replace(state, debts=(*state.debts, e.debt))


def _debt_settled(state: State, e: ev.DebtSettled) -> State:
    debts = list(state.debts)
    for i, d in enumerate(debts):
        if d.seat == e.seat:
            del debts[i]
            break
    return replace(state, debts=tuple(debts))


def _player_bankrupt(state: State, e: ev.PlayerBankrupt) -> State:
    seat, creditors = e.seat, e.creditors
    gone = state.players[seat]
    players = list(state.players)
    owner = list(state.owner)
    mortgaged = list(state.mortgaged)
    decks = {"chance": state.chance, "chest": state.chest}
    if len(creditors) == 1:
        (to,) = creditors
        heir = players[to]
        players[to] = replace(
            heir,
            cash=heir.cash + gone.cash,
            jail_cards=heir.jail_cards + gone.jail_cards,
        )
        for i, o in enumerate(owner):
            if o == seat:
                owner[i] = to
    else:
        if creditors:
            share = gone.cash // len(creditors)
            for to in creditors:
                players[to] = replace(players[to], cash=players[to].cash + share)
        for i, o in enumerate(owner):
            if o == seat:
                owner[i] = None
                mortgaged[i] = False
        for card in gone.jail_cards:
            deck = "chance" if deck_of(card) == CHANCE else "chest"
            decks[deck] = (*decks[deck], card)
    players[seat] = replace(gone, cash=0, jail_cards=(), in_jail=False, out=True)
    debts = []
    for d in state.debts:
        if d.seat == seat:
            continue
        if seat in d.creditors:
            share = d.amount // len(d.creditors)
            rest = tuple(c for c in d.creditors if c != seat)
            if not rest:
                continue
            d = replace(d, creditors=rest, amount=d.amount - share)
        debts.append(d)
    auction = state.auction
    if auction is not None:
        auction = replace(
            auction,
            bidders=tuple(s for s in auction.bidders if s != seat),
            bids=tuple(b for b in auction.bids if b.seat != seat),
        )
    inheritance = state.inheritance
    if inheritance is not None and inheritance.seat == seat:
        inheritance = None
    return replace(
        state,
        players=tuple(players),
        owner=tuple(owner),
        mortgaged=tuple(mortgaged),
        debts=tuple(debts),
        auction=auction,
        inheritance=inheritance,
        offers=tuple(o for o in state.offers if seat not in (o.seat, o.to)),
        claims=tuple(c for c in state.claims if seat not in (c.owner, c.payer)),
        for_sale=None if seat == state.active else state.for_sale,
        **decks,
    )


def _mortgages_received(state: State, e: ev.MortgagesReceived) -> State:
    return replace(state, inheritance=Inheritance(seat=e.seat, spaces=e.spaces))


def _offer_made(state: State, e: ev.OfferMade) -> State:
    return replace(state, offers=(*state.offers, e.offer), next_offer=e.offer.id + 1)


def _drop_offer(state: State, offer_id: int) -> State:
    return replace(state, offers=tuple(o for o in state.offers if o.id != offer_id))


def _trade_completed(state: State, e: ev.TradeCompleted) -> State:
    o = e.offer
    state = _drop_offer(state, o.id)
    a, b = state.players[o.seat], state.players[o.to]
    a_cards = tuple(c for c in a.jail_cards if c not in o.give_cards) + o.get_cards
    b_cards = tuple(c for c in b.jail_cards if c not in o.get_cards) + o.give_cards
    players = list(state.players)
    players[o.seat] = replace(
        a, cash=a.cash - o.give_cash + o.get_cash, jail_cards=a_cards
    )
    players[o.to] = replace(
        b, cash=b.cash - o.get_cash + o.give_cash, jail_cards=b_cards
    )
    owner = list(state.owner)
    for i in o.give_deeds:
        owner[i] = o.to
    for i in o.get_deeds:
        owner[i] = o.seat
    return replace(state, players=tuple(players), owner=tuple(owner))


def _turn_ended(state: State, e: ev.TurnEnded) -> State:
    return replace(state, for_sale=None, doubles=0)


def _game_won(state: State, e: ev.GameWon) -> State:
    return replace(state, stage=OVER, winners=e.seats, end_reason=e.reason)


_HANDLERS: dict[type, Callable] = {
    ev.GameStarted: _game_started,
    ev.TurnStarted: _turn_started,
    ev.DiceRolled: _dice_rolled,
    ev.TokenMoved: _token_moved,
    ev.SalaryCollected: _salary,
    ev.SentToJail: _sent_to_jail,
    ev.LeftJail: _left_jail,
    ev.StayedInJail: _stayed_in_jail,
    ev.PurchaseOffered: _purchase_offered,
    ev.PropertyBought: _property_bought,
    ev.PurchaseDeclined: _purchase_declined,
    ev.AuctionOpened: _auction_opened,
    ev.BidPlaced: _bid_placed,
    ev.BidPassed: _bid_passed,
    ev.AuctionClosed: _auction_closed,
    ev.MoneyPaid: _money_paid,
    ev.PotCollected: _pot_collected,
    ev.RentClaimable: _rent_claimable,
    ev.RentClaimed: _rent_claimed,
    ev.CardDrawn: _card_drawn,
    ev.JailCardReturned: _jail_card_returned,
    ev.BuildingBuilt: _building_built,
    ev.BuildingsSold: _buildings_sold,
    ev.BuildingsReturned: _buildings_returned,
    ev.PropertyMortgaged: _property_mortgaged,
    ev.MortgageLifted: _mortgage_lifted,
    ev.MortgagesKept: _mortgages_kept,
    ev.DebtOpened: _debt_opened,
    ev.DebtSettled: _debt_settled,
    ev.PlayerBankrupt: _player_bankrupt,
    ev.MortgagesReceived: _mortgages_received,
    ev.OfferMade: _offer_made,
    ev.OfferDeclined: lambda s, e: _drop_offer(s, e.offer),
    ev.OfferWithdrawn: lambda s, e: _drop_offer(s, e.offer),
    ev.OfferVoided: lambda s, e: _drop_offer(s, e.offer),
    ev.TradeCompleted: _trade_completed,
    ev.TurnEnded: _turn_ended,
    ev.GameWon: _game_won,
}


def evolve(state: State | None, event: ev.Event) -> State:
    """The state after `event`; never mutates `state`."""
    return _HANDLERS[type(event)](state, event)
