"""The table's choices, read from view() alone, are exactly the engine's: the
same builds, mortgages and lifts as legal_moves, and every sale it offers is
accepted (the engine's own smallest sale among them)."""

import random

import pytest

from games.engines.classic import (
    Build,
    IllegalMove,
    Mortgage,
    Options,
    SellBuildings,
    Unmortgage,
    decide,
    legal_moves,
    scenario,
    view,
)
from games.kinds.classic import choices

from .positions import played


def spaces(moves, kind) -> list[int]:
    return sorted(m.space for m in moves if type(m) is kind)


def compare(state) -> int:
    """Check every seat's choices against the engine; the sales checked."""
    checked = 0
    for seat, p in enumerate(state.players):
        if p.out or state.over:
            continue
        v = view(state, seat)
        legal = legal_moves(state, seat)
        assert sorted(choices.builds(v, seat)) == spaces(legal, Build)
        assert sorted(choices.mortgages(v, seat)) == spaces(legal, Mortgage)
        assert sorted(choices.unmortgages(v, seat)) == spaces(legal, Unmortgage)
        sales = choices.sales(v, seat)
        engine_sales = {m.group: m.levels for m in legal if type(m) is SellBuildings}
        assert set(sales) == set(engine_sales)
        for group, options in sales.items():
            # Uneven building: one site lowered at a time, not the engine's pick.
            if not state.options.uneven_building:
                assert engine_sales[group] in options
            for levels in options:
                move = SellBuildings(seat=seat, group=group, levels=levels)
                decide(state, move, random.Random(0))  # raises if refused
                checked += 1
    return checked


@pytest.mark.parametrize("seed", range(6))
def test_choices_match_the_engine_through_bot_games(seed):
    options = Options(uneven_building=seed % 3 == 2, starting_cash=2500)
    sales = sum(compare(s) for s in played(seed, 3, 600, options))
    assert sales >= 0


def test_sales_offer_every_even_split_and_stop_at_the_bank_stock():
    s = scenario("0 owns: Boardwalk +hotel, Park Place +hotel\nhouses: 3")
    sales = choices.sales(view(s, 0), 0)["dark blue"]
    # A hotel cannot come down to 4 houses (3 in the bank): 4 and 3 need 7.
    assert (4, 5) not in sales and (5, 4) not in sales
    assert (3, 3) not in sales  # 6 houses, 3 in stock
    assert (1, 2) in sales and (0, 0) in sales
    for levels in sales:
        decide(s, SellBuildings(seat=0, group="dark blue", levels=levels), None)


def test_an_uneven_sale_is_refused_by_the_engine_and_never_offered():
    s = scenario("0 owns: Boardwalk +2, Park Place +2")
    sales = choices.sales(view(s, 0), 0)["dark blue"]
    assert (2, 0) not in sales
    with pytest.raises(IllegalMove):
        decide(s, SellBuildings(seat=0, group="dark blue", levels=(2, 0)), None)


def test_nothing_to_manage_off_turn_except_raising_cash():
    s = scenario("active: 1\n0 owns: Boardwalk, Park Place")
    v = view(s, 0)
    assert choices.builds(v, 0) == choices.mortgages(v, 0) == []
    assert not choices.may_raise(v, 0) and not choices.may_raise(v, None)
