"""A classic position's win chances, read off the table without playing on:
the expert scores its rollouts' ends by them, and the review of a finished
game charts them.

A seat's strength is its net worth (RULES-CLASSIC.md "Winning": what the turn
limit counts) plus the rent its deeds can be expected to collect over the
next HORIZON turns of each other player: for every deed, the rent it charges
now (buildings, whole groups and railroad counts included; a utility at a
roll of 7) times the chance a roll ends on it (LANDING, the long-run share of
turns that end on each space, jail and the cards counted). Rent is what
turns worth into a win: a monopoly with houses earns, cash in hand does not.
The chances are the strengths raised to the power SHARPNESS, shared out:
equal tables are even chances, a seat out of the game has none, and a
finished game gives its winners all of it. With a turn limit, the horizon is
the rounds left at most, so net worth counts for more as the end nears.
"""

from ..board import DEEDS
from ..figures import net_worth, rent_for
from ..state import State

# The long-run chance, in percent, that a turn ends on each space (the
# well-known Markov chain figures for the standard rules, leaving jail at
# once): orange and red are landed on most, the Chance spaces least.
LANDING_PERCENT = (
    3.09, 2.13, 1.88, 2.16, 2.33, 2.96, 2.26, 0.87, 2.32, 2.30,
    2.27, 2.70, 2.61, 2.38, 2.46, 2.92, 2.79, 2.58, 2.94, 3.08,
    2.88, 2.83, 1.05, 2.74, 3.19, 3.06, 2.71, 2.68, 2.81, 2.59,
    0.00, 2.68, 2.62, 2.37, 2.50, 2.43, 0.87, 2.19, 2.18, 2.62,
)  # fmt: skip
LANDING = tuple(p / 100 for p in LANDING_PERCENT)
# Turns of each other player over which expected rent counts, and how
# sharply a lead in strength turns into a lead in chances: fitted by
# `python -m bench.classic_fit --games 150` (8,920 positions of sensible bots'
# games, 2 to 4 seats, 27 Nov 2026): log loss 0.616 on the winners, against
# 0.999 for even chances and 0.639 for a horizon of 12 turns; 30 to 90 turns
# and a power of 2.5 to 3.5 are all within 0.01 of it.
HORIZON = 45
SHARPNESS = 3.0
# A roll's mean total, for a utility's rent.
MEAN_ROLL = 7


def income(state: State, seat: int) -> float:
    """The rent this seat's deeds collect, on average, from one turn of
    another player."""
    total = 0.0
    for i in DEEDS:
        if state.owner[i] != seat or state.mortgaged[i]:
            continue
        total += LANDING[i] * rent_for(state, i, MEAN_ROLL)
    return total


def strength(state: State, seat: int, horizon: float = HORIZON) -> float:
    """Net worth and the rent expected over `horizon` turns of every other
    player still in the game."""
    others = len(state.remaining()) - 1
    return net_worth(state, seat) + horizon * others * income(state, seat)


def _horizon(state: State) -> float:
    limit = state.options.turn_limit
    if not limit:
        return HORIZON
    return max(0, min(HORIZON, limit - state.round))


def chances(state: State, sharpness: float = SHARPNESS) -> tuple[float, ...]:
    """Each seat's chance of winning from here, summing to 1 (a shared win
    shared)."""
    n = len(state.players)
    if state.over:
        won = state.winners
        if not won:
            return (0.0,) * n
        return tuple(1 / len(won) if s in won else 0.0 for s in range(n))
    horizon = _horizon(state)
    powers = [
        0.0 if p.out else max(strength(state, s, horizon), 1.0) ** sharpness
        for s, p in enumerate(state.players)
    ]
    total = sum(powers)
    return tuple(x / total for x in powers)


__all__ = ["chances", "income", "strength"]
