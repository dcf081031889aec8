"""The house rules of RULES-CLASSIC.md, each an option off by default."""

from games.engines.classic import (
    OPTION_LABELS,
    Build,
    ClaimRent,
    Options,
    PayJailFine,
    RaiseAndPay,
    Resign,
    Roll,
    SellBuildings,
    legal_moves,
    new_game,
    scenario,
)

from .support import apply, cash, refused


def test_every_house_rule_is_off_by_default_and_labelled():
    assert Options() == Options.from_json({})
    assert set(OPTION_LABELS) <= set(Options().to_json())


def test_free_parking_jackpot_collects_taxes_card_payments_and_fines():
    s = scenario("options: free_parking_jackpot\n0 at: 1")
    s = apply(s, Roll(seat=0), dice=(1, 2))
    assert s.pot == 200 and cash(s)[0] == 1300
    s = scenario("options: free_parking_jackpot\npot: 350\n0 at: 17")
    s = apply(s, Roll(seat=0), dice=(1, 2))
    assert s.pot == 0 and cash(s)[0] == 1850


def test_double_salary_for_landing_exactly_on_go():
    s = apply(scenario("options: double_salary\n0 at: 38"), Roll(seat=0), dice=(1, 1))
    assert cash(s)[0] == 1900
    s = apply(scenario("options: double_salary\n0 at: 38"), Roll(seat=0), dice=(2, 1))
    assert cash(s)[0] == 1700 - 50 or cash(s)[0] >= 1700


def test_rent_must_be_claimed_before_the_next_player_rolls():
    table = "options: rent_must_be_claimed\n1 owns: Boardwalk\n0 at: 36"
    s = apply(scenario(table), Roll(seat=0), dice=(1, 2))
    assert cash(s) == [1500, 1500] and len(s.claims) == 1
    claimed = apply(s, ClaimRent(seat=1, space=39))
    assert cash(claimed) == [1450, 1550]
    from games.engines.classic import EndTurn

    s = apply(s, EndTurn(seat=0), Roll(seat=1), dice=(1, 2))
    assert s.claims == ()
    refused(s, ClaimRent(seat=1, space=39), "no rent for you to claim")


def test_uneven_building_lets_a_site_run_ahead_of_its_group():
    s = scenario("options: uneven_building\n0 owns: Boardwalk, Park Place")
    s = apply(s, Build(seat=0, space=39), Build(seat=0, space=39))
    assert (s.levels[37], s.levels[39]) == (0, 2)
    s = apply(s, SellBuildings(seat=0, group="dark blue", levels=(0, 0)))
    assert s.levels[39] == 0


def test_starting_cash_is_an_option():
    assert [p.cash for p in new_game(3, 1, Options(starting_cash=2000)).players] == [
        2000
    ] * 3


def test_uneven_building_still_needs_four_houses_on_the_site_for_a_hotel():
    s = scenario("options: uneven_building\n0 owns: Boardwalk +3, Park Place")
    s = apply(s, Build(seat=0, space=39))
    assert s.levels[39] == 4 and s.hotels == 12
    s = apply(s, Build(seat=0, space=39))
    assert (s.levels[37], s.levels[39]) == (0, 5) and s.hotels == 11


def test_free_parking_jackpot_also_takes_card_payments_and_jail_fines():
    s = scenario("options: free_parking_jackpot\n0 at: 4\nchance: ch_speeding")
    s = apply(s, Roll(seat=0), dice=(1, 2))
    assert s.pot == 15
    s = scenario("options: free_parking_jackpot\n0 jail: 0")
    s = apply(s, PayJailFine(seat=0))
    assert s.pot == 50 and cash(s)[0] == 1450
    # Rent goes to the owner, never into the pot.
    s = scenario("options: free_parking_jackpot\n0 at: 36\n1 owns: Boardwalk")
    assert apply(s, Roll(seat=0), dice=(1, 2)).pot == 0


def test_no_auctions_also_leaves_a_bankrupts_deeds_with_the_bank():
    s = scenario("seats: 3\noptions: no_auctions\n1 owns: Boardwalk")
    s = apply(s, Resign(seat=1))
    assert s.auction is None and s.owner[39] is None and not s.over


def test_uneven_building_raises_money_one_level_at_a_time_from_the_highest_site():
    s = scenario(
        "options: uneven_building\n0 cash: 50\n0 at: 35\n"
        "0 owns: Oriental Avenue +3, Vermont Avenue +3, Connecticut Avenue"
    )
    s = apply(s, Roll(seat=0), RaiseAndPay(seat=0), dice=(1, 2))  # Luxury Tax 100
    # Two levels sold (25 each), the highest site first: no more than needed.
    assert (s.levels[6], s.levels[8], s.levels[9]) == (2, 2, 0)
    assert cash(s)[0] == 0 and s.debts == ()
    assert SellBuildings(seat=0, group="light blue", levels=(1, 2, 0)) in legal_moves(
        s, 0
    )
