"""Benchmark: seeded bot games, timed, and the sensible bot's win rate.

    python -m bench.engine [--games N] [--duel N] [--seed S] [--cap N]
    python -m bench.engine --bots sensible --seats 3
    python -m bench.engine --compare REF [--rounds N]
    python -m bench.engine --expert N --seats 2 3 [--think S [--cpu]]
    python -m bench.engine --expert N --seats 2 3 --iterations N
    python -m bench.engine --expert N --duplicate [--minutes M] [--ab K=V ...]
    python -m bench.engine --rollouts N --seats 3

Prints figures; asserts nothing about time. `--compare REF` checks REF out in a
git worktree in a temporary folder and times this tree and that one side by
side, alternating round by round, so that a machine busy with other work slows
both alike; it prints each one's median and spread and the ratio of medians.
"""

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from games.engines.deal import Options, State, awaiting, replay, setup, step
from games.engines.deal.bots import BOTS, Bot

MAX_DECISIONS = 5_000


@dataclass
class Game:
    """A finished (or capped) bot game: its events and how it went."""

    seats: int
    seed: int
    events: list = field(default_factory=list)
    state: State | None = None
    decisions: int = 0
    winner: int | None = None
    capped: bool = False
    bot_seconds: float = 0.0
    engine_seconds: float = 0.0


def play(
    bots: Sequence[Bot],
    seed: int,
    *,
    options: Options | None = None,
    max_decisions: int = MAX_DECISIONS,
    events: list | None = None,
) -> Game:
    """Play one game with one bot per seat; every random choice comes from `seed`.

    A game still running after `max_decisions` decisions is cut and marked
    `capped`; a game that ends with no winner is a draw. `events`: the list
    the game's events go into as they happen (`Game.events`), for a bot that
    reads the game's history.
    """
    clock = time.perf_counter
    game = Game(seats=len(bots), seed=seed)
    if events is not None:
        game.events = events
    engine_rng = random.Random(seed)
    bot_rngs = [random.Random(seed * 1_000 + i + 1) for i in range(len(bots))]
    game.events.extend(setup(len(bots), options or Options(), engine_rng))
    state = replay(game.events)
    while not state.over:
        if game.decisions >= max_decisions:
            game.capped = True
            break
        started = clock()
        entries = awaiting(state)
        # Several seats may owe an answer at once; let any of them go first.
        entry = entries[0] if len(entries) == 1 else engine_rng.choice(entries)
        seat = entry.seat
        move = bots[seat](state, seat, bot_rngs[seat])
        chosen = clock()
        events, state = step(state, move, engine_rng)
        game.events.extend(events)
        game.decisions += 1
        game.bot_seconds += chosen - started
        game.engine_seconds += clock() - chosen
    game.state = state
    game.winner = state.winner
    return game


def bot_lineup(names: Sequence[str]) -> list[Bot]:
    return [BOTS[name] for name in names]


def _row(cells, widths) -> str:
    return "  ".join(str(c).rjust(w) for c, w in zip(cells, widths, strict=True))


COLUMNS = (
    ("seats", "{}"),
    ("games", "{}"),
    ("capped", "{}"),
    ("drawn", "{}"),
    ("games/s", "{:.1f}"),
    ("decisions/s", "{:.0f}"),
    ("dec/game", "{:.0f}"),
    ("bot us/dec", "{:.0f}"),
    ("engine us/dec", "{:.0f}"),
    ("replay us/event", "{:.1f}"),
)


def _figures(label, played: list[Game], elapsed: float, replay_time: float) -> dict:
    decisions = sum(g.decisions for g in played)
    events = sum(len(g.events) for g in played)
    return {
        "seats": label,
        "games": len(played),
        "capped": sum(g.capped for g in played),
        "drawn": sum(g.winner is None and not g.capped for g in played),
        "games/s": len(played) / elapsed,
        "decisions/s": decisions / elapsed,
        "dec/game": decisions / max(len(played), 1),
        "bot us/dec": sum(g.bot_seconds for g in played) / max(decisions, 1) * 1e6,
        "engine us/dec": sum(g.engine_seconds for g in played)
        / max(decisions, 1)
        * 1e6,
        "replay us/event": replay_time / max(events, 1) * 1e6,
    }


