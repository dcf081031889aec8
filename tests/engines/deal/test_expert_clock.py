"""The expert against the clock: candidates clearly worse than the sensible
bot's choice are played no more, and with none left it answers at once."""

import random

from games.engines.deal import legal_moves, scenario
from games.engines.deal.bots.expert import (
    DROP_AFTER,
    Style,
    candidates,
    confirmed,
    overrule_bar,
    reserve,
    think,
)
from games.engines.deal.bots.sensible import Table, score_play
from games.engines.deal.moves import Resign
from games.engines.race import Tally, pick


class Ticks:
    """A clock that moves a thousandth of a second each time it is read, so
    that a test thinking "for a while" is the same run every time."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


POSITION = """
    0 hand: 1M, 2M, Boardwalk, Park Place
    1 bank: 5M
"""


def test_against_the_clock_worse_candidates_stop_and_the_answer_comes_early():
    state = scenario(POSITION)
    clock = Ticks()
    move, info = think(state, 0, random.Random(1), seconds=5.0, clock=clock)
    played = list(info["played"].values())
    assert played[0] == info["iterations"]  # the sensible choice, every guess
    assert min(played) >= DROP_AFTER
    assert min(played) < played[0]  # some stopped early
    # Every other candidate was dropped before the time ran out.
    assert clock.now < 5.0
    # None was sure to beat the sensible bot's choice, which stands.
    assert move == candidates(state, 0, random.Random(1))[0]


def test_the_same_clock_readings_give_the_same_move():
    state = scenario(POSITION)
    first = think(state, 0, random.Random(4), seconds=0.5, clock=Ticks())
    again = think(state, 0, random.Random(4), seconds=0.5, clock=Ticks())
    assert first == again


def test_a_fixed_count_of_iterations_plays_every_candidate_on_every_guess():
    state = scenario(POSITION)
    _, info = think(state, 0, random.Random(1), iterations=30)
    assert set(info["played"].values()) == {30}


def test_widening_tries_the_next_best_move_when_a_candidate_drops_out():
    state = scenario("""
        0 hand: 1M, 2M, 3M, Boardwalk, Park Place, Pass Go, Birthday, Sly Deal
        1 bank: 5M
        1 sets: green[Pacific Avenue]
    """)
    few = Style(candidates=4)
    options = candidates(state, 0, random.Random(1), few.candidates)
    spare = reserve(state, 0, options, 3)
    assert spare and not set(spare) & set(options)
    narrow = think(state, 0, random.Random(1), seconds=2.0, clock=Ticks(), style=few)
    wide = think(
        state,
        0,
        random.Random(1),
        seconds=2.0,
        clock=Ticks(),
        style=Style(candidates=4, widen=3),
    )
    assert repr(spare[0]) not in narrow[1]["played"]
    assert wide[1]["played"][repr(spare[0])] >= DROP_AFTER
    # A fixed count of iterations drops nothing, so nothing widens.
    fixed = think(
        state, 0, random.Random(1), iterations=10, style=Style(candidates=4, widen=3)
    )[1]
    assert set(fixed["played"]) == {repr(m) for m in options}


def test_the_expert_weighs_the_twelve_plays_the_sensible_bot_scores_highest():
    """Twelve, not eight: the wider choice won more games (docs/engine-benchmark.md)."""
    state = scenario("""
        0 hand: 1M, 2M, 3M, 4M, Boardwalk, Park Place, Pass Go, Birthday
        0 hand: Sly Deal, Baltic Avenue
        1 bank: 5M
        1 sets: green[Pacific Avenue]
    """)
    table = Table(state, 0)
    scored = sorted(
        (m for m in legal_moves(state, 0) if score_play(table, m) > 0),
        key=lambda m: -score_play(table, m),
    )
    assert len(scored) > 12
    top = {m for m in scored if score_play(table, m) >= score_play(table, scored[11])}
    options = candidates(state, 0, random.Random(1))
    assert top <= set(options)
    assert set(scored) - top - set(options)  # no more than twelve


def test_the_expert_weighs_the_plays_the_sensible_bot_holds_back():
    """A Sly Deal kept for a set's last card, a Just Say No it never banks:
    the sensible bot plays neither, the expert compares both."""
    state = scenario("""
        0 hand: Sly Deal, Just Say No
        1 bank: 1M
        1 sets: green[Pacific Avenue]
    """)
    table = Table(state, 0)
    plays = [m for m in legal_moves(state, 0) if not isinstance(m, Resign)]
    held = {m for m in plays if score_play(table, m) < 0}
    assert {type(m).__name__ for m in held} == {"SlyDeal", "BankCard"}
    assert held <= set(candidates(state, 0, random.Random(1)))
    assert not held & set(candidates(state, 0, random.Random(1), floor=0.0))


WIDE = """
    0 hand: 1M, 2M, 3M, Boardwalk, Park Place, Pass Go, Birthday, Sly Deal
    1 bank: 5M
    1 sets: green[Pacific Avenue]
