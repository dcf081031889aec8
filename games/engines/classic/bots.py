"""Two bots that read only what their seat may see: the public table (cash,
deeds, buildings, positions) and their own decisions; never the decks' order,
others' sealed bids or offers between others."""

import random
from collections.abc import Callable

from . import moves as mv
from .board import BOARD, COLOUR_GROUPS, GROUPS, JAIL_FINE, STREET, group_of
from .decisions import awaiting, legal_moves
from .figures import may_manage
from .state import Offer, State

Bot = Callable[[State, int, random.Random], mv.Move]

_MANAGING = (mv.Build, mv.SellBuildings, mv.Mortgage, mv.Unmortgage, mv.WithdrawOffer)
RESERVE = 150


def random_bot(state: State, seat: int, rng: random.Random) -> mv.Move:
    """A legal move at random (never resigning); managing only now and then, so
    that turns move on."""
    moves = [m for m in legal_moves(state, seat) if not isinstance(m, mv.Resign)]
    owed = [m for m in moves if not isinstance(m, _MANAGING)]
    if owed and (rng.random() < 0.9 or len(owed) == len(moves)):
        return rng.choice(owed)
    return rng.choice(moves or [mv.Resign(seat=seat)])


def _group_count(state: State, seat: int, space: int) -> tuple[int, int]:
    """(sites of the deed's group this seat owns, sites in the group)."""
    sites = group_of(space)
    return sum(state.owner[i] == seat for i in sites), len(sites)


def deed_value(state: State, seat: int, space: int) -> float:
    """What a deed is worth to a seat: its price, more if it completes or
    nearly completes that seat's group, or blocks another's."""
    sp = BOARD[space]
    mine, size = _group_count(state, seat, space)
    value = float(sp.price)
    if mine + 1 == size:
        value *= 2.0
    elif mine:
        value *= 1.3
    others = [
        state.owner[i] for i in group_of(space) if state.owner[i] not in (None, seat)
    ]
    if others and max(others.count(o) for o in others) + 1 == size:
        value *= 1.5  # blocks a group
    return value


def _holdings_value(state: State, seat: int, deeds) -> float:
    total = 0.0
    for g, sites in GROUPS.items():
        held = [i for i in sites if i in deeds]
        if not held:
            continue
        total += sum(BOARD[i].price for i in held)
        if len(held) == len(sites):
            total += 400 if g in COLOUR_GROUPS else 100
    return total


def trade_gain(state: State, seat: int, offer: Offer) -> tuple[float, float]:
    """(gain for `seat` as receiver, gain for the offerer)."""
    mine, theirs = set(state.deeds(seat)), set(state.deeds(offer.seat))
    after_mine = (mine - set(offer.get_deeds)) | set(offer.give_deeds)
    after_theirs = (theirs - set(offer.give_deeds)) | set(offer.get_deeds)
    cash = offer.give_cash - offer.get_cash
    gain = _holdings_value(state, seat, after_mine) - _holdings_value(state, seat, mine)
    other = _holdings_value(state, offer.seat, after_theirs) - _holdings_value(
        state, offer.seat, theirs
    )
    return gain + cash, other - cash


def _propose(state: State, seat: int, rng: random.Random) -> mv.Move | None:
    """Offer cash for the one deed that would complete a colour group."""
    p = state.players[seat]
    if any(o.seat == seat for o in state.offers) or rng.random() > 0.1:
        return None
    for g in COLOUR_GROUPS:
        sites = GROUPS[g]
        mine = [i for i in sites if state.owner[i] == seat]
        rest = [i for i in sites if state.owner[i] != seat]
        if len(mine) != len(sites) - 1 or len(rest) != 1:
            continue
        (want,) = rest
        holder = state.owner[want]
        if holder is None or state.mortgaged[want]:
            continue
        if any(state.levels[i] for i in group_of(want)):
            continue
        price = BOARD[want].price * 2
        if p.cash - price >= RESERVE:
            return mv.OfferTrade(
                seat=seat, to=holder, give_cash=price, get_deeds=(want,)
            )
    return None


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
    return _propose(state, seat, rng)


def sensible_bot(state: State, seat: int, rng: random.Random) -> mv.Move:
    """Buys what completes or blocks groups (and anything with a reserve left),
    builds when cash allows with a reserve, mortgages least useful deeds first
    (the default order), bids up to a deed's value, accepts trades that help it
    more than the other side, and offers cash for the deed its group lacks."""
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
            gain, other = trade_gain(state, seat, offer)
            accept = mv.AcceptOffer(seat=seat, offer=offer.id)
            if gain > other and gain > 0 and accept in moves:
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
        a = state.auction
        amounts = tuple(
            int(min(deed_value(state, seat, i) * 0.8, max(0, p.cash - RESERVE)))
            for i in a.lots
        )
        if any(x > 0 for x in amounts):
            return mv.Bid(seat=seat, amounts=amounts)
        return mv.PassBid(seat=seat)
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


BOTS: dict[str, Bot] = {"random": random_bot, "sensible": sensible_bot}
__all__ = ["BOTS", "STREET", "Bot", "random_bot", "sensible_bot"]
