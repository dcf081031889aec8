"""The expert bot: legal, blind to hidden cards, deterministic for a seed."""

import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.engine import play
from games.engines.deal import (
    DECK,
    Accept,
    Action,
    CollectDebt,
    DealBreaker,
    Discard,
    IllegalMove,
    Options,
    Pay,
    State,
    awaiting,
    decide,
    legal_moves,
    redact,
    replay,
    scenario,
    setup,
    step,
)
from games.engines.deal.bots import bot_move, random_bot, sensible_bot
from games.engines.deal.bots.expert import (
    ITERATIONS_WITHOUT_CLOCK,
    Style,
    expert_bot,
    think,
)
from games.engines.deal.bots.guesses import guess, knowledge
from games.engines.deal.bots.infer import lacks
from games.engines.deal.state import replace

from .support import apply, held

# Rollouts to the end of the turn in play: the tests check what the expert
# does, not how well.
QUICK = Style(rounds=0)
INFER = Style(rounds=0, infer=True)


def expert(state, seat, rng):
    """A tiny budget: one guess, played to the end of the turn in play."""
    return expert_bot(state, seat, rng, iterations=1, style=QUICK)


def position(seed: int, decisions: int) -> State:
    """A 3-seat game of sensible bots, stopped after some decisions."""
    return played(seed, decisions)[0]


def played(seed: int, decisions: int) -> tuple[State, list]:
    """`position` and the events that led to it."""
    events = list(setup(3, Options(), random.Random(seed)))
    state = replay(events)
    rng = random.Random(seed)
    for _ in range(decisions):
        if state.over:
            break
        seat = awaiting(state)[0].seat
        made, state = step(state, sensible_bot(state, seat, rng), rng)
        events += made
    return state, events


def reshuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """The same position for `seat`: the other hands and the draw pile dealt
    again from the same cards, every hand keeping its size."""
    pool = [c for i, p in enumerate(state.players) if i != seat for c in p.hand]
    pool += state.draw
    rng.shuffle(pool)
    players = list(state.players)
    for i, p in enumerate(players):
        if i != seat:
            players[i] = replace(p, hand=tuple(pool[: len(p.hand)]))
            pool = pool[len(p.hand) :]
    return replace(state, players=tuple(players), draw=tuple(pool))


def test_expert_makes_only_legal_moves_over_self_play():
    decisions = 0

    def checked(state, seat, rng):
        nonlocal decisions
        move = expert(state, seat, rng)
        decisions += 1
        if move not in legal_moves(state, seat):
            assert isinstance(move, Pay | Discard), move
            decide(state, move, random.Random(0))
        return move

    others = [sensible_bot, random_bot]
    for seed in range(30):
        seats = 2 + seed % 3
        lineup = [checked] + [others[(seed + i) % 2] for i in range(seats - 1)]
        if seed % 2:
            lineup = [checked] * seats
        game = play(lineup, 900 + seed)
        assert game.state.over and not game.capped
    assert decisions >= 2000, decisions


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 10_000),
    decisions=st.integers(0, 120),
    shuffle=st.integers(0, 2**32 - 1),
    bot_seed=st.integers(0, 2**32 - 1),
)
def test_expert_never_peeks_at_hidden_cards(seed, decisions, shuffle, bot_seed):
    state, events = played(seed, decisions)
    if state.over:
        return
    seat = awaiting(state)[-1].seat
    other = reshuffle_hidden(state, seat, random.Random(shuffle))
    assert knowledge(state, seat) == knowledge(other, seat)
    # With the public history too: it is the same for both states.
    history = [redact(e, seat) for e in events]
    for style, read in ((QUICK, None), (INFER, history)):
        first, again = (
            expert_bot(
                p,
                seat,
                random.Random(bot_seed),
                iterations=2,
                style=style,
                history=read,
            )
            for p in (state, other)
        )
        assert first == again


def test_the_history_changes_the_guesses_only_with_the_infer_style():
    state, events = played(7, 40)
    seat = awaiting(state)[0].seat
    history = [redact(e, seat) for e in events]
    assert lacks(history, seat, state.options)
    seen = {}
    for name, style, passed in (
        ("blind", Style(rounds=0, infer=False), None),
        ("ignored", Style(rounds=0, infer=False), history),
        ("off", Style(rounds=0, infer=True), None),
        ("read", Style(rounds=0, infer=True), history),
    ):
        _, info = think(
            state, seat, random.Random(3), iterations=16, style=style, history=passed
        )
        seen[name] = info["scores"]
    assert seen["blind"] == seen["ignored"] == seen["off"] != seen["read"]


