"""The sensible bot's trading (RULES-CLASSIC.md "Trading"): it answers an
offer by what the trade is worth to each side, and proposes the trades that
complete its colour groups on terms it would take itself.

Worth is `worth.holdings_worth`: the deeds' prices and each whole group's
bonus, so a trade that completes a group is worth that group's bonus to the
side it completes, and losing a site of a group costs its holder what the
group would have been worth. An offer is taken when it gains its receiver
something, and more than it gains the offerer: a sensible player does not
hand another a bigger step towards the win than it takes. Proposals are
built to clear that bar by a little: the proposer pays (or asks) the cash
that leaves the receiver just ahead of it, and proposes only when it still
gains. Two players each a deed short of a group held by the other then swap,
the one whose group is worth more paying the difference, and a bot game is
not frozen by unfinished groups.
"""

import math
import random

from .. import moves as mv
from ..board import BOARD, COLOUR_GROUPS, GROUPS
from ..state import Offer, State
from .worth import RESERVE, exchange_gain

# How often the sensible bot looks for a trade when it may manage: trading
# every turn would fill the log with the same declined offer.
PROPOSE_CHANCE = 0.1
# What a Get Out of Jail Free card is worth in a trade.
JAIL_CARD = 50
# Cash in a proposal is rounded up to this.
ROUND_TO = 10


def _interest(state: State, deeds, lift=()) -> float:
    """What receiving `deeds` costs at once: 10% on each mortgaged one kept,
    the whole lifting cost on each lifted."""
    total = 0.0
    for i in deeds:
        if state.mortgaged[i]:
            sp = BOARD[i]
            total += (
                sp.unmortgage_cost
                if i in lift
                else sp.unmortgage_cost - sp.mortgage_value
            )
    return total


def offer_gains(state: State, offer: Offer) -> tuple[float, float]:
    """(what the trade gains its receiver, what it gains the offerer), in
    dollars of worth, cash and cards included."""
    to_gain = exchange_gain(state, offer.to, offer.get_deeds, offer.give_deeds)
    to_gain += offer.give_cash - offer.get_cash
    to_gain += JAIL_CARD * (len(offer.give_cards) - len(offer.get_cards))
    to_gain -= _interest(state, offer.give_deeds, offer.lift)
    by_gain = exchange_gain(state, offer.seat, offer.give_deeds, offer.get_deeds)
    by_gain += offer.get_cash - offer.give_cash
    by_gain += JAIL_CARD * (len(offer.get_cards) - len(offer.give_cards))
    by_gain -= _interest(state, offer.get_deeds, offer.lift)
    return to_gain, by_gain


def worth_taking(state: State, offer: Offer) -> bool:
    """Whether the receiver gains, and more than the offerer does."""
    mine, theirs = offer_gains(state, offer)
    return mine > 0 and mine > theirs


def _unbuilt(state: State, group: str) -> bool:
    return not any(state.levels[i] for i in GROUPS[group])


def _wanted(state: State, seat: int):
    """(holder, the sites of a colour group of this seat's that one other
    player holds all the rest of), for each group the seat has begun."""
    for g in COLOUR_GROUPS:
        sites = GROUPS[g]
        rest = [i for i in sites if state.owner[i] != seat]
        if not rest or len(rest) == len(sites) or not _unbuilt(state, g):
            continue
        holders = {state.owner[i] for i in rest}
        if len(holders) != 1 or None in holders:
            continue
        (holder,) = holders
        if state.players[holder].out:
            continue
        yield holder, tuple(rest)


def _sweeteners(state: State, seat: int, holder: int):
    """Deeds of this seat's to offer with: none, or the sites that would
    complete one of `holder`'s groups."""
    yield ()
    for g in COLOUR_GROUPS:
        sites = GROUPS[g]
        rest = [i for i in sites if state.owner[i] != holder]
        if not rest or len(rest) == len(sites) or not _unbuilt(state, g):
            continue
        if all(state.owner[i] == seat for i in rest):
            yield tuple(rest)


def group_trades(state: State, seat: int) -> list[tuple[float, mv.OfferTrade]]:
    """Every trade that completes one of the seat's colour groups on terms a
    sensible receiver takes and the seat still gains by, with that gain,
    best first (ties in board order)."""
    if state.in_debt(seat):
        return []
    cash = state.players[seat].cash
    out = []
    for holder, gets in _wanted(state, seat):
        if any(o.seat == seat and o.to == holder for o in state.offers):
            continue
        if state.in_debt(holder):
            continue
        their_cash = state.players[holder].cash
        for gives in _sweeteners(state, seat, holder):
            mine = exchange_gain(state, seat, gives, gets) - _interest(state, gets)
            theirs = exchange_gain(state, holder, gets, gives) - _interest(state, gives)
            # The cash that leaves the receiver just ahead: theirs + c > mine - c.
            pay = math.floor((mine - theirs) / 2) + 1
            pay = math.ceil(pay / ROUND_TO) * ROUND_TO
            if mine - pay <= 0:
                continue
            if pay > 0 and cash - pay - _interest(state, gets) < RESERVE:
                continue
            if pay < 0 and their_cash + pay - _interest(state, gives) < RESERVE:
                continue
            offer = mv.OfferTrade(
                seat=seat,
                to=holder,
                give_cash=max(pay, 0),
                give_deeds=gives,
                get_cash=max(-pay, 0),
                get_deeds=gets,
            )
            out.append((mine - pay, offer))
    out.sort(key=lambda x: (-x[0], x[1].get_deeds, x[1].give_deeds))
    return out


def propose(state: State, seat: int, rng: random.Random) -> mv.OfferTrade | None:
    """Now and then (PROPOSE_CHANCE), the best group-completing trade, if any;
    never while the seat has an offer open."""
    if any(o.seat == seat for o in state.offers) or rng.random() > PROPOSE_CHANCE:
        return None
    trades = group_trades(state, seat)
    return trades[0][1] if trades else None
