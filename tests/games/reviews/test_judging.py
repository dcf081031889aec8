"""The arithmetic of a review (games.reviews.judging) on scripted games: no
database, a fake judge where the figures must be exact, the Deal judge on a
tiny budget where the same seed must give the same review."""

import random

import pytest

from games.engines import deal as engine
from games.engines.deal.bots import judge as deal_judge
from games.engines.deal.bots import sensible_bot
from games.reviews.judging import Budget, Played, judged, made_move, turning_points


class FakeJudge:
    """Even chances until the end; the engine's first legal move as the
    expert's; a fixed worth for the move made and the expert's."""

    def __init__(self):
        self.weighed = []

    def chances(self, state):
        if state.over:
            return tuple(1.0 if i == state.winner else 0.0 for i in range(2))
        return (0.5, 0.5)

    def choose(self, state, seat, rng, guesses):
        return engine.legal_moves(state, seat)[0]

    def weigh(self, state, seat, moves, rng, guesses):
        self.weighed.append((list(moves), guesses))
        return (0.25, 0.6)


def scripted_game(seed: int, limit: int = 400):
    """A two-seat game: seat 0 a "human" playing random legal moves (never
    resigning), seat 1 the sensible bot. The events as stored, and each human
    move with the number of its first event and how many moves it had."""
    rng = random.Random(seed)
    events = engine.setup(2, engine.Options(), rng)
    played = [
        Played(seq=i + 1, event=e, seat=None, human=False) for i, e in enumerate(events)
    ]
    state = engine.replay(events)
    moves = []
    while not state.over and len(played) < limit:
        seat = engine.awaiting(state)[0].seat
        legal = [
            m
            for m in engine.legal_moves(state, seat)
            if not isinstance(m, engine.Resign)
        ]
        if seat == 0:
            move = rng.choice(legal)
            moves.append((len(played) + 1, move, len(engine.legal_moves(state, seat))))
        else:
            move = sensible_bot(state, seat, rng)
        for event in engine.decide(state, move, rng):
            played.append(
                Played(seq=len(played) + 1, event=event, seat=seat, human=seat == 0)
            )
            state = engine.evolve(state, event)
    return played, moves


def test_each_human_decision_is_found_judged_and_its_loss_measured():
    played, moves = scripted_game(4)
    fake = FakeJudge()
    review = judged(
        engine=engine, judge=fake, played=played, seed=9, budget=Budget(3, 1000)
    )
    # One chance per event, every seat's.
    assert len(review["chances"]) == len(played)
    assert all(len(row) == 2 for row in review["chances"])
    # Every decision of the human with a choice, and only those, with its move.
    chosen = [(seq, move) for seq, move, choices in moves if choices > 1]
    assert [
        (d["seq"], engine.from_json(d["made"])) for d in review["decisions"]
    ] == chosen
    assert review["skipped"] == 0
    for d in review["decisions"]:
        assert d["seat"] == 0
        if d["same"]:
            assert d["lost"] == 0.0 and d["made_chance"] is None
        else:
            # The expert's chance minus the move made's: 0.6 - 0.25.
            assert (d["made_chance"], d["best_chance"], d["lost"]) == (0.25, 0.6, 0.35)
    different = [d for d in review["decisions"] if not d["same"]]
    assert different, "the scripted game never played other than the fake expert"
    # Both moves weighed together, on the budget's guesses, only when they differ.
    assert len(fake.weighed) == len(different)
    for (moves_weighed, guesses), d in zip(fake.weighed, different, strict=True):
        assert moves_weighed == [
            engine.from_json(d["made"]),
            engine.from_json(d["best"]),
        ]
        assert guesses == 3


def test_the_budget_caps_the_decisions_judged_and_counts_the_rest():
    played, moves = scripted_game(4)
    review = judged(
        engine=engine, judge=FakeJudge(), played=played, seed=9, budget=Budget(3, 4)
    )
    chosen = [seq for seq, _, choices in moves if choices > 1]
    assert [d["seq"] for d in review["decisions"]] == chosen[:4]
    assert review["skipped"] == len(chosen) - 4


def test_a_move_is_found_by_the_first_event_it_makes():
    state = engine.scenario("0 hand: 5M, Boardwalk")
    card = next(c for c in state.players[0].hand if engine.DECK[c].name == "5M")
    events = engine.decide(state, engine.BankCard(seat=0, card=card), random.Random(1))
    assert made_move(engine, state, 0, events[0]) == (
        engine.BankCard(seat=0, card=card),
        1,
    )
    assert made_move(engine, state, 0, engine.GameWon(seat=1)) is None


def test_turning_points_are_the_biggest_gains_between_settled_positions():
    chances = [[0.5, 0.5], [0.6, 0.4], [0.2, 0.8], [0.25, 0.75], [0.7, 0.3], [1.0, 0.0]]
    played = [Played(seq=i + 1, event=None, seat=0, human=True) for i in range(6)]
    # (first, last, game over, settled): events 2 and 3 are one moment (a
    # play and its answer), the last step ends the game.
    steps = [
        (0, 0, False, True),
        (1, 1, False, False),
        (2, 2, False, True),
        (3, 3, False, True),
        (4, 4, False, True),
        (5, 5, True, True),
    ]
    found = turning_points(chances, steps, played, count=2, least=0.1)
    assert found == [
        {"seq": 2, "last": 3, "seat": 1, "swing": 0.3},
        {"seq": 5, "last": 5, "seat": 0, "swing": 0.45},
    ]
    assert turning_points(chances, steps, played, count=2, least=0.5) == []
    # The deal (events of no seat's move) is luck, not a turning point.
    dealt = [Played(seq=1, event=None, seat=None, human=False), *played[1:]]
    chances[0] = [0.1, 0.9]
    assert turning_points(chances, steps, dealt, count=1, least=0.1) == [
        {"seq": 5, "last": 5, "seat": 0, "swing": 0.45}
    ]


@pytest.mark.parametrize("seed", [1, 2])
def test_the_deal_judge_gives_the_same_review_for_the_same_seed(seed):
    played, _ = scripted_game(seed, limit=90)
    budget = Budget(guesses=2, decisions=6)
    first = judged(
        engine=engine, judge=deal_judge, played=played, seed=seed, budget=budget
    )
    again = judged(
        engine=engine, judge=deal_judge, played=played, seed=seed, budget=budget
    )
    assert first == again
    assert len(first["decisions"]) == 6
    for d in first["decisions"]:
        assert engine.from_json(d["best"]) is not None
        assert -1.0 <= d["lost"] <= 1.0
    for row in first["chances"]:
        assert abs(sum(row) - 1) < 0.01
