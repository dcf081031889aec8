"""What a seat may build, sell, mortgage and unmortgage, read from `view()` alone.

The engine's own checks (games/engines/classic/figures.py: may_manage,
may_raise; buildings.py: _on_build, sale_ok, mortgage_order, _on_unmortgage)
restated over the view's dict, so the table offers exactly the choices the
engine accepts and needs no engine state. tests/kinds/classic/test_choices.py
holds them equal to `legal_moves` over many positions from bot play.
"""

from itertools import product
from typing import Any

from games.engines.classic import BOARD, GROUPS
from games.engines.classic.board import COLOUR_GROUPS, HOTEL, STREET

# The active player's stages in which managing is allowed.
MANAGING_STAGES = ("jail", "roll", "end")


def deeds_by_space(view: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {d["space"]: d for d in view["deeds"]}


def open_matters(view: dict[str, Any]) -> bool:
    """A buy decision, auction, debt or received mortgages are open."""
    return bool(
        view["for_sale"] is not None
        or view["auction"] is not None
        or view["debts"]
        or view["inheritance"] is not None
    )


def may_manage(view: dict[str, Any], seat: int | None) -> bool:
    """Build, sell, mortgage, unmortgage: the active player between rolls."""
    return (
        seat is not None
        and seat == view["active"]
        and view["stage"] in MANAGING_STAGES
        and not open_matters(view)
    )


def in_debt(view: dict[str, Any], seat: int | None) -> bool:
    return any(d["seat"] == seat for d in view["debts"])


def may_raise(view: dict[str, Any], seat: int | None) -> bool:
    """Sell and mortgage: managing, owing a debt, deciding on received
    mortgages, bidding before the bid, or deciding whether to buy."""
    if seat is None or view["stage"] == "over":
        return False
    if may_manage(view, seat) or in_debt(view, seat):
        return True
    if view["inheritance"] is not None:
        return view["inheritance"]["seat"] == seat
    if view["debts"]:
        return False
    if view["auction"] is not None:
        return seat in view["auction"]["waiting_on"]
    return view["for_sale"] is not None and seat == view["active"]


def _group_built(deeds: dict[int, dict[str, Any]], space: int) -> bool:
    return any(deeds[i]["level"] for i in GROUPS[BOARD[space].group])


def _holds_group(deeds: dict[int, dict[str, Any]], seat: int, space: int) -> bool:
    return all(deeds[i]["owner"] == seat for i in GROUPS[BOARD[space].group])


def builds(view: dict[str, Any], seat: int | None) -> list[int]:
    """The sites that may take their next building now, in board order."""
    if not may_manage(view, seat):
        return []
    deeds = deeds_by_space(view)
    cash = view["players"][seat]["cash"]
    uneven = view["options"].get("uneven_building", False)
    out = []
    for i, d in deeds.items():
        sp = BOARD[i]
        if d["owner"] != seat or sp.kind != STREET or not _holds_group(deeds, seat, i):
            continue
        sites = GROUPS[sp.group]
        if any(deeds[j]["mortgaged"] for j in sites) or cash < sp.house_cost:
            continue
        level = d["level"]
        if level == HOTEL:
            continue
        if level < 4:
            ready = uneven or all(deeds[j]["level"] >= level for j in sites)
            stock = view["houses"]
        else:
            ready = uneven or all(deeds[j]["level"] >= 4 for j in sites)
            stock = view["hotels"]
        if ready and stock:
            out.append(i)
    return out


def houses_in(levels) -> int:
    return sum(level for level in levels if level < HOTEL)


def sales(view: dict[str, Any], seat: int | None) -> dict[str, list[tuple[int, ...]]]:
    """Per colour group with buildings: every sale the engine allows, as the
    group's new levels in board order, the fewest buildings sold first. Even
    building: levels no higher than now, differing by one at most, at least one
    building sold, the houses a hotel breaks into within the bank's stock. With
    uneven building: one site lowered at a time."""
    if not may_raise(view, seat):
        return {}
    deeds = deeds_by_space(view)
    uneven = view["options"].get("uneven_building", False)
    out = {}
    for g in COLOUR_GROUPS:
        sites = GROUPS[g]
        old = tuple(deeds[i]["level"] for i in sites)
        if deeds[sites[0]]["owner"] != seat or not any(old):
            continue
        if uneven:
            candidates = [
                (*old[:k], new, *old[k + 1 :])
                for k, o in enumerate(old)
                for new in range(o - 1, -1, -1)
            ]
        else:
            candidates = [
                levels
                for levels in product(*(range(o, -1, -1) for o in old))
                if max(levels) - min(levels) <= 1
            ]
        allowed = [
            levels
            for levels in candidates
            if sum(levels) < sum(old)
            and houses_in(levels) - houses_in(old) <= view["houses"]
        ]
        allowed.sort(key=lambda levels: -sum(levels))
        if allowed:
            out[g] = allowed
    return out


def mortgages(view: dict[str, Any], seat: int | None) -> list[int]:
    """Deeds that may be mortgaged now: unmortgaged, no buildings in the group."""
    if not may_raise(view, seat):
        return []
    deeds = deeds_by_space(view)
    return [
        i
        for i, d in deeds.items()
        if d["owner"] == seat and not d["mortgaged"] and not _group_built(deeds, i)
    ]


def unmortgages(view: dict[str, Any], seat: int | None) -> list[int]:
    """Mortgaged deeds whose mortgage the seat may lift now and can pay for."""
    if not may_manage(view, seat):
        return []
    cash = view["players"][seat]["cash"]
    return [
        d["space"]
        for d in view["deeds"]
        if d["owner"] == seat
        and d["mortgaged"]
        and cash >= BOARD[d["space"]].unmortgage_cost
    ]


def tradable(view: dict[str, Any], seat: int) -> list[int]:
    """A seat's deeds that may go into a trade: none of the group built on."""
    deeds = deeds_by_space(view)
    return [
        i for i, d in deeds.items() if d["owner"] == seat and not _group_built(deeds, i)
    ]
