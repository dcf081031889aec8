"""Figures read off a state: rent, net worth, what a seat could raise, and who
may manage or raise cash now (RULES-CLASSIC.md "Rent", "Winning", "A turn")."""

from .board import BOARD, RAILROAD, RAILROAD_RENT, STREET, UTILITY_TIMES, group_of
from .cards import NEXT_RAILROAD, NEXT_UTILITY
from .state import END, JAIL_START, ROLL, State


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


def group_built(state: State, space: int) -> bool:
    return any(state.levels[i] for i in group_of(space))


def open_matters(state: State) -> bool:
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
        and not open_matters(state)
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


def money(n: int) -> str:
    return f"${n:,}"
