"""Benchmark: seeded bot games, timed, and the sensible bot's win rate.

    python -m games.engine.bench [--games N] [--duel N] [--seed S] [--cap N]

Prints figures; asserts nothing about time.
"""

import argparse
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.engine import Options, State, awaiting, decide, evolve, replay, setup
from games.engine.bots import BOTS, Bot

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
) -> Game:
    """Play one game with one bot per seat; every random choice comes from `seed`.

    A game still running after `max_decisions` decisions is cut and marked
    `capped`; a game that ends with no winner is a draw.
    """
    clock = time.perf_counter
    game = Game(seats=len(bots), seed=seed)
    engine_rng = random.Random(seed)
    bot_rngs = [random.Random(seed * 1_000 + i + 1) for i in range(len(bots))]
    game.events = setup(len(bots), options or Options(), engine_rng)
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
        events = decide(state, move, engine_rng)
        for event in events:
            state = evolve(state, event)
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


def run(games: int, duel: int, seed: int, cap: int, out=sys.stdout) -> dict:
    """Run the benchmark and print its table; return the figures."""
    rng = random.Random(seed)
    print(
        f"mdeal engine benchmark: {games} games per seat count (each seat a random "
        f"or a sensible bot), seed {seed}, cap {cap} decisions a game",
        file=out,
    )
    widths = [max(len(name), 6) for name, _ in COLUMNS]
    print(_row([name for name, _ in COLUMNS], widths), file=out)
    print(_row(["-" * w for w in widths], widths), file=out)
    rows = []
    every: list[Game] = []
    totals = [0.0, 0.0]
    for seats in range(2, 6):
        played: list[Game] = []
        start = time.perf_counter()
        for _ in range(games):
            lineup = [rng.choice(sorted(BOTS)) for _ in range(seats)]
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
    rows.append(_figures("all", every, *totals))
    for i, row in enumerate(rows):
        if i == len(rows) - 1:
            print(_row(["-" * w for w in widths], widths), file=out)
        cells = [fmt.format(row[name]) for name, fmt in COLUMNS]
        print(_row(cells, widths), file=out)
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m games.engine.bench", description=__doc__.splitlines()[0]
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
    args = parser.parse_args(argv)
    run(args.games, args.duel, args.seed, args.cap)
    return 0


if __name__ == "__main__":
    sys.exit(main())
