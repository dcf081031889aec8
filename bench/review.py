"""Benchmark: how long the expert's review of a finished game takes.

    python -m bench.review [--kind deal|classic] [--games N] [--seats 2]
                           [--guesses G] [--decisions D] [--seed S]

Plays N games of the kind's sensible bot in every seat, counts every seat's moves as
a human's (the most a review of a game can have to judge), and reviews each
with the kind's judge and the site's budget (settings.REVIEW_GUESSES guesses a
decision, capped at REVIEW_DECISIONS decisions), timing it in CPU seconds and
wall seconds. Prints figures; asserts nothing about time.
"""

import argparse
import os
import platform
import random
import statistics
import time

from games.engines import classic, deal
from games.engines.classic import bots as classic_bots
from games.engines.classic.bots import judge as classic_judge
from games.engines.deal import bots as deal_bots
from games.engines.deal.bots import judge as deal_judge
from games.reviews.judging import Budget, Played, judged

# The site's defaults (mdeal_site/settings.py).
GUESSES = 8
DECISIONS = 300
# Each kind's engine, judge, label and sensible bot (as games/kinds registers
# them: the bench runs without Django).
KINDS = {
    "deal": (deal, deal_judge, "Deal", deal_bots.sensible_bot),
    "classic": (classic, classic_judge, "Classic", classic_bots.sensible_bot),
}
# A bot game longer than this many events is cut off (reviewed as it stands).
MOST_EVENTS = 5000


def bot_game(kind: str, seats: int, seed: int) -> list[Played]:
    """A finished game of sensible bots, every move a "human" one."""
    engine, _, _, sensible_bot = KINDS[kind]
    rng = random.Random(seed)
    events = engine.setup(seats, engine.Options(), rng)
    played = [
        Played(seq=i + 1, event=e, seat=None, human=False) for i, e in enumerate(events)
    ]
    state = engine.replay(events)
    while not state.over and len(played) < MOST_EVENTS:
        seat = engine.awaiting(state)[0].seat
        move = sensible_bot(state, seat, rng)
        for event in engine.decide(state, move, rng):
            played.append(
                Played(seq=len(played) + 1, event=event, seat=seat, human=True)
            )
            state = engine.evolve(state, event)
    return played


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", choices=sorted(KINDS), default="deal")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--guesses", type=int, default=GUESSES)
    parser.add_argument("--decisions", type=int, default=DECISIONS)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    budget = Budget(guesses=args.guesses, decisions=args.decisions)
    engine, judge, label, _ = KINDS[args.kind]
    print(
        f"{label} review, {args.seats} seats, {args.guesses} guesses a decision, "
        f"at most {args.decisions} decisions; {platform.machine()}, "
        f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}, "
        f"CPython {platform.python_version()}"
    )
    print(" game  events  judged  differ  cpu s  wall s  ms/decision  turning")
    cpus, walls, per = [], [], []
    for n in range(args.games):
        seed = args.seed + n
        played = bot_game(args.kind, args.seats, seed)
        wall, cpu = time.perf_counter(), time.process_time()
        review = judged(
            engine=engine, judge=judge, played=played, seed=seed, budget=budget
        )
        cpu = time.process_time() - cpu
        wall = time.perf_counter() - wall
        judged_count = len(review["decisions"])
        differ = sum(1 for d in review["decisions"] if not d["same"])
        cpus.append(cpu)
        walls.append(wall)
        per.append(1000 * cpu / max(judged_count, 1))
        print(
            f"{n + 1:5d}  {len(played):6d}  {judged_count:6d}  {differ:6d}  "
            f"{cpu:5.1f}  {wall:6.1f}  {per[-1]:11.0f}  {len(review['turning']):7d}"
        )
    print(
        f"median: {statistics.median(cpus):.1f} s CPU, "
        f"{statistics.median(walls):.1f} s wall, "
        f"{statistics.median(per):.0f} ms CPU a decision; "
        f"max {max(cpus):.1f} s CPU"
    )


if __name__ == "__main__":
    main()
