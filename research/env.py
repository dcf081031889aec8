"""PettingZoo AEC environments over the site's engines.

    from research.env import deal_env, classic_env
    env = deal_env(seats=3)
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else int(mask.nonzero()[0][0])
        env.step(action)

Agents are "player_0" .. "player_{n-1}", the engine's seats. The agent to act
is the first seat the engine awaits (several may owe a decision at once, as
when rent is charged to everyone: they are asked one after another). A
player out of the game (bankrupt in classic) is terminated at once; at the
end every winner gets +1 shared among them (1 / number of winners) and every
other player -1 / (players - winners); a game cut at `max_steps` decisions is
truncated with no reward. Observations and actions: research/encoding.py and
docs/research-env.md.
"""

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from games.engines import classic, deal
from research import encoding


class EngineEnv(AECEnv):
    """An AEC environment over one engine (`deal` or `classic`)."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        *,
        engine,
        name: str,
        seats: int,
        size: int,
        observe,
        actions: int,
        options=None,
        max_steps: int = 5000,
        render_mode: str | None = None,
    ):
        super().__init__()
        self.engine = engine
        self.metadata = {**self.metadata, "name": name}
        self.seats = seats
        self.options = options if options is not None else engine.Options()
        self.max_steps = max_steps
        self.render_mode = render_mode
        self._observe = observe
        self._actions = actions
        self.possible_agents = [f"player_{i}" for i in range(seats)]
        self._spaces = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(actions)
        self.state_ = None

    def observation_space(self, agent):
        return self._spaces

    def action_space(self, agent):
        return self._action_space

    # -- the AEC cycle ------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None):
        self._rng = random.Random(seed)
        events = self.engine.setup(self.seats, self.options, self._rng)
        self.state_ = self.engine.replay(events)
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        view = self.engine.view(self.state_, seat)
        mask = np.zeros(self._actions, dtype=np.int8)
        if agent == self.agent_selection and not self._done(agent):
            mask[: len(self._offered(seat))] = 1
        return {"observation": self._observe(view, self.seats), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self._done(agent):
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        moves = self._offered(seat)
        if action is None or not 0 <= int(action) < len(moves):
            raise ValueError(f"{agent}: action {action} is not offered now")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        for event in self.engine.decide(self.state_, moves[int(action)], self._rng):
            self.state_ = self.engine.evolve(self.state_, event)
        self.steps += 1
        self._after_move()
        self._accumulate_rewards()
        self._select()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        lines = [f"decision {self.steps}"]
        for a in self.engine.awaiting(self.state_):
            lines.append(f"player_{a.seat}: {a.detail}")
        return "\n".join(lines)

    def close(self) -> None:
        pass

    # -- the engine's side ----------------------------------------------------------

    def _offered(self, seat: int) -> list:
        moves = self.engine.legal_moves(self.state_, seat)
        return encoding.offered(moves, self.engine.Resign, self._actions)

    def _done(self, agent: str) -> bool:
        return self.terminations[agent] or self.truncations[agent]

    def _after_move(self) -> None:
        if self.state_.over:
            winners = _winners(self.engine, self.state_)
            losers = [
                a for a in self.agents if self.possible_agents.index(a) not in winners
            ]
            for agent in self.agents:
                seat = self.possible_agents.index(agent)
                if winners and seat in winners:
                    self.rewards[agent] = 1.0 / len(winners)
                elif winners:
                    self.rewards[agent] = -1.0 / len(losers)
                self.terminations[agent] = True
            return
        for agent in self.agents:
            if _out(self.engine, self.state_, self.possible_agents.index(agent)):
                self.terminations[agent] = True
        if self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)

    def _select(self) -> None:
        """The next agent: the first seat the engine awaits; but an agent just
        terminated takes its last step first (PettingZoo's dead steps), and
        the awaited one comes after."""
        awaited = self.engine.awaiting(self.state_) if not self.state_.over else ()
        live = [self.possible_agents[a.seat] for a in awaited]
        live = [agent for agent in live if agent in self.agents]
        self.agent_selection = live[0] if live else self.agents[0]
        self._deads_step_first()


def _winners(engine, state) -> set[int]:
    if engine is deal:
        return set() if state.winner is None else {state.winner}
    return set(engine.view(state, None).get("winners") or ())


def _out(engine, state, seat: int) -> bool:
    if engine is deal:
        return state.players[seat].resigned
    return bool(engine.view(state, seat)["players"][seat]["out"])


def deal_env(seats: int = 2, **kwargs) -> EngineEnv:
    """Monopoly Deal for 2 to 5 agents."""
    if not 2 <= seats <= encoding.DEAL_MAX_SEATS:
        raise ValueError("Monopoly Deal has 2 to 5 seats.")
    return EngineEnv(
        engine=deal,
        name="mdeal_deal_v0",
        seats=seats,
        size=encoding.deal_size(seats),
        observe=encoding.deal_observation,
        actions=encoding.DEAL_ACTIONS,
        **kwargs,
    )


def classic_env(seats: int = 2, **kwargs) -> EngineEnv:
    """Classic Monopoly for 2 to 8 agents."""
    if not 2 <= seats <= encoding.CLASSIC_MAX_SEATS:
        raise ValueError("Classic Monopoly has 2 to 8 seats.")
    return EngineEnv(
        engine=classic,
        name="mdeal_classic_v0",
        seats=seats,
        size=encoding.classic_size(seats),
        observe=encoding.classic_observation,
        actions=encoding.CLASSIC_ACTIONS,
        **kwargs,
    )