"""


def test_with_many_candidates_the_bar_for_a_deviation_rises():
    plain, family = Style(), Style(family=True)
    assert overrule_bar(plain, 9) == overrule_bar(family, 1) == plain.confidence
    assert plain.confidence < overrule_bar(family, 4) < overrule_bar(family, 9) < 2.5
    # A gain of 2 standard errors (0.5 a guess, 20 guesses) overrules the
    # sensible choice as one of two candidates, not as one of nine.
    gaps, squares, played = [0.0, 10.0], [0.0, 23.75], [20, 20]
    assert pick(gaps, squares, played, overrule_bar(family, 1)) == 1
    assert pick(gaps, squares, played, overrule_bar(family, 9)) == 0


def test_a_recheck_on_fresh_guesses_overturns_deviations_chosen_by_luck():
    """With no margin asked, three guesses often pick another move than the
    sensible bot's; three fresh guesses of that move against it keep some."""
    state = scenario(WIDE)
    lucky = Style(rounds=0, confidence=0)
    checked = Style(rounds=0, confidence=0, confirm=0.5)
    kept = overturned = 0
    for seed in range(12):
        sensible = candidates(state, 0, random.Random(seed))[0]
        chosen = think(state, 0, random.Random(seed), iterations=3, style=lucky)[0]
        move, info = think(state, 0, random.Random(seed), iterations=6, style=checked)
        # The same first three guesses choose; the recheck keeps it or not.
        assert move in (chosen, sensible)
        if chosen != sensible:
            kept += move == chosen
            overturned += move == sensible
            assert info["iterations"] == 6
    assert kept and overturned


def test_a_deviation_is_confirmed_only_by_a_gain_on_the_fresh_guesses():
    def fresh(gains):
        return Tally([0.0] * 2, [0.0, sum(gains)], [0.0, sum(g * g for g in gains)],
                     [len(gains)] * 2)  # fmt: skip

    assert confirmed(fresh([3.0, -1.0, 1.0]))
    assert not confirmed(fresh([3.0, -4.0, 0.5]))
    assert not confirmed(fresh([3.0]))  # one guess says nothing of its spread


def test_the_drop_knobs_say_when_a_worse_candidate_stops():
    state = scenario(POSITION)
    early = Style(drop_after=3)
    played = think(state, 0, random.Random(1), seconds=5.0, clock=Ticks(), style=early)[
        1
    ]["played"].values()
    assert 3 <= min(played) < DROP_AFTER
    # A candidate that plays out exactly as the sensible choice is dropped
    # whatever the margin; one merely unsure to be worse is not.
    strict, lax = (
        think(state, 0, random.Random(1), seconds=0.5, clock=Ticks(), style=style)[1]
        for style in (Style(), Style(drop=100.0))
    )
    assert _full(lax) > _full(strict)


def _full(info) -> int:
    """How many candidates were played on every guess."""
    return sum(n == info["iterations"] for n in info["played"].values())
