"""Benchmark: seeded bot games, timed, and the sensible bot's win rate.

    python -m games.engine.bench [--games N] [--duel N] [--seed S] [--cap N]

Prints figures; asserts nothing about time.
"""

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from games.engine import Options, awaiting, decide, evolve, replay, setup
from games.engine.bots import BOTS, Bot

MAX_DECISIONS = 5_000


@dataclass
class Game:
    """A finished (or capped) bot game: its events and how it went."""

    seats: int
    seed: int
    events: list = field(default_factory=list)
    state: object = None
    decisions: int = 0
    winner: int | None = None
    capped: bool = False


def is_over(state) -> bool:
    return state.over or not awaiting(state)


def play(
    bots: Sequence[Bot],
    seed: int,
    *,
    options: Options | None = None,
    max_decisions: int = MAX_DECISIONS,
    on_event: Callable | None = None,
) -> Game:
    """Play one game with one bot per seat; every random choice comes from `seed`.

    `on_event(before, move, event, after)` is called after every event (the
    self-play tests check their invariants there).
    """
    game = Game(seats=len(bots), seed=seed)
    engine_rng = random.Random(seed)
    bot_rngs = [random.Random(seed * 1_000 + i + 1) for i in range(len(bots))]
    game.events = list(setup(len(bots), options or Options(), engine_rng))
    state = None
    for event in game.events:
        after = evolve(state, event)
        if on_event is not None:
            on_event(state, None, event, after)
        state = after
    while not is_over(state):
        if game.decisions >= max_decisions:
            game.capped = True
            break
        entries = awaiting(state)
        # Several seats may owe an answer at once; let any of them go first.
        entry = entries[0] if len(entries) == 1 else engine_rng.choice(entries)
        seat = entry.seat
        move = bots[seat](state, seat, bot_rngs[seat])
        for event in decide(state, move, engine_rng):
            after = evolve(state, event)
            if on_event is not None:
                on_event(state, move, event, after)
            game.events.append(event)
            state = after
        game.decisions += 1
    game.state = state
    game.winner = state.winner
    return game


def bot_lineup(names: Sequence[str]) -> list[Bot]:
    return [BOTS[name] for name in names]


def _row(cells, widths) -> str:
    return "  ".join(str(c).rjust(w) for c, w in zip(cells, widths, strict=True))


def run(games: int, duel: int, seed: int, cap: int, out=sys.stdout) -> dict:
    """Run the benchmark and print its table; return the figures."""
    rng = random.Random(seed)
    print(
        f"mdeal engine benchmark: {games} games per seat count, "
        f"{duel} duel games, seed {seed}, cap {cap} decisions",
        file=out,
    )
    header = (
        "seats",
        "games",
        "capped",
        "games/s",
        "decisions/s",
        "events",
        "replay us/ev",
    )
    widths = [max(len(h), 8) for h in header]
    print(_row(header, widths), file=out)
    print(_row(["-" * w for w in widths], widths), file=out)
    figures: dict = {"seats": {}}
    for seats in range(2, 6):
        names = ["random", "sensible"]
        played: list[Game] = []
        start = time.perf_counter()
        for i in range(games):
            lineup = [
                names[(i + s) % 2] if rng.random() < 0.5 else "sensible"
                for s in range(seats)
            ]
            played.append(
                play(bot_lineup(lineup), rng.randrange(2**32), max_decisions=cap)
            )
        elapsed = time.perf_counter() - start
        decisions = sum(g.decisions for g in played)
        events = sum(len(g.events) for g in played)
        start = time.perf_counter()
        for g in played:
            replay(g.events)
        replay_time = time.perf_counter() - start
        capped = sum(g.capped for g in played)
        row = {
            "games": games,
            "capped": capped,
            "games_per_s": games / elapsed,
            "decisions_per_s": decisions / elapsed,
            "events": events,
            "replay_us_per_event": replay_time / max(events, 1) * 1e6,
        }
        figures["seats"][seats] = row
        print(
            _row(
                (
                    seats,
                    games,
                    capped,
                    f"{row['games_per_s']:.1f}",
                    f"{row['decisions_per_s']:.0f}",
                    events,
                    f"{row['replay_us_per_event']:.1f}",
                ),
                widths,
            ),
            file=out,
        )
    figures["duel"] = duel_figures = _duel(duel, rng, cap)
    print(file=out)
    print(
        f"sensible vs random, {duel} two-seat games (seats alternate): "
        f"sensible won {duel_figures['sensible']}, random won "
        f"{duel_figures['random']}, unfinished {duel_figures['unfinished']}; "
        f"sensible win rate {duel_figures['rate']:.1%} "
        f"({duel_figures['seconds']:.1f}s)",
        file=out,
    )
    return figures


def _duel(count: int, rng: random.Random, cap: int) -> dict:
    wins = {"sensible": 0, "random": 0, "unfinished": 0}
    start = time.perf_counter()
    for i in range(count):
        names = ["sensible", "random"] if i % 2 == 0 else ["random", "sensible"]
        game = play(bot_lineup(names), rng.randrange(2**32), max_decisions=cap)
        if game.winner is None:
            wins["unfinished"] += 1
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
        "--games", type=int, default=50, help="games per seat count, 2 to 5"
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
