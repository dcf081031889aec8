"""bench.review reviews bot games of either kind and prints its figures (the
figures themselves are in docs/review.md)."""

import pytest

from bench import review


@pytest.mark.parametrize("kind, label", [("deal", "Deal"), ("classic", "Classic")])
def test_the_review_bench_reviews_a_game_of_each_kind(capsys, kind, label):
    review.main(["--kind", kind, "--games", "1", "--guesses", "1", "--decisions", "3"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{label} review, 2 seats, 1 guesses a decision")
    row = out[2].split()
    assert row[0] == "1" and int(row[1]) > 20 and int(row[2]) == 3
    assert out[-1].startswith("median: ")
