"""Buildings and mortgages (RULES-CLASSIC.md "Buildings", "Mortgages")."""

import pytest

from games.engines.classic import (
    AcceptOffer,
    Build,
    BuildingsSold,
    Mortgage,
    OfferTrade,
    PropertyMortgaged,
    RaiseAndPay,
    Roll,
    SellBuildings,
    Unmortgage,
    default_move,
    scenario,
)

from .support import apply, cash, events_of, refused

BLUES = "0 owns: Boardwalk, Park Place"


def test_building_needs_the_whole_group_none_mortgaged():
    refused(scenario("0 owns: Boardwalk"), Build(seat=0, space=39), "whole dark")
    s = scenario("0 owns: Boardwalk, Park Place (mortgaged)")
    refused(s, Build(seat=0, space=39), "Lift every mortgage")
    refused(scenario("0 owns: Reading Railroad"), Build(seat=0, space=5), "no build")


def test_houses_cost_the_groups_house_cost_and_go_up_evenly():
    s = apply(scenario(BLUES), Build(seat=0, space=39))
    assert s.levels[39] == 1 and cash(s)[0] == 1300 and s.houses == 31
    refused(s, Build(seat=0, space=39), "Build evenly")
    s = apply(s, Build(seat=0, space=37), Build(seat=0, space=39))
    assert (s.levels[37], s.levels[39]) == (1, 2)


def test_a_hotel_needs_four_houses_on_every_site_and_returns_them():
    s = scenario("0 owns: Boardwalk +4, Park Place +3")
    refused(s, Build(seat=0, space=39), "Build evenly")
    s = apply(s, Build(seat=0, space=37), Build(seat=0, space=39))
    assert s.levels[39] == 5 and s.hotels == 11 and s.houses == 32 - 4
    refused(s, Build(seat=0, space=39), "already has a hotel")


def test_no_house_when_the_bank_has_none_no_hotel_when_none():
    refused(scenario(BLUES + "\nhouses: 0"), Build(seat=0, space=39), "no houses")
    s = scenario("0 owns: Boardwalk +4, Park Place +4\nhotels: 0")
    refused(s, Build(seat=0, space=39), "no hotels")


def test_building_only_on_your_own_turn_between_rolls():
    s = scenario(BLUES + "\nactive: 1")
    refused(s, Build(seat=0, space=39), "own turn")


def test_selling_pays_half_the_house_cost_per_level_evenly():
    s = scenario("0 owns: Boardwalk +2, Park Place +2")
    refused(s, SellBuildings(seat=0, group="dark blue", levels=(0, 2)), "evenly")
    refused(s, SellBuildings(seat=0, group="dark blue", levels=(3, 1)), "raise")
    s = apply(s, SellBuildings(seat=0, group="dark blue", levels=(2, 1)))
    assert cash(s)[0] == 1600 and s.houses == 32 - 3


def test_a_hotel_comes_down_to_four_houses_only_if_the_bank_has_four():
    s = scenario("0 owns: Boardwalk +hotel, Park Place +hotel\nhouses: 3")
    refused(
        s, SellBuildings(seat=0, group="dark blue", levels=(5, 4)), "too few houses"
    )
    s = apply(s, SellBuildings(seat=0, group="dark blue", levels=(1, 2)))
    assert s.hotels == 12 and s.houses == 0 and cash(s)[0] == 1500 + 7 * 100


def test_mortgaging_pays_half_the_price_and_needs_no_buildings_in_the_group():
    s = apply(scenario("0 owns: Reading Railroad"), Mortgage(seat=0, space=5))
    assert s.mortgaged[5] and cash(s)[0] == 1600
    s = scenario("0 owns: Boardwalk, Park Place +1")
    refused(s, Mortgage(seat=0, space=39), "Sell the group's buildings")


def test_lifting_costs_the_mortgage_value_plus_ten_percent_rounded_up():
    s = apply(
        scenario("0 owns: Mediterranean Avenue (mortgaged)"),
        Unmortgage(seat=0, space=1),
    )
    assert not s.mortgaged[1] and cash(s)[0] == 1500 - 33


def test_lifting_only_when_managing_is_allowed():
    s = scenario("0 owns: Boardwalk (mortgaged)\nactive: 1")
    refused(s, Unmortgage(seat=0, space=39), "own turn")


def test_a_mortgaged_deed_still_counts_for_a_group_and_a_railroad_count():
    s = scenario(
        "1 owns: Reading Railroad (mortgaged), Pennsylvania Railroad\n0 at: 12"
    )
    s = apply(s, Roll(seat=0), dice=(1, 2))
    assert cash(s) == [1450, 1550]


def test_raising_money_by_default_mortgages_cheapest_plain_deeds_first():
    table = (
        "0 cash: 0\n0 owns: Boardwalk +1, Park Place +1, Reading Railroad, "
        "Baltic Avenue\n1 owns: Income Tax\n0 at: 1"
    )
    s = scenario(table.replace("\n1 owns: Income Tax", ""))
    s = apply(s, Roll(seat=0), dice=(1, 2))  # Income Tax, 200
    assert s.debts and s.debts[0].amount == 200
    s = apply(s, RaiseAndPay(seat=0))
    # Baltic (30) then Reading (100) then one house (100): 230 >= 200.
    assert s.mortgaged[3] and s.mortgaged[5] and s.debts == ()
    assert s.levels[37] + s.levels[39] == 1 and cash(s)[0] == 30


