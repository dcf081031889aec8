"""The one-move bots, which read only what their seat may see: the public
table (cash, deeds, buildings, positions) and their own decisions; never the
decks' order, others' sealed bids or offers between others.

- `random_bot`: a legal move at random;
- `sensible_bot`: the timeouts' opponent, self-play and the expert's rollout
  policy: buys and bids by `worth`, builds with a reserve, trades by `trades`.
"""

import random
from collections.abc import Callable

from .. import moves as mv
from ..board import BOARD, JAIL_FINE
from ..decisions import awaiting, legal_moves
from ..figures import may_manage
from ..state import State
from .trades import propose, worth_taking
from .worth import RESERVE, deed_value

Bot = Callable[[State, int, random.Random], mv.Move]

_MANAGING = (mv.Build, mv.SellBuildings, mv.Mortgage, mv.Unmortgage, mv.WithdrawOffer)


def random_bot(state: State, seat: int, rng: random.Random) -> mv.Move:
    """A legal move at random (never resigning); managing only now and then, so
    that turns move on."""
    moves = [m for m in legal_moves(state, seat) if not isinstance(m, mv.Resign)]
    owed = [m for m in moves if not isinstance(m, _MANAGING)]
    if owed and (rng.random() < 0.9 or len(owed) == len(moves)):
        return rng.choice(owed)
    return rng.choice(moves or [mv.Resign(seat=seat)])


def sensible_bid(state: State, seat: int) -> mv.Bid | mv.PassBid:
    """Up to 80% of each lot's worth to the seat, keeping a reserve."""
    cash = state.players[seat].cash
    amounts = tuple(
        int(min(deed_value(state, seat, i) * 0.8, max(0, cash - RESERVE)))
        for i in state.auction.lots
    )
    if any(x > 0 for x in amounts):
        return mv.Bid(seat=seat, amounts=amounts)
    return mv.PassBid(seat=seat)


def _manage(state: State, seat: int, moves: list[mv.Move], rng) -> mv.Move | None:
    p = state.players[seat]
    for m in moves:
        if (
            isinstance(m, mv.Unmortgage)
            and p.cash - BOARD[m.space].unmortgage_cost >= 3 * RESERVE
        ):
            return m
    builds = [m for m in moves if isinstance(m, mv.Build)]
    builds.sort(key=lambda m: (-BOARD[m.space].house_cost, m.space))
    for m in builds:
        if p.cash - BOARD[m.space].house_cost >= 2 * RESERVE:
            return m
    return propose(state, seat, rng)


def sensible_bot(state: State, seat: int, rng: random.Random) -> mv.Move:
    """Buys what completes or blocks groups (and anything with a reserve left),
    builds when cash allows with a reserve, mortgages least useful deeds first
    (the default order), bids up to a deed's value, accepts trades that help it
    more than the other side, and proposes trades that complete its groups."""
    moves = legal_moves(state, seat)
    p = state.players[seat]
    mine = [e for e in awaiting(state) if e.seat == seat]
    kinds = {e.kind for e in mine}
    if may_manage(state, seat):
        chosen = _manage(state, seat, moves, rng)
        if chosen is not None:
            return chosen
    for e in mine:
        if e.kind == "answer":
            offer = next(o for o in state.offers if o.id == e.offer)
            accept = mv.AcceptOffer(seat=seat, offer=offer.id)
            if accept in moves and worth_taking(state, offer):
                return accept
            return mv.DeclineOffer(seat=seat, offer=offer.id)
    if "mortgages" in kinds:
        inh = state.inheritance
        lift = tuple(
            i for i in inh.spaces if p.cash > BOARD[i].unmortgage_cost + 3 * RESERVE
        )[:1]
        return mv.LiftMortgages(seat=seat, spaces=lift)
    if "pay" in kinds:
        return mv.RaiseAndPay(seat=seat)
    if "bid" in kinds:
        return sensible_bid(state, seat)
    if "buy" in kinds:
        space = state.for_sale
        price = BOARD[space].price
        wanted = deed_value(state, seat, space) > price
        if p.cash >= price and (p.cash - price >= RESERVE or wanted):
            return mv.Buy(seat=seat)
        return mv.DeclineBuy(seat=seat)
    if "jail" in kinds:
        unowned = sum(state.owner[i] is None for i in range(40) if BOARD[i].is_property)
        if unowned > 8:
            if p.jail_cards:
                return mv.UseJailCard(seat=seat)
            if p.cash >= JAIL_FINE + 2 * RESERVE:
                return mv.PayJailFine(seat=seat)
        return mv.Roll(seat=seat)
    if "roll" in kinds:
        return mv.Roll(seat=seat)
    if "end" in kinds:
        return mv.EndTurn(seat=seat)
    options = [m for m in moves if not isinstance(m, mv.Resign)]
    return options[0] if options else mv.Resign(seat=seat)
