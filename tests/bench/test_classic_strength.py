"""The classic expert's strength runner: duplicate deals put the expert in
every seat, the figures count whole deals, and the command prints them."""

import io
import random

import pytest

from django.core.management import CommandError, call_command

from bench.classic_strength import STYLE, duel, parse_style, schedule


def test_a_duplicate_deal_puts_the_expert_in_every_seat_once_per_style():
    work = schedule(
        3,
        4,
        7,
        duplicate=True,
        styles={"A": STYLE, "B": parse_style(["rounds=1"])},
        seconds=None,
        iterations=1,
        cpu=True,
        rounds=5,
    )
    assert len(work) == 3
    for deal in work:
        assert sorted((j.at, j.arm) for j in deal) == [
            (at, arm) for at in range(4) for arm in "AB"
        ]
        assert len({j.seed for j in deal}) == 1


def test_a_short_duel_counts_every_game_of_its_deals():
    out = io.StringIO()
    figures = duel(2, 2, 3, seconds=None, iterations=1, rounds=4, out=out)
    assert figures["deals"] == 2
    a = figures["A"]
    assert a["games"] == 4
    assert 0 <= a["wins"] <= 4 and a["drawn"] + a["wins"] <= 4
    low, high = a["ci"]
    assert low <= a["rate"] <= high
    text = out.getvalue()
    assert "classic expert vs 1 sensible, 2 seats, duplicate" in text
    assert "think 1 iterations a decision; 2 deals" in text


def test_the_command_prints_the_figures_and_refuses_a_made_up_style():
    out = io.StringIO()
    call_command(
        "classic_strength", "--deals", "1", "--iterations", "1", "--rounds", "3",
        stdout=out,
    )  # fmt: skip
    assert "won" in out.getvalue() and "par 50%" in out.getvalue()
    with pytest.raises(CommandError, match="key=value"):
        call_command("classic_strength", "--style", "cleverness=9", stdout=out)


def test_a_classic_deal_keeps_the_seed_its_recorded_runs_were_played_with():
    # Drawn below 2**30 (Deal's below 2**32): docs/ record runs by their seed.
    work = schedule(
        2, 2, 1, duplicate=False, styles={"A": STYLE}, iterations=1, rounds=5
    )
    draws = random.Random(1)
    assert [deal[0].seed for deal in work] == [draws.randrange(2**30) for _ in "ab"]
    assert all(job.rounds == 5 for deal in work for job in deal)