def run(
    games: int,
    duel: int,
    seed: int,
    cap: int,
    out=sys.stdout,
    *,
    bots: Sequence[str] = ("random", "sensible"),
    seat_counts: Sequence[int] = (2, 3, 4, 5),
) -> dict:
    """Run the benchmark and print its table; return the figures."""
    rng = random.Random(seed)
    names = sorted(bots)
    print(
        f"mdeal engine benchmark: {games} games per seat count (each seat "
        f"{' or '.join(f'a {n}' for n in names)} bot), seed {seed}, "
        f"cap {cap} decisions a game",
        file=out,
    )
    widths = [max(len(name), 6) for name, _ in COLUMNS]
    print(_row([name for name, _ in COLUMNS], widths), file=out)
    print(_row(["-" * w for w in widths], widths), file=out)
    rows = []
    every: list[Game] = []
    totals = [0.0, 0.0]
    for seats in seat_counts:
        played: list[Game] = []
        start = time.perf_counter()
        for _ in range(games):
            lineup = [rng.choice(names) for _ in range(seats)]
            game = play(bot_lineup(lineup), rng.randrange(2**32), max_decisions=cap)
            played.append(game)
        elapsed = time.perf_counter() - start
        start = time.perf_counter()
        for game in played:
            replay(game.events)
        replay_time = time.perf_counter() - start
        rows.append(_figures(seats, played, elapsed, replay_time))
        every += played
        totals[0] += elapsed
        totals[1] += replay_time
    if len(seat_counts) > 1:
        rows.append(_figures("all", every, *totals))
    for i, row in enumerate(rows):
        if i == len(rows) - 1 and len(seat_counts) > 1:
            print(_row(["-" * w for w in widths], widths), file=out)
        cells = [fmt.format(row[name]) for name, fmt in COLUMNS]
        print(_row(cells, widths), file=out)
    if not duel:
        return {"rows": rows, "duel": None}
    result = _duel(duel, rng, cap)
    print(file=out)
    print(
        f"sensible vs random, {duel} two-seat games, seats alternating: "
        f"sensible won {result['sensible']}, random won {result['random']}, "
        f"drawn {result['drawn']}, unfinished {result['unfinished']}",
        file=out,
    )
    print(
        f"sensible bot win rate: {result['rate']:.1%} "
        f"({result['seconds']:.1f}s for the duel games)",
        file=out,
    )
    return {"rows": rows, "duel": result}


def _duel(count: int, rng: random.Random, cap: int) -> dict:
    wins = {"sensible": 0, "random": 0, "drawn": 0, "unfinished": 0}
    start = time.perf_counter()
    for i in range(count):
        names = ["sensible", "random"] if i % 2 == 0 else ["random", "sensible"]
        game = play(bot_lineup(names), rng.randrange(2**32), max_decisions=cap)
        if game.capped:
            wins["unfinished"] += 1
        elif game.winner is None:
            wins["drawn"] += 1
        else:
            wins[names[game.winner]] += 1
    wins["seconds"] = time.perf_counter() - start
    wins["rate"] = wins["sensible"] / max(count, 1)
    return wins


# The expert's look-ahead ------------------------------------------------------


