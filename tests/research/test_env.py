"""The engines as PettingZoo environments: PettingZoo's own API test for both
games, whole games played to the end with zero-sum rewards, and
observations blind to hidden cards."""

import random

import numpy as np
import pytest
from pettingzoo.test import api_test

from games.engines import deal
from research import encoding
from research.env import classic_env, deal_env
from tests.engines.deal.test_expert import reshuffle_hidden


@pytest.mark.parametrize(
    "make,seats",
    [
        (deal_env, 2),
        (deal_env, 3),
        (deal_env, 5),
        (classic_env, 2),
        (classic_env, 4),
        (classic_env, 8),
    ],
)
def test_pettingzoos_api_test_passes(make, seats):
    api_test(make(seats), num_cycles=400)


def play(env, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    rng = random.Random(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        offered = np.flatnonzero(observation["action_mask"])
        assert len(offered) > 0
        env.step(int(rng.choice(offered)))
    return totals


@pytest.mark.parametrize("make,seats", [(deal_env, 3), (classic_env, 3)])
def test_whole_games_end_with_a_winner_rewarded_and_rewards_summing_to_nought(
    make, seats
):
    options = {"max_steps": 20000}
    if make is classic_env:
        options["options"] = make(seats).engine.Options(turn_limit=10)
    for seed in range(3):
        totals = play(make(seats, **options), seed)
        assert sum(totals.values()) == pytest.approx(0.0)
        assert max(totals.values()) > 0


def test_only_the_agent_to_act_has_actions_and_resign_is_never_offered():
    env = deal_env(3)
    env.reset(seed=4)
    agent = env.agent_selection
    seat = env.possible_agents.index(agent)
    moves = deal.legal_moves(env.state_, seat)
    mask = env.observe(agent)["action_mask"]
    assert mask.sum() == len(moves) - 1  # every legal move but Resign
    for other in env.possible_agents:
        if other != agent:
            assert env.observe(other)["action_mask"].sum() == 0
    with pytest.raises(ValueError, match="not offered"):
        env.step(int(mask.sum()))


@pytest.mark.parametrize("seed", range(20))
def test_an_observation_is_the_same_whatever_the_hidden_cards(seed):
    env = deal_env(3)
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 60)):
        if env.state_.over:
            break
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    seat = rng.randrange(3)
    state = env.state_
    other = reshuffle_hidden(state, seat, random.Random(seed + 1))
    seen = encoding.deal_observation(deal.view(state, seat), 3)
    again = encoding.deal_observation(deal.view(other, seat), 3)
    assert np.array_equal(seen, again)
