"""Property-based self-play: bots play whole games under every house rule, and
the invariants hold after every decision (hypothesis)."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.classic import (
    BOARD,
    DEEDS,
    GROUPS,
    IllegalMove,
    Options,
    awaiting,
    decide,
    describe,
    evolve,
    from_json,
    legal_moves,
    redact,
    replay,
    setup,
    to_json,
    view,
)
from games.engines.classic import events as ev
from games.engines.classic import moves as mv
from games.engines.classic.board import COLOUR_GROUPS, HOTEL
from games.engines.classic.bots import BOTS


def bank_flow(before, event) -> int:
    """How much an event moves between the bank and the players (cash + pot)."""
    match event:
        case ev.SalaryCollected() | ev.PropertyMortgaged():
            return event.amount
        case ev.PropertyBought():
            return -event.price
        case ev.AuctionClosed():
            return -sum(s.price for s in event.sales)
        case ev.MoneyPaid():
            if event.seat is None:
                return event.amount
            return -event.amount if event.to is None and not event.pot else 0
        case ev.BuildingBuilt():
            return -event.cost
        case ev.BuildingsSold():
            return event.refund
        case ev.MortgageLifted():
            return -event.cost
        case ev.PlayerBankrupt():
            left = before.players[event.seat].cash
            if len(event.creditors) == 1:
                return 0
            if not event.creditors:
                return -left
            return -(left % len(event.creditors))
    return 0


def money(state) -> int:
    return sum(p.cash for p in state.players) + state.pot


def check_invariants(state) -> None:
    assert all(p.cash >= 0 for p in state.players)
    # Each deed is owned by one player still in, or by the bank (unmortgaged).
    n = len(state.players)
    assert all(o is None or 0 <= o < n for o in state.owner)
    held = [i for seat in range(n) for i in state.deeds(seat)]
    assert len(held) == len(set(held))
    in_bank = [i for i in DEEDS if state.owner[i] is None]
    assert len(held) + len(in_bank) == 28
    assert not any(state.mortgaged[i] for i in in_bank)
    for i, o in enumerate(state.owner):
        if not BOARD[i].is_property:
            assert o is None and state.levels[i] == 0
        elif o is not None:
            assert not state.players[o].out, "an out player owns a deed"
    standing_houses = sum(lv for lv in state.levels if lv < HOTEL)
    standing_hotels = sum(lv == HOTEL for lv in state.levels)
    assert 0 <= state.houses <= 32 and 0 <= state.hotels <= 12
    assert state.houses + standing_houses == 32
    assert state.hotels + standing_hotels == 12
    for g in COLOUR_GROUPS:
        levels = [state.levels[i] for i in GROUPS[g]]
        if any(levels):
            owners = {state.owner[i] for i in GROUPS[g]}
            assert len(owners) == 1 and None not in owners
            assert not any(state.mortgaged[i] for i in GROUPS[g])
            if not state.options.uneven_building:
                assert max(levels) - min(levels) <= 1, (g, levels)
    for deck, prefix in ((state.chance, "ch_"), (state.chest, "cc_")):
        held_cards = [c for p in state.players for c in p.jail_cards]
        assert len(deck) + sum(c.startswith(prefix) for c in held_cards) == 16


def check_views(state) -> None:
    if state.over:
        return
    for seat in (None, *range(len(state.players))):
        v = view(state, seat)
        json.dumps(v)
        assert v["chance"] is None and v["chest"] is None
        if state.auction is not None:
            own = [b.amounts for b in state.auction.bids if b.seat == seat]
            assert v["auction"]["your_bid"] == (list(own[0]) if own else None)
            text = json.dumps(v["auction"])
            for b in state.auction.bids:
                if b.seat != seat:
                    assert "amounts" not in text
        for o in v["offers"]:
            assert seat in (o["seat"], o["to"])


def check_redaction(events, seats: int) -> None:
    """No event as another seat reads it shows a deck's order or a sealed bid."""
    names = [f"P{i}" for i in range(seats)]
    for e in events:
        for seat in (None, *range(seats)):
            d = redact(e, seat)
            json.dumps(d)
            if isinstance(e, ev.GameStarted):
                assert d["chance"] is None and d["chest"] is None
            if isinstance(e, ev.BidPlaced) and e.seat != seat:
                assert d["amounts"] is None
                assert "$" not in describe(e, seat, names)


