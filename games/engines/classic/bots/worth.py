"""What deeds are worth to a seat, read off the public table: the sensible
bot's buying, bidding and trading, and the expert's candidates, all price by
these figures."""

from ..board import BOARD, COLOUR_GROUPS, GROUPS, RAILROAD, group_of
from ..state import State

# What holding a whole colour group adds to its deeds' prices: this share of
# the rent its sites charge with three houses each (the level where a group
# starts to pay; brown adds about $100, dark blue about $750).
GROUP_SHARE = 0.3
# A whole set of railroads or utilities, besides the deeds' prices.
RAILROAD_SET = 150
UTILITY_SET = 50


def group_bonus(group: str) -> float:
    """What completing `group` adds to its deeds' prices."""
    if group in COLOUR_GROUPS:
        return GROUP_SHARE * sum(BOARD[i].rents[3] for i in GROUPS[group])
    return RAILROAD_SET if group == RAILROAD else UTILITY_SET


BONUS: dict[str, float] = {g: group_bonus(g) for g in GROUPS}


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


def holdings_worth(state: State, deeds) -> float:
    """What a set of deeds is worth to whoever holds them: their prices (half
    for a mortgaged one), and each whole group's bonus."""
    held = set(deeds)
    total = 0.0
    for g, sites in GROUPS.items():
        mine = [i for i in sites if i in held]
        if not mine:
            continue
        total += sum(
            BOARD[i].price / 2 if state.mortgaged[i] else BOARD[i].price for i in mine
        )
        if len(mine) == len(sites):
            total += BONUS[g]
    return total


def exchange_gain(
    state: State, seat: int, gives: tuple[int, ...], gets: tuple[int, ...]
) -> float:
    """What `seat`'s holdings gain in worth by giving the deeds `gives` and
    getting `gets` (cash apart)."""
    mine = set(state.deeds(seat))
    after = (mine - set(gives)) | set(gets)
    return holdings_worth(state, after) - holdings_worth(state, mine)


# Cash a sensible player keeps in hand after buying, bidding or trading.
RESERVE = 150
