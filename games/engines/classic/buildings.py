"""Building, selling buildings, mortgaging and lifting mortgages
(RULES-CLASSIC.md "Buildings", "Mortgages"), and the default mortgaging order."""

from ..errors import IllegalMove
from . import events as ev
from . import moves as mv
from .board import BOARD, COLOUR_GROUPS, GROUPS, HOTEL, STREET, group_of
from .builder import Builder
from .checks import own_deed, raising
from .evolve import stock_of
from .figures import group_built, holds_group, may_manage, money
from .state import State


def _on_build(b: Builder, m: mv.Build) -> None:
    """RULES-CLASSIC.md "Buildings": the whole group, none mortgaged, even
    building, 4 houses then a hotel, within the bank's stock."""
    s = b.state
    if not may_manage(s, m.seat):
        raise IllegalMove("You can build only on your own turn, between rolls.")
    own_deed(s, m.seat, m.space)
    sp = BOARD[m.space]
    if sp.kind != STREET:
        raise IllegalMove("Railroads and utilities take no buildings.")
    sites = group_of(m.space)
    if not holds_group(s, m.seat, m.space):
        raise IllegalMove(f"You need the whole {sp.group} group to build.")
    if any(s.mortgaged[i] for i in sites):
        raise IllegalMove(f"Lift every mortgage in the {sp.group} group first.")
    level = s.levels[m.space]
    if level == HOTEL:
        raise IllegalMove(f"{sp.name} already has a hotel.")
    if s.options.uneven_building:
        ready = True
    elif level < 4:
        ready = all(s.levels[i] >= level for i in sites)
    else:
        ready = all(s.levels[i] >= 4 for i in sites)
    if not ready:
        raise IllegalMove("Build evenly: every site of the group first.")
    if level < 4 and s.houses == 0:
        raise IllegalMove("The bank has no houses left.")
    if level == 4 and s.hotels == 0:
        raise IllegalMove("The bank has no hotels left.")
    if s.players[m.seat].cash < sp.house_cost:
        raise IllegalMove(f"A building there costs {money(sp.house_cost)}.")
    b.emit(ev.BuildingBuilt(seat=m.seat, space=m.space, cost=sp.house_cost))


def sale_ok(state: State, group: str, levels: tuple[int, ...]) -> str | None:
    """Why a sale to these levels is not allowed, or None. "A sale names new
    levels for the sites of one group: none higher than now, and the group's
    levels differing by at most one. When the new levels need more houses than
    the group has now, the extra houses must be in the bank's stock.\""""
    sites = GROUPS.get(group)
    if sites is None or group not in COLOUR_GROUPS:
        return "There is no such colour group."
    if len(levels) != len(sites):
        return "Name a level for each site of the group."
    old = tuple(state.levels[i] for i in sites)
    if any(not 0 <= new <= o for new, o in zip(levels, old, strict=True)):
        return "A sale cannot raise a site's buildings."
    if sum(levels) == sum(old):
        return "Sell at least one building."
    if not state.options.uneven_building and max(levels) - min(levels) > 1:
        return "Sell evenly: the group's levels may differ by one at most."
    needed = stock_of(levels)[0] - stock_of(old)[0]
    if needed > state.houses:
        return "The bank has too few houses to break that hotel into houses."
    return None


def one_level_sale(state: State, group: str) -> tuple[int, ...] | None:
    """The smallest even sale from a group: one level, or as far down as the
    bank's stock of houses requires. With uneven building, one site is lowered:
    by the fewest levels the stock allows, the highest site first, then board
    order."""
    sites = GROUPS[group]
    old = tuple(state.levels[i] for i in sites)
    n = len(sites)
    if state.options.uneven_building:
        best = None
        for k in sorted(range(n), key=lambda k: (-old[k], k)):
            for new in range(old[k] - 1, -1, -1):
                levels = (*old[:k], new, *old[k + 1 :])
                if sale_ok(state, group, levels) is None:
                    if best is None or old[k] - new < best[0]:
                        best = (old[k] - new, levels)
                    break
        return best[1] if best else None
    rank = sorted(range(n), key=lambda k: (-old[k], k))
    for total in range(sum(old) - 1, -1, -1):
        levels = [total // n] * n
        for k in rank[: total % n]:
            levels[k] += 1
        levels = tuple(levels)
        if sale_ok(state, group, levels) is None:
            return levels
    return None


def _on_sell(b: Builder, m: mv.SellBuildings) -> None:
    s = b.state
    raising(s, m.seat)
    sites = GROUPS.get(m.group, ())
    if not sites or any(s.owner[i] != m.seat for i in sites):
        raise IllegalMove("You have no buildings in that group.")
    why = sale_ok(s, m.group, tuple(m.levels))
    if why:
        raise IllegalMove(why)
    removed = sum(s.levels[i] for i in sites) - sum(m.levels)
    refund = removed * BOARD[sites[0]].house_cost // 2
    b.emit(
        ev.BuildingsSold(
            seat=m.seat, group=m.group, levels=tuple(m.levels), refund=refund
        )
    )


def _on_mortgage(b: Builder, m: mv.Mortgage) -> None:
    s = b.state
    raising(s, m.seat)
    own_deed(s, m.seat, m.space)
    if s.mortgaged[m.space]:
        raise IllegalMove(f"{BOARD[m.space].name} is already mortgaged.")
    if group_built(s, m.space):
        raise IllegalMove("Sell the group's buildings before mortgaging.")
    value = BOARD[m.space].mortgage_value
    b.emit(ev.PropertyMortgaged(seat=m.seat, space=m.space, amount=value))


def _on_unmortgage(b: Builder, m: mv.Unmortgage) -> None:
    s = b.state
    if not may_manage(s, m.seat):
        raise IllegalMove(
            "You can lift a mortgage only on your own turn, between rolls."
        )
    own_deed(s, m.seat, m.space)
    if not s.mortgaged[m.space]:
        raise IllegalMove(f"{BOARD[m.space].name} is not mortgaged.")
    cost = BOARD[m.space].unmortgage_cost
    if s.players[m.seat].cash < cost:
        raise IllegalMove(f"Lifting that mortgage costs {money(cost)}.")
    b.emit(ev.MortgageLifted(seat=m.seat, space=m.space, cost=cost))


def mortgage_order(state: State, seat: int) -> list[int]:
    """ "Mortgage properties that have no buildings in their group, lowest
    mortgage value first; sites of a complete group after all others; ties by
    board index.\""""
    free = [
        i
        for i in state.deeds(seat)
        if not state.mortgaged[i] and not group_built(state, i)
    ]
    return sorted(
        free,
        key=lambda i: (
            BOARD[i].kind == STREET and holds_group(state, seat, i),
            BOARD[i].mortgage_value,
            i,
        ),
    )


HANDLERS = {
    mv.Build: _on_build,
    mv.SellBuildings: _on_sell,
    mv.Mortgage: _on_mortgage,
    mv.Unmortgage: _on_unmortgage,
}
