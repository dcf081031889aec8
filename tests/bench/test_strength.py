"""The bench's measure of the expert: duplicate deals, and the arithmetic of
its win rate (intervals over deals and over games, par, A/B)."""

import io
import random
import time

import pytest

from bench import strength
from bench.engine import main, play
from bench.strength import (
    duel_expert,
    parse_style,
    played,
    schedule,
    style_text,
    summarise,
    t975,
    t_interval,
    wilson,
)
from games.engines.deal import events as ev
from games.engines.deal.bots import sensible_bot
from games.engines.deal.bots.expert import STYLE, Style
from games.engines.deal.view import redact

QUICK = Style(rounds=0)


@pytest.mark.parametrize(
    ("df", "quantile"),
    [
        (1, 12.7062),
        (9, 2.2622),
        (10, 2.2281),
        (12, 2.1788),
        (30, 2.0423),
        (999, 1.9623),
    ],
)
def test_t_quantile_matches_the_tables(df, quantile):
    assert t975(df) == pytest.approx(quantile, abs=1e-4)


def test_t_interval_is_the_mean_and_t_standard_errors_either_side():
    mean, low, high = t_interval([0.5, 0.5, 1.0, 0.0])
    # The spread is sqrt(0.5 / 3); t with 3 degrees of freedom is 3.1824.
    half = 3.1824 * (0.5 / 3) ** 0.5 / 2
    assert mean == 0.5
    assert (low, high) == pytest.approx((0.5 - half, 0.5 + half), abs=1e-4)
    assert t_interval([0.7])[1:] == (float("-inf"), float("inf"))