def random_probe(state, rng):
    """A move of any kind (but Resign), its fields chosen with no regard to
    legality: a seat, a space (or none such), a group, an offer id, amounts."""
    n = len(state.players)
    seat = rng.randrange(n)
    space = rng.randrange(-1, 41)
    group = rng.choice((*COLOUR_GROUPS, "railroad", "nowhere"))
    sites = len(GROUPS.get(group, (0, 0)))
    offer = rng.randrange(0, 6)
    other_deeds = state.deeds(rng.randrange(n))
    return rng.choice(
        [
            mv.Roll(seat=seat),
            mv.PayJailFine(seat=seat),
            mv.UseJailCard(seat=seat),
            mv.Buy(seat=seat),
            mv.DeclineBuy(seat=seat),
            mv.Bid(
                seat=seat,
                amounts=tuple(
                    rng.choice((-5, 0, 1, 60, 5000)) for _ in range(rng.randint(0, 2))
                ),
            ),
            mv.PassBid(seat=seat),
            mv.Build(seat=seat, space=space),
            mv.SellBuildings(
                seat=seat,
                group=group,
                levels=tuple(rng.randrange(0, 6) for _ in range(sites)),
            ),
            mv.Mortgage(seat=seat, space=space),
            mv.Unmortgage(seat=seat, space=space),
            mv.RaiseAndPay(seat=seat),
            mv.LiftMortgages(seat=seat, spaces=(space,) if space % 2 else ()),
            mv.OfferTrade(
                seat=seat,
                to=rng.randrange(n),
                give_cash=rng.choice((0, 50, 5000)),
                get_deeds=other_deeds[:1],
                lift=other_deeds[:1] if rng.random() < 0.2 else (),
            ),
            mv.AcceptOffer(seat=seat, offer=offer),
            mv.DeclineOffer(seat=seat, offer=offer),
            mv.WithdrawOffer(seat=seat, offer=offer),
            mv.ClaimRent(seat=seat, space=space),
            mv.EndTurn(seat=seat),
        ]
    )


# Moves legal_moves lists exactly (no free choice among many): a probe of these
# kinds is accepted exactly when legal_moves lists it.
EXACT = (
    mv.Roll,
    mv.PayJailFine,
    mv.UseJailCard,
    mv.Buy,
    mv.DeclineBuy,
    mv.PassBid,
    mv.Build,
    mv.Mortgage,
    mv.Unmortgage,
    mv.RaiseAndPay,
    mv.AcceptOffer,
    mv.DeclineOffer,
    mv.WithdrawOffer,
    mv.ClaimRent,
    mv.EndTurn,
)


OPTIONS = st.builds(
    Options,
    free_parking_jackpot=st.booleans(),
    double_salary=st.booleans(),
    no_auctions=st.booleans(),
    rent_must_be_claimed=st.booleans(),
    uneven_building=st.booleans(),
    short_game=st.booleans(),
    starting_cash=st.sampled_from((500, 1500)),
    turn_limit=st.integers(5, 25),
)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    seats=st.integers(2, 6),
    options=OPTIONS,
    bots=st.lists(st.sampled_from(sorted(BOTS)), min_size=6, max_size=6),
)
def test_bot_games_keep_every_invariant_and_finish(seed, seats, options, bots):
    rng = random.Random(seed)
    events = setup(seats, options, rng)
    check_redaction(events, seats)
    state = replay(events)
    for step in range(20_000):
        if state.over:
            break
        check_invariants(state)
        if step % 7 == 0:
            check_views(state)
        if step % 250 == 0:
            assert replay(events) == state
        probe = random_probe(state, rng)
        snapshot = to_json(state)
        try:
            produced = decide(state, probe, random.Random(step))
        except IllegalMove as refusal:
            # Every illegal move is refused with a sentence and no change.
            assert refusal.message
            assert to_json(state) == snapshot
            if isinstance(probe, EXACT):
                assert probe not in legal_moves(state, probe.seat), refusal.message
        else:
            if isinstance(probe, EXACT):
                assert probe in legal_moves(state, probe.seat), probe
            before = state
            for e in produced:
                state = evolve(state, e)
            assert money(state) - money(before) == sum(
                bank_flow(b, e) for b, e in _pairs(before, produced)
            )
            events += produced
            continue
        entry = rng.choice(awaiting(state))
        moves = legal_moves(state, entry.seat)
        if step % 11 == 0:
            # Every legal move of every seat is accepted.
            for seat in range(seats):
                mine = moves if seat == entry.seat else legal_moves(state, seat)
                for m in mine:
                    decide(state, m, random.Random(step))
        move = BOTS[bots[entry.seat]](state, entry.seat, rng)
        produced = decide(state, move, rng)
        check_redaction(produced, seats)
        before = state
        for e in produced:
            state = evolve(state, e)
        assert money(state) - money(before) == sum(
            bank_flow(b, e) for b, e in _pairs(before, produced)
        )
        events += produced
    assert state.over, "a bot game did not finish"
    assert state.winners and state.end_reason in (
        "last player",
        "turn limit",
        "short game",
    )
    assert replay(events) == state
    assert from_json(json.loads(json.dumps(to_json(state)))) == state
    for e in events[:200]:
        assert from_json(json.loads(json.dumps(to_json(e)))) == e


def _pairs(state, events):
    for e in events:
        yield state, e
        state = evolve(state, e)