@pytest.mark.parametrize(
    "houses,levels,left",
    [
        # Bank stock of houses -> the dark blue levels after raising, cash left.
        (32, (4, 4), 0),  # plenty: each hotel comes down to 4 houses
        (4, (2, 2), 400),  # one hotel to 4 houses, then both as far as stock allows
        (2, (1, 1), 600),  # 2 spare houses: the hotels come down to 1 house each
        (0, (0, 0), 800),  # none spare: the hotels come down to nothing
    ],
)
def test_raising_money_by_default_breaks_hotels_only_as_far_as_the_bank_houses_allow(
    houses, levels, left
):
    s = scenario(
        "0 cash: 0\n0 owns: Park Place +hotel, Boardwalk +hotel\n0 at: 1\n"
        f"houses: {houses}"
    )
    s = apply(s, Roll(seat=0), dice=(1, 2))  # Income Tax, 200
    assert default_move(s, 0) == RaiseAndPay(seat=0)
    s = apply(s, RaiseAndPay(seat=0))
    assert (s.levels[37], s.levels[39]) == levels and s.debts == ()
    assert cash(s)[0] == left and s.hotels == 12
    assert s.houses == houses - sum(levels)


def test_raising_money_by_default_follows_the_three_steps_in_order():
    s = scenario(
        "seats: 3\n0 cash: 0\n0 at: 36\n0 owns: Electric Company, "
        "Mediterranean Avenue, Baltic Avenue, Oriental Avenue +1, Vermont Avenue +1, "
        "Connecticut Avenue +1, St. James Place +1, Tennessee Avenue +1, "
        "New York Avenue +1\n1 owns: Boardwalk +2, Park Place +2"
    )
    s = apply(s, Roll(seat=0), dice=(1, 2))  # Boardwalk with 2 houses: 600
    events = events_of(s, RaiseAndPay(seat=0))
    steps = [
        (e.space,) if isinstance(e, PropertyMortgaged) else (e.group, e.levels)
        for e in events
        if isinstance(e, PropertyMortgaged | BuildingsSold)
    ]
    assert steps == [
        # 1. Deeds with no buildings in their group, lowest mortgage value
        # first, sites of a complete group after all others.
        (12,),
        (1,),
        (3,),
        # 2. Buildings one level at a time, evenly, cheapest house cost first.
        ("light blue", (1, 1, 0)),
        ("light blue", (1, 0, 0)),
        ("light blue", (0, 0, 0)),
        ("orange", (1, 1, 0)),
        ("orange", (1, 0, 0)),
        ("orange", (0, 0, 0)),
        # 3. The sites so cleared, in the order of step 1, until cash covers it.
        (6,),
        (8,),
        (9,),
        (16,),
    ]
    s = apply(s, RaiseAndPay(seat=0))
    assert s.debts == () and cash(s)[:2] == [610 - 600, 1500 + 600]


def test_a_mortgage_kept_on_a_received_deed_costs_the_full_110_percent_to_lift():
    s = scenario("active: 1\n0 owns: Reading Railroad (mortgaged)")
    s = apply(
        s,
        OfferTrade(seat=0, to=1, give_deeds=(5,), get_cash=50),
        AcceptOffer(seat=1, offer=1),
    )
    assert s.owner[5] == 1 and s.mortgaged[5] and cash(s) == [1550, 1500 - 50 - 10]
    s = apply(s, Unmortgage(seat=1, space=5))
    assert not s.mortgaged[5] and cash(s)[1] == 1440 - 110


def test_managing_is_open_before_rolling_between_doubles_and_before_ending():
    s = scenario(
        BLUES + ", Reading Railroad (mortgaged)\n0 at: 30\nchance: ch_dividend"
    )
    s = apply(s, Build(seat=0, space=39))  # before the first roll
    s = apply(s, Roll(seat=0), dice=(3, 3))  # doubles to 36: Chance, $50
    assert s.stage == "roll"
    s = apply(s, Build(seat=0, space=37))  # between doubles rolls
    s = apply(s, Roll(seat=0), dice=(1, 2))  # 39: own Boardwalk
    assert s.stage == "end"
    s = apply(s, Build(seat=0, space=39), Unmortgage(seat=0, space=5))
    assert (s.levels[37], s.levels[39]) == (1, 2)


def test_no_building_or_lifting_while_a_buy_decision_is_open_but_raising_cash():
    s = scenario(BLUES + ", Reading Railroad (mortgaged), Baltic Avenue\n0 at: 26")
    s = apply(s, Roll(seat=0), dice=(1, 2))  # Marvin Gardens for sale
    assert s.for_sale == 29
    refused(s, Build(seat=0, space=39), "own turn, between rolls")
    refused(s, Unmortgage(seat=0, space=5), "own turn, between rolls")
    s = apply(s, Mortgage(seat=0, space=3))
    assert s.mortgaged[3] and s.for_sale == 29
