"""Steps a second of the environments, random legal actions, one process.

    python -m research.bench [--steps N] [--seed S]

Prints figures; asserts nothing about time.
"""

import argparse
import random
import time

import numpy as np

from research.env import classic_env, deal_env


def steps_per_second(env, steps: int, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    env.reset(seed=seed)
    done, games = 0, 0
    start = time.process_time()
    while done < steps:
        for _agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            done += 1
            if done >= steps:
                break
        else:
            games += 1
            env.reset(seed=rng.randrange(2**32))
    return done / (time.process_time() - start), games


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m research.bench")
    parser.add_argument("--steps", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print("game     seats  steps/s (CPU)  games finished")
    for name, make, seats in (
        ("deal", deal_env, 2),
        ("deal", deal_env, 4),
        ("classic", classic_env, 2),
        ("classic", classic_env, 4),
    ):
        rate, games = steps_per_second(make(seats), args.steps, args.seed)
        print(f"{name:8} {seats:5}  {rate:13.0f}  {games:14}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
