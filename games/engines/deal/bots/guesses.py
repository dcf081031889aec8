"""What one seat may know of a position, and full positions guessed from it.

The expert (`expert`) plays every candidate move on such guesses. It never
peeks: `knowledge(state, seat)` keeps the table, the discard pile, the seat's
own hand, how many cards each other hand and the draw pile hold, and the
unseen cards as a sorted pool, and `guess` deals from that pool alone, so two
states that differ only in hidden cards (other hands, the draw order) give
the same guesses for the same random seed. (It forgets the order of cards the
seat discarded to the bottom of the draw pile itself: knowing less than it
may is not cheating.)
"""

import random
from dataclasses import dataclass

from ..state import State, replace, with_hand


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one seat may know: the position with every hidden card taken out."""

    seat: int
    public: State  # other hands and the draw pile emptied
    hand_counts: tuple[int, ...]  # cards in each seat's hand
    draw_count: int
    unseen: tuple[int, ...]  # the other hands and the draw pile, sorted


def knowledge(state: State, seat: int) -> Knowledge:
    """What `seat` may know of `state`, and nothing more."""
    players = tuple(
        p if i == seat else with_hand(p, ()) for i, p in enumerate(state.players)
    )
    unseen = sorted(c for i, p in enumerate(state.players) if i != seat for c in p.hand)
    unseen += state.draw
    return Knowledge(
        seat=seat,
        public=replace(state, players=players, draw=()),
        hand_counts=tuple(len(p.hand) for p in state.players),
        draw_count=len(state.draw),
        unseen=tuple(sorted(unseen)),
    )


# By seat, the cards each card of its hand may not be (None: any).
Barred = tuple[tuple[frozenset[int], ...] | None, ...]


def guess(known: Knowledge, rng: random.Random, barred: Barred = ()) -> State:
    """One full position consistent with what the seat knows: the unseen cards
    shuffled and dealt to the other hands, the rest the draw pile. `barred`
    (`infer.slots`): by seat, the cards each card of its hand may not be,
    oldest first; such a hand is dealt last, from what the others left, each
    card the first of the shuffled pool it may be (any, when none is left).
    So a hand nothing is known of is dealt as without `barred`, and the cards
    a barred hand may not hold go to the draw pile, not to it: the sensible
    bot that did not keep them is likelier not to hold them either."""
    pool = list(known.unseen)
    rng.shuffle(pool)
    players = list(known.public.players)
    at = 0
    for i, count in enumerate(known.hand_counts):
        if i != known.seat and count and (i >= len(barred) or barred[i] is None):
            players[i] = with_hand(players[i], tuple(pool[at : at + count]))
            at += count
    rest = pool[at:]
    for i, bars in enumerate(barred):
        if bars is not None:
            players[i] = with_hand(players[i], _deal_barred(rest, bars))
    return replace(known.public, players=tuple(players), draw=tuple(rest))


def _deal_barred(pool: list[int], bars: tuple[frozenset[int], ...]) -> tuple[int, ...]:
    """A hand taken out of the shuffled `pool`, a card for each of `bars`."""
    hand = []
    for bar in bars:
        at = next((j for j, c in enumerate(pool) if c not in bar), 0)
        hand.append(pool.pop(at))
    return tuple(hand)