def rollout_rate(seats: int, count: int, seed: int, out=sys.stdout) -> float:
    """Rollouts a second of the expert's look-ahead (CPU time): a round of
    turns played on from a guess of a mid-game position."""
    from games.engines.deal.bots.expert import rollout
    from games.engines.deal.bots.guesses import guess, knowledge

    positions = []
    rng = random.Random(seed)
    while len(positions) < 10:
        game = play(bot_lineup(["sensible"] * seats), rng.randrange(2**32))
        state = replay(game.events[: len(game.events) // 3])
        if not state.over and state.pending is None:
            positions.append(state)
    start = time.process_time()
    for i in range(count):
        position = positions[i % len(positions)]
        seat = awaiting(position)[0].seat
        world = guess(knowledge(position, seat), random.Random(i))
        rollout(world, seat, random.Random(i), world.turn + seats)
    rate = count / (time.process_time() - start)
    print(f"expert rollouts ({seats} seats, a round each): {rate:.0f}/s", file=out)
    return rate


# Comparing two commits side by side ------------------------------------------

# Times `games` seeded games of `seats` sensible bots in the tree it runs in,
# through bench.play and bench.bot_lineup alone, which every commit since the
# benchmark began has: an older commit can be measured as it was. It counts the
# process's CPU time, not the wall clock: on a machine shared with other work,
# time spent waiting for a core is not the engine's.
_SAMPLE = """
import random, sys, time
try:
    from bench.engine import bot_lineup, play
    from games.engines.deal import awaiting, decide, evolve, new_game
    from games.engines.deal.bots import sensible_bot
except ImportError:  # a tree from before the engine lived in games/engines/deal
    from games.engine import awaiting, decide, evolve, new_game
    from games.engine.bench import bot_lineup, play
    from games.engine.bots import sensible_bot
try:
    from games.engines.deal import step
except ImportError:
  try:
    from games.engine import step
  except ImportError:  # before step(): decide, then evolve each event
    def step(state, move, rng):
        events = decide(state, move, rng)
        for event in events:
            state = evolve(state, event)
        return events, state
games, seats, seed = (int(a) for a in sys.argv[1:4])
rng = random.Random(seed)
seeds = [rng.randrange(2**32) for _ in range(games)]
lineup = bot_lineup(["sensible"] * seats)
start = time.process_time()
for s in seeds:
    play(lineup, s)
print(games / (time.process_time() - start))

def forward(state, rng, stop):
    while not state.over:
        if state.turn >= stop and state.pending is None and state.plays == 0:
            break
        mover = awaiting(state)[0].seat
        _, state = step(state, sensible_bot(state, mover, rng), rng)
    return state

positions = []
for s in seeds[:10]:
    state = new_game(seats, s)
    state = forward(state, random.Random(s), state.turn + 2 * seats)
    if not state.over:
        positions.append(state)
count = 0
start = time.process_time()
for i in range(games):
    position = positions[i % len(positions)]
    forward(position, random.Random(i), position.turn + seats)
    count += 1
print(count / (time.process_time() - start))
"""


def _sample(tree: Path, games: int, seats: int, seed: int) -> tuple[float, float]:
    """Games a second, and rollouts a second (a round of turns played on from a
    position by the sensible bot in every seat, as the expert's look-ahead
    does), in one fresh interpreter in `tree`."""
    done = subprocess.run(
        [sys.executable, "-c", _SAMPLE, str(games), str(seats), str(seed)],
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    )
    games_rate, rollout_rate = done.stdout.strip().splitlines()[-2:]
    return float(games_rate), float(rollout_rate)


def _spread(samples: list[float]) -> str:
    low, high = min(samples), max(samples)
    return f"median {statistics.median(samples):6.1f}  min {low:6.1f}  max {high:6.1f}"


def compare(
    ref: str, *, rounds: int, games: int, seats: int, seed: int, out=sys.stdout
) -> dict:
    """Games and rollouts a second of this tree and of commit `ref`, sampled
    in turn."""
    here = Path(__file__).resolve().parents[1]
    labels = ("this tree", ref)
    results: dict[str, list[tuple[float, float]]] = {label: [] for label in labels}
    with tempfile.TemporaryDirectory(prefix="mdeal-bench-") as tmp:
        there = Path(tmp) / "tree"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(there), ref],
            cwd=here,
            check=True,
            capture_output=True,
        )
        try:
            print(
                f"{seats}-seat games of sensible bots, {games} a sample, and as "
                f"many rollouts (a round of turns from a position); {rounds} "
                f"rounds alternating (seed {seed}); CPU time",
                file=out,
            )
            for i in range(rounds):
                order = [("this tree", here), (ref, there)]
                if i % 2:
                    order.reverse()
                for label, tree in order:
                    results[label].append(_sample(tree, games, seats, seed + i))
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(there)],
                cwd=here,
                check=False,
                capture_output=True,
            )
    ratios = {}
    for k, what in enumerate(("games/s", "rollouts/s")):
        for label in labels:
            samples = [sample[k] for sample in results[label]]
            print(f"{label:>12}: {what:>10} {_spread(samples)}", file=out)
        ratios[what] = statistics.median(
            sample[k] for sample in results["this tree"]
        ) / statistics.median(sample[k] for sample in results[ref])
        print(
            f"{'':>12}  {what} ratio (this tree / {ref}, medians): {ratios[what]:.2f}x",
            file=out,
        )
    return {"samples": results, "ratios": ratios}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.engine", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "--games", type=int, default=200, help="games per seat count, 2 to 5"
    )
    parser.add_argument(
        "--duel", type=int, default=500, help="two-seat sensible vs random games"
    )
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--cap", type=int, default=MAX_DECISIONS, help="decisions before a game is cut"
    )
    parser.add_argument(
        "--bots",
        nargs="+",
        choices=sorted(BOTS),
        default=["random", "sensible"],
        help="bots drawn at random for each seat (default: random and sensible)",
    )
    parser.add_argument(
        "--seats",
        type=int,
        nargs="+",
        choices=range(2, 6),
        default=[2, 3, 4, 5],
        help="seat counts to play (default: 2 to 5)",
    )
    parser.add_argument(
        "--compare",
        metavar="REF",
        help="time this tree against git commit REF side by side (sensible bots)",
    )
    parser.add_argument(
        "--rounds", type=int, default=7, help="--compare: samples of each tree"
    )
    parser.add_argument(
        "--expert",
        type=int,
        metavar="N",
        default=0,
        help="play N deals of the expert against sensible bots at each --seats "
        "(a game each, or --duplicate)",
    )
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument(
        "--think",
        type=float,
        default=1.0,
        metavar="SECONDS",
        help="--expert: the expert's thinking time a decision (default 1.0)",
    )
    budget.add_argument(
        "--iterations",
        type=int,
        metavar="N",
        help="--expert: think N guesses a decision instead of a time",
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="--expert: --think counts the process's CPU time, not the wall clock",
    )
    parser.add_argument(
        "--duplicate",
        action="store_true",
        help="--expert: play each deal once with the expert in every seat",
    )
    parser.add_argument(
        "--minutes",
        type=float,
        metavar="M",
        help="--expert: start no deal after M minutes (the deals begun finish)",
    )
    parser.add_argument(
        "--style",
        nargs="+",
        default=[],
        metavar="KEY=VALUE",
        help="--expert: the expert's settings (expert.Style), e.g. rounds=1",
    )
    parser.add_argument(
        "--ab",
        nargs="+",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="--expert: play every game also with --style changed so, paired "
        "(again for a further variant)",
    )
    parser.add_argument(
        "--jobs", type=int, default=1, help="--expert: games played at once"
    )
    parser.add_argument(
        "--rollouts",
        type=int,
        metavar="N",
        default=0,
        help="time N rollouts of the expert's look-ahead at each --seats",
    )
    args = parser.parse_args(argv)
    if args.expert or args.rollouts:
        from bench.strength import duel_expert, parse_style

        try:
            style = parse_style(args.style)
            ab = [parse_style(pairs, style) for pairs in args.ab]
        except ValueError as error:
            parser.error(str(error))
        for seats in args.seats:
            if args.rollouts:
                rollout_rate(seats, args.rollouts, args.seed)
            if args.expert:
                duel_expert(
                    args.expert,
                    seats,
                    args.seed,
                    seconds=None if args.iterations else args.think,
                    iterations=args.iterations,
                    style=style,
                    ab=ab,
                    duplicate=args.duplicate,
                    minutes=args.minutes,
                    jobs=args.jobs,
                    cpu=args.cpu,
                )
        return 0
    if args.compare:
        compare(
            args.compare,
            rounds=args.rounds,
            games=args.games if args.games != 200 else 60,
            seats=args.seats[0] if len(args.seats) == 1 else 3,
            seed=args.seed,
        )
        return 0
    run(
        args.games,
        args.duel,
        args.seed,
        args.cap,
        bots=args.bots,
        seat_counts=args.seats,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
