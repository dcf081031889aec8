"""The race of candidate moves both experts run (games/engines/race.py): a
candidate is dropped when clearly behind the first, picked only when clearly
ahead, and every candidate of a guess is played on the same guess and roll."""

import random

from games.engines.race import behind, pick, run_race

DROP = 2.5  # the experts' (games/engines/deal/bots/expert.py)
CONFIDENCE = 1.5


def test_a_candidate_is_behind_when_clearly_worse_or_never_better():
    # Sums of the gaps to the first candidate and of their squares, 10 guesses.
    gaps, squares, played = [0.0, -10.0, 0.0, 5.0], [0.0, 12.0, 0.0, 30.0], [10] * 4
    assert behind(1, gaps, squares, played, DROP)  # a mean of -1, sure of it
    assert behind(2, gaps, squares, played, DROP)  # the same every time
    assert not behind(3, gaps, squares, played, DROP)


def test_only_a_clear_gain_overrules_the_sensible_choice():
    played = [20, 20, 20]
    # Candidate 1 gains 0.5 a guess with little spread; 2 gains 1 but wildly.
    gaps, squares = [0.0, 10.0, 20.0], [0.0, 6.0, 2000.0]
    assert pick(gaps, squares, played, CONFIDENCE) == 1
    assert pick([0.0, 0.0, 20.0], [0.0, 0.0, 2000.0], played, CONFIDENCE) == 0
    # A candidate dropped after a couple of guesses is never picked.
    assert pick([0.0, 3.0], [0.0, 4.5], [20, 1], CONFIDENCE) == 0
    # A sure gain smaller than the margin asked does not overrule it either.
    assert pick(gaps, squares, played, CONFIDENCE, margin=0.4) == 1
    assert pick(gaps, squares, played, CONFIDENCE, margin=0.6) == 0


def test_every_candidate_of_a_guess_plays_on_that_guess_and_the_same_roll():
    seen = []

    def play(world, move, roll):
        seen.append((world, move, roll.random()))
        return float(move)

    rng = random.Random(5)
    guesses = iter(range(100))
    tally = run_race(
        [0, 1, 2],
        [],
        draw=lambda: next(guesses),
        play=play,
        rng=rng,
        drop_after=8,
        drop=DROP,
        iterations=4,
    )
    assert tally.done == 4 and tally.played == [4, 4, 4]
    for n in range(4):
        round_ = seen[3 * n : 3 * n + 3]
        assert {world for world, _, _ in round_} == {n}
        assert len({roll for _, _, roll in round_}) == 1
    # Candidate 2 gains 2 on every guess: a sure gain, and the pick.
    assert tally.gaps == [0.0, 4.0, 8.0]
    assert pick(tally.gaps, tally.squares, tally.played, CONFIDENCE) == 2


def test_against_the_clock_a_candidate_behind_makes_way_for_a_spare():
    clock = iter(float(t) for t in range(1000))
    options, spare = [5, 0, 4], [6]
    tally = run_race(
        options,
        spare,
        draw=lambda: None,
        play=lambda world, move, roll: float(move) + roll.random() / 100,
        rng=random.Random(1),
        drop_after=3,
        drop=DROP,
        deadline=60.0,
        clock=lambda: next(clock),
    )
    # 0 trails the first by 5 every time: out after 3 guesses, 6 in its place.
    assert options == [5, 0, 4, 6]
    assert tally.played[1] == 3 and tally.played[3] > 0
    assert pick(tally.gaps, tally.squares, tally.played, CONFIDENCE) == 3