def test_wilson_interval_of_the_last_definitive_run():
    # docs/engine-benchmark.md: two seats, 22 of 38 = 57.9% (95% CI 42.2% to 72.1%).
    assert wilson(22, 38) == pytest.approx((0.422, 0.721), abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_duplicate_deal_puts_the_expert_in_every_seat_of_one_deck_order():
    work = schedule(5, 3, 7, duplicate=True, styles={"A": STYLE, "B": QUICK})
    assert len(work) == 5
    for deal in work:
        assert sorted((job.at, job.arm) for job in deal) == [
            (at, arm) for at in range(3) for arm in "AB"
        ]
        assert len({job.seed for job in deal}) == 1
    assert len({deal[0].seed for deal in work}) == 5
    # One seed, one deck order and one first player, whoever sits where.
    seed = work[0][0].seed
    starts = {
        play(lineup, seed, max_decisions=0).events[0]
        for lineup in ([sensible_bot] * 3, [lambda s, seat, r: None] * 3)
    }
    assert len(starts) == 1 and isinstance(starts.pop(), ev.GameStarted)


def test_a_plain_run_plays_a_deal_a_game_with_the_seat_rotating():
    work = schedule(4, 2, 7, duplicate=False, styles={"A": STYLE})
    rng = random.Random(7)
    assert [[(j.at, j.seed) for j in deal] for deal in work] == [
        [(d % 2, rng.randrange(2**32))] for d in range(4)
    ]


def _result(deal, at, arm, won):
    return {
        "deal": deal,
        "at": at,
        "arm": arm,
        "won": won,
        "drawn": False,
        "capped": False,
        "thinks": [0.1],
    }


def test_summary_counts_whole_deals_with_their_interval_par_and_the_gain():
    work = schedule(3, 2, 1, duplicate=True, styles={"A": STYLE, "B": QUICK})
    results = [
        # Deal 0: A wins both seats, B one; sensible won from seat 0.
        _result(0, 0, "A", True),
        _result(0, 0, "B", True),
        _result(0, 1, "A", True),
        _result(0, 1, "B", False),
        # Deal 1: A wins one seat, B none; sensible won from seat 1.
        _result(1, 0, "A", False),
        _result(1, 0, "B", False),
        _result(1, 1, "A", True),
        _result(1, 1, "B", False),
        # Deal 2 is unfinished: its games are not counted.
        _result(2, 0, "A", True),
    ]
    figures = summarise(results, work, {0: 0, 1: 1, 2: 0})
    assert figures["deals"] == 2
    assert figures["dropped"] == 1
    a, b = figures["A"], figures["B"]
    assert (a["games"], a["wins"], b["games"], b["wins"]) == (4, 3, 4, 1)
    # A's deal shares are 1 and 1/2: a mean of 3/4, t with 1 df.
    assert a["rate"] == 0.75
    half = 12.7062 * (0.125**0.5) / 2**0.5
    assert a["ci"] == pytest.approx((0.75 - half, 0.75 + half), abs=1e-3)
    assert a["wilson"] == wilson(3, 4)
    # Sensible won seat 0 of deal 0 and seat 1 of deal 1: A kept both.
    assert (a["par wins"], a["kept"], a["took"]) == (2, 2, 1)
    assert (b["par wins"], b["kept"], b["took"]) == (2, 1, 0)
    # B lost half a point of win rate on each deal: no spread between deals.
    assert figures["B - A"]["gain"] == (-0.5, -0.5, -0.5)
    assert figures["B - A"]["parted"] == 2


def test_styles_read_from_the_command_line():
    assert parse_style(["rounds=1"]) == Style(rounds=1)
    assert parse_style(["rounds=none", "confidence=0.5"]) == Style(
        rounds=None, confidence=0.5
    )
    assert parse_style(["candidates=6"], QUICK) == Style(rounds=0, candidates=6)
    assert parse_style(["family=yes", "confirm=0.3", "margin=1"]) == Style(
        family=True, confirm=0.3, margin=1.0
    )
    assert parse_style(["family=no"]) == STYLE
    assert style_text(STYLE) == "default"
    assert style_text(Style(rounds=1, candidates=6)) == "rounds=1 candidates=6"
    for bad in (["speed=3"], ["rounds"], ["rounds="]):
        with pytest.raises(ValueError):
            parse_style(bad)


def test_no_deal_starts_after_the_time_bound():
    work = schedule(
        2, 2, 3, duplicate=True, styles={"A": QUICK}, iterations=1, seconds=None
    )
    assert list(played(work, 1, time.monotonic() - 1)) == []
    results = list(played(work, 1, None))
    assert sorted((r["deal"], r["at"]) for r in results) == [
        (0, 0),
        (0, 1),
        (1, 0),
        (1, 1),
    ]


def test_the_duplicate_duel_prints_its_games_deals_and_both_intervals():
    out = io.StringIO()
    figures = duel_expert(
        2, 2, 5, seconds=None, iterations=1, style=QUICK, duplicate=True, out=out
    )
    text = out.getvalue()
    assert figures["deals"] == 2 and figures["A"]["games"] == 4
    for words in (
        "each deal played 2 times",
        "over 2 deals",
        "Wilson over games",
        "sensible won",
        "95th percentile",
    ):
        assert words in text, words


def test_the_bench_command_plays_the_expert_paired_against_a_variant(capsys):
    argv = "--expert 1 --seats 3 --iterations 1 --duplicate --style rounds=0"
    variants = ["--ab", "candidates=1", "--ab", "confidence=0"]
    assert main([*argv.split(), *variants]) == 0
    text = capsys.readouterr().out
    assert "A (rounds=0): won" in text
    assert "B (rounds=0 candidates=1): won" in text
    assert "C (rounds=0 confidence=0.0): won" in text
    assert "B - A:" in text and "of 3 games ended otherwise with B" in text
    assert "C - A:" in text and "of 3 games ended otherwise with C" in text


def test_the_expert_reads_its_seats_public_history_as_the_game_goes(monkeypatch):
    histories = []

    def spy(state, seat, rng, **kw):
        histories.append(list(kw["history"]))
        return sensible_bot(state, seat, rng), {"trivial": True}

    monkeypatch.setattr(strength, "think", spy)
    job = strength.Job(0, 77, 3, 1, "A", QUICK, None, 1, False)
    strength.expert_game(job)
    # The spy played as the sensible bot: the game is the sensible one.
    events = play([sensible_bot] * 3, 77).events
    assert len(histories) > 20
    for history in histories:
        assert history == [redact(e, 1) for e in events[: len(history)]]
    assert len(histories[-1]) > len(histories[0])