def test_two_positions_with_different_hidden_cards_are_one_to_the_expert():
    state = position(5, 30)
    seat = awaiting(state)[0].seat
    other = reshuffle_hidden(state, seat, random.Random(1))
    hidden = [p.hand for i, p in enumerate(state.players) if i != seat]
    assert hidden != [p.hand for i, p in enumerate(other.players) if i != seat]
    assert knowledge(state, seat) == knowledge(other, seat)


def test_a_guess_keeps_what_the_seat_sees_and_deals_the_rest():
    state = position(11, 40)
    seat = awaiting(state)[0].seat
    known = knowledge(state, seat)
    world = guess(known, random.Random(3))
    assert world.players[seat] == state.players[seat]
    assert [len(p.hand) for p in world.players] == [len(p.hand) for p in state.players]
    assert len(world.draw) == len(state.draw)
    assert world.discard == state.discard
    for mine, theirs in zip(world.players, state.players, strict=True):
        assert (mine.bank, mine.sets, mine.loose) == (
            theirs.bank,
            theirs.sets,
            theirs.loose,
        )
    every = [c for p in world.players for c in (*p.hand, *p.table_cards())]
    every += [*world.draw, *world.discard]
    assert sorted(every) == list(range(len(DECK)))


def test_expert_is_deterministic_for_a_seed_and_an_iteration_count():
    state = position(21, 12)
    seat = awaiting(state)[0].seat
    moves = {
        expert_bot(state, seat, random.Random(8), iterations=4, style=Style(rounds=1))
        for _ in range(3)
    }
    assert len(moves) == 1


def test_expert_answers_a_trivial_decision_at_once():
    state = scenario("""
        0 hand: Debt Collector
        1 bank: 5M
    """)
    debt = held(state, 0, "Debt Collector")
    state = apply(state, CollectDebt(seat=0, card=debt, target=1))
    move, info = think(state, 1, random.Random(0), seconds=None, iterations=50)
    assert move == Accept(seat=1)
    assert info["iterations"] == 0


def test_expert_with_a_time_budget_thinks_at_least_once():
    state = position(3, 10)
    seat = awaiting(state)[0].seat
    move, info = think(
        state, seat, random.Random(0), seconds=0.0, clock=time.perf_counter
    )
    assert move in legal_moves(state, seat) or isinstance(move, Pay | Discard)
    assert info["trivial"] or info["iterations"] == 1


def test_bot_move_plays_the_expert_with_the_budget_given():
    state = scenario("0 hand: 3M, Boardwalk, Park Place")
    move = bot_move(
        state, 0, "expert", random.Random(1), seconds=0.01, clock=time.perf_counter
    )
    assert move in legal_moves(state, 0)


def test_expert_says_no_to_a_deal_breaker_on_its_only_full_set():
    state = scenario("""
        0 hand: Deal Breaker
        1 hand: Just Say No
        1 sets: green[Pacific Avenue, North Carolina Avenue, Pennsylvania Avenue]
    """)
    breaker = held(state, 0, "Deal Breaker")
    state = apply(state, DealBreaker(seat=0, card=breaker, target=1, set_index=0))
    move = expert_bot(state, 1, random.Random(0), iterations=8)
    assert DECK[move.card].action is Action.just_say_no


def test_expert_refuses_a_seat_that_owes_nothing():
    state = scenario("0 hand: 1M")
    with pytest.raises(IllegalMove):
        expert_bot(state, 1, random.Random(0), iterations=1)


def test_without_a_clock_the_expert_counts_iterations_instead_of_seconds():
    """The engine has no clock: seconds mean nothing unless the caller times."""
    state = scenario("0 hand: 3M, Boardwalk, Park Place, Pass Go")
    first = think(state, 0, random.Random(3), seconds=5.0)
    again = think(state, 0, random.Random(3), seconds=5.0)
    assert first[0] == again[0]
    assert first[1]["trivial"] or first[1]["iterations"] == ITERATIONS_WITHOUT_CLOCK
