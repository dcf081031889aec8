"""Rent (RULES-CLASSIC.md "Rent", "Railroads and utilities")."""

from games.engines.classic import Roll, scenario

from .support import apply, cash


def _land(table: str, start: int, dice=(1, 2)) -> list[int]:
    s = scenario(f"{table}\n0 at: {start}")
    return cash(apply(s, Roll(seat=0), dice=dice))


def test_a_site_pays_its_printed_rent_to_the_owner_at_once():
    assert _land("1 owns: Boardwalk", 36) == [1450, 1550]


def test_a_full_unimproved_group_pays_double_even_with_a_site_mortgaged():
    assert _land("1 owns: Boardwalk, Park Place", 36) == [1400, 1600]
    assert _land("1 owns: Boardwalk, Park Place (mortgaged)", 36) == [1400, 1600]


def test_a_built_site_pays_the_rent_for_its_buildings():
    assert _land("1 owns: Boardwalk +3, Park Place +3", 36) == [100, 2900]
    table = "0 cash: 2500\n1 owns: Boardwalk +hotel, Park Place +4"
    assert _land(table, 36) == [500, 3500]


def test_a_mortgaged_site_pays_nothing():
    assert _land("1 owns: Boardwalk (mortgaged)", 36) == [1500, 1500]


def test_landing_on_your_own_property_costs_nothing():
    assert _land("0 owns: Boardwalk", 36) == [1500, 1500]


def test_railroads_pay_by_how_many_the_owner_holds_mortgaged_ones_included():
    assert _land("1 owns: Reading Railroad", 2)[1] == 1525
    table = "1 owns: Reading Railroad, Short Line (mortgaged), B. & O. Railroad"
    assert _land(table, 2)[1] == 1600


def test_utilities_pay_4_or_10_times_the_dice_that_brought_the_player():
    assert _land("1 owns: Electric Company", 9, (1, 2)) == [1488, 1512]
    assert _land("1 owns: Electric Company, Water Works", 9, (1, 2))[1] == 1530


def test_rent_is_owed_to_an_owner_in_jail():
    assert _land("1 owns: Boardwalk\n1 jail: 0", 36) == [1450, 1550]


def test_the_unbuilt_site_of_a_full_group_pays_double_even_when_others_are_built():
    table = "1 owns: Oriental Avenue +1, Vermont Avenue +1, Connecticut Avenue"
    assert _land(table, 6) == [1500 - 16, 1500 + 16]  # Connecticut: 2 x 8


def test_a_mortgaged_railroad_landed_on_pays_nothing_though_it_counts():
    table = "1 owns: Reading Railroad (mortgaged), Short Line"
    assert _land(table, 2) == [1500, 1500]
    assert _land(table, 32) == [1450, 1550]  # Short Line: 2 railroads, 50
