"""What a seat cannot see, guessed: the thinking bots play on a guess, never
on the state itself.

Hidden from a seat (`view.view`): the order of both decks, the other seats'
sealed bids in an open auction (and whether each bid or passed), and the
offers between other seats. A guess keeps everything public and the seat's
own secrets, deals each deck's cards (known: the deck less the cards players
hold) in a random order, drops the offers between others, and gives every
other seat that has answered the auction the sealed bid the sensible bot
would have made. Two states that differ only in what the seat cannot see give
the same guess for the same random numbers.
"""

import random
from dataclasses import replace

from ..state import SealedBid, State
from .sensible import sensible_bid


def guess(state: State, seat: int, rng: random.Random) -> State:
    """A state the seat cannot tell from the real one, drawn by `rng`."""
    chance = sorted(state.chance)
    chest = sorted(state.chest)
    rng.shuffle(chance)
    rng.shuffle(chest)
    offers = tuple(o for o in state.offers if seat in (o.seat, o.to))
    world = replace(state, chance=tuple(chance), chest=tuple(chest), offers=offers)
    a = state.auction
    if a is None:
        return world
    own = tuple(b for b in a.bids if b.seat == seat)
    bids = list(own)
    for other in state.remaining():
        if other == seat or other in a.bidders:
            continue
        bid = sensible_bid(world, other)
        amounts = getattr(bid, "amounts", None)
        if amounts:
            bids.append(SealedBid(seat=other, amounts=tuple(amounts)))
    return replace(world, auction=replace(a, bids=tuple(bids)))
