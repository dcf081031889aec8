"""The win-chance evaluation of a classic position (`bots.chances`)."""

import pytest

from games.engines.classic import Options, new_game, scenario
from games.engines.classic.bots import chances
from games.engines.classic.state import replace


def test_an_even_table_gives_even_chances():
    for seats in (2, 3, 4):
        assert chances(new_game(seats, seed=1)) == pytest.approx((1 / seats,) * seats)


def test_chances_sum_to_one_and_a_player_out_has_none():
    s = scenario("seats: 3\n0 owns: Boardwalk\n2 out")
    c = chances(s)
    assert sum(c) == pytest.approx(1.0)
    assert c[2] == 0.0
    assert c[0] > c[1] > 0


def test_a_finished_game_gives_its_winners_everything():
    s = replace(scenario("seats: 3"), stage="over", winners=(1,))
    assert chances(s) == (0.0, 1.0, 0.0)
    shared = replace(s, winners=(0, 2))
    assert chances(shared) == (0.5, 0.0, 0.5)


def test_houses_on_a_whole_group_beat_the_same_net_worth_in_cash():
    # Seat 0: the oranges with three houses each ($560 + $900 of houses);
    # seat 1: the same net worth in cash.
    s = scenario(
        "0 cash: 40\n"
        "0 owns: St. James Place +3, Tennessee Avenue +3, New York Avenue +3\n"
        "1 cash: 1500"
    )
    c = chances(s)
    assert c[0] > 0.8


def test_near_the_turn_limit_net_worth_decides():
    text = (
        "0 cash: 40\n"
        "0 owns: St. James Place +3, Tennessee Avenue +3, New York Avenue +3\n"
        "1 cash: 1600\n"
    )
    early = scenario(text + "options: turn_limit=100\nround: 2")
    late = scenario(text + "options: turn_limit=100\nround: 100")
    assert chances(early)[0] > 0.5 > chances(late)[0]
    assert late.options == Options(turn_limit=100)
