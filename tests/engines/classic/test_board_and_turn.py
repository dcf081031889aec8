"""Equipment, the board, a turn, moving and GO (RULES-CLASSIC.md)."""

import random

import pytest

from games.engines.classic import (
    BOARD,
    CARDS,
    DEEDS,
    GROUPS,
    EndTurn,
    Options,
    Roll,
    awaiting,
    new_game,
    scenario,
    setup,
)

from .support import apply, cash, events_of, kinds, refused, where


def test_a_game_is_for_two_to_eight_players_with_1500_each():
    for seats in (2, 8):
        s = new_game(seats, 3)
        assert cash(s) == [1500] * seats
        assert all(p.position == 0 for p in s.players)
    with pytest.raises(Exception, match="2 to 8"):
        setup(9, Options(), random.Random(0))


def test_the_bank_holds_28_deeds_32_houses_12_hotels_and_two_decks_of_16():
    s = new_game(3, 1)
    assert len(DEEDS) == 28 and all(o is None for o in s.owner)
    assert (s.houses, s.hotels) == (32, 12)
    assert sorted(s.chance) == sorted(c for c in CARDS if c.startswith("ch_"))
    assert len(s.chance) == len(s.chest) == 16


def test_mortgage_and_unmortgage_figures_follow_the_table():
    expected = {
        1: (30, 33),
        5: (100, 110),
        12: (75, 83),
        37: (175, 193),
        39: (200, 220),
    }
    for i, figures in expected.items():
        assert (BOARD[i].mortgage_value, BOARD[i].unmortgage_cost) == figures
    assert {g: len(v) for g, v in GROUPS.items()}["brown"] == 2
    assert GROUPS["dark blue"] == (37, 39)


def test_the_first_player_is_drawn_at_random_from_the_seed():
    firsts = {new_game(4, seed).active for seed in range(20)}
    assert len(firsts) > 1


def test_a_roll_moves_clockwise_by_the_dice_total():
    s = apply(scenario(""), Roll(seat=0), dice=(2, 3))
    assert where(s, 0) == 5  # Reading Railroad, offered for sale
    assert [a.kind for a in awaiting(s)] == ["buy"]


def test_passing_go_pays_200_before_the_space_is_resolved():
    s = scenario("0 at: 38\nchest: cc_doctor")
    events = events_of(s, Roll(seat=0), dice=(1, 3))
    assert kinds(events)[:4] == [
        "DiceRolled",
        "TokenMoved",
        "SalaryCollected",
        "CardDrawn",
    ]
    s = apply(s, Roll(seat=0), dice=(1, 3))
    assert where(s, 0) == 2 and cash(s)[0] == 1500 + 200 - 50


def test_landing_exactly_on_go_pays_200_once():
    s = apply(scenario("0 at: 38"), Roll(seat=0), dice=(1, 1))
    assert where(s, 0) == 0 and cash(s)[0] == 1700


def test_doubles_roll_again_and_ending_waits_until_no_doubles():
    s = scenario("0 at: 10")
    s = apply(s, Roll(seat=0), dice=(5, 5))  # 20 Free Parking
    assert [a.kind for a in awaiting(s)] == ["roll"]
    refused(s, EndTurn(seat=0), "Roll the dice first.")
    s = apply(s, Roll(seat=0), dice=(6, 4))  # 30 Go To Jail
    assert s.players[0].in_jail and s.active == 1


def test_a_third_doubles_sends_the_player_to_jail_without_moving():
    s = scenario("0 at: 0")
    s = apply(s, Roll(seat=0), Roll(seat=0), dice=(2, 2, 3, 3))  # 4 tax, 10 visit
    assert where(s, 0) == 10 and not s.players[0].in_jail
    s = apply(s, Roll(seat=0), dice=(4, 4))
    assert s.players[0].in_jail and where(s, 0) == 10
    assert s.active == 1  # going to jail ends the turn at once


def test_the_turn_passes_to_the_next_seat_skipping_players_who_are_out():
    s = scenario("seats: 3\n0 at: 20\nstage: end\n1 out")
    s = apply(s, EndTurn(seat=0))
    assert s.active == 2


def test_only_the_active_player_rolls():
    refused(scenario(""), Roll(seat=1), "It is not your turn.")


def test_going_to_jail_never_passes_go():
    s = apply(scenario("0 at: 28"), Roll(seat=0), dice=(1, 1))  # 30 Go To Jail
    assert s.players[0].in_jail and cash(s)[0] == 1500


def test_free_parking_and_just_visiting_do_nothing():
    s = apply(scenario("0 at: 15"), Roll(seat=0), dice=(2, 3))
    assert cash(s) == [1500, 1500] and [a.kind for a in awaiting(s)] == ["end"]
    s = apply(scenario("0 at: 5"), Roll(seat=0), dice=(2, 3))
    assert cash(s) == [1500, 1500] and not s.players[0].in_jail


def test_income_tax_200_and_luxury_tax_100_go_to_the_bank():
    s = apply(scenario("0 at: 1"), Roll(seat=0), dice=(1, 2))
    assert cash(s) == [1300, 1500]
    s = apply(scenario("0 at: 35"), Roll(seat=0), dice=(1, 2))
    assert cash(s) == [1400, 1500]
