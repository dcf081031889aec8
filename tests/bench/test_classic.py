"""The benchmark prints every figure the issue asks for (it asserts nothing
about time; this checks what it reports, on a short run)."""

import io

from bench.classic import run


def test_the_benchmark_reports_each_seat_count_and_the_sensible_win_rate():
    out = io.StringIO()
    figures = run(games=2, duel=3, seed=5, rounds=8, out=out)
    text = out.getvalue()
    for column in (
        "games/s",
        "decisions/s",
        "turns/game",
        "median",
        "bankrupt",
        "turn limit",
        "replay us/event",
        "load average",
        "sensible bot against random bots",
        "an even chance would win",
    ):
        assert column in text, column
    assert sorted(k for k in figures if isinstance(k, int)) == [2, 3, 4, 5, 6]
    for seats in range(2, 7):
        row = figures[seats]
        assert row["bankrupt"] + row["turn limit"] + row["capped"] == 2
        assert row["games/s"] > 0 and row["replay us/event"] > 0
        assert row["turns/game"] > 0
    assert 0 <= figures["sensible_win_rate"] <= 1
