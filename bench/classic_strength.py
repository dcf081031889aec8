"""How strong the classic expert is: its games against sensible bots, with
the arithmetic of bench/strength.py (the Deal expert's).

    python -m bench.classic_strength --deals N --seats 2 4 [--think S] [--cpu]
        [--iterations N] [--duplicate] [--minutes M] [--style K=V ...]
        [--ab K=V ...] [--jobs J]

A deal is a seed: the decks' order, the dice and the bots' tie-breaks. The
duplicate format plays each deal once with the expert in every seat (the
others sensible), so a deal that favours a seat favours the expert once and
its opponents the other times; the win rate's 95% interval is then a Student
t interval over the deals' shares, with Wilson's over games beside it. Par
is the same deal with the sensible bot in every seat. `--ab` plays every
game again with the style changed and prints B minus A over the same deals.
A game ends by the last player standing or, past `--rounds` rounds (150 by
default, the engine benchmark's), by net worth. Times are the expert's
thinking per decision that needed thought (CPU time with --cpu).
"""

import argparse
import dataclasses
import multiprocessing
import os
import random
import signal
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bench.classic import play
from bench.strength import summarise
from games.engines.classic import Options
from games.engines.classic.bots import Bot, sensible_bot
from games.engines.classic.bots.expert import STYLE, Style, think


@dataclass(frozen=True, slots=True)
class Job:
    """One game of the expert (style `arm`) at seat `at` of a deal."""

    deal: int
    seed: int
    seats: int
    at: int
    arm: str
    style: Style
    seconds: float | None
    iterations: int | None
    cpu: bool
    rounds: int


def schedule(
    deals: int,
    seats: int,
    seed: int,
    *,
    duplicate: bool,
    styles: dict[str, Style],
    seconds: float | None,
    iterations: int | None,
    cpu: bool,
    rounds: int,
) -> list[list[Job]]:
    """The games of each deal: with `duplicate` one for each seat, else one
    at seat deal % seats; each once for every style."""
    rng = random.Random(seed)
    work = []
    for deal in range(deals):
        deal_seed = rng.randrange(2**30)
        places = range(seats) if duplicate else (deal % seats,)
        work.append(
            [
                Job(
                    deal,
                    deal_seed,
                    seats,
                    at,
                    arm,
                    style,
                    seconds,
                    iterations,
                    cpu,
                    rounds,
                )
                for at in places
                for arm, style in styles.items()
            ]
        )
    return work


def expert_game(job: Job) -> dict:
    """One game: the expert at its seat, sensible bots in the rest."""
    clock = time.process_time if job.cpu else time.perf_counter
    thinks: list[float] = []

    def expert(state, seat, rng):
        started = clock()
        move, info = think(
            state,
            seat,
            rng,
            seconds=job.seconds,
            iterations=job.iterations,
            clock=clock,
            style=job.style,
        )
        if not info["trivial"]:
            thinks.append(clock() - started)
        return move

    lineup: list[Bot] = [sensible_bot] * job.seats
    lineup[job.at] = expert
    game = play(lineup, job.seed, Options(turn_limit=job.rounds))
    winners = game.state.winners
    return {
        "deal": job.deal,
        "at": job.at,
        "arm": job.arm,
        "won": job.at in winners and len(winners) == 1,
        "drawn": len(winners) != 1 and not game.capped,
        "capped": game.capped,
        "thinks": thinks,
    }


def par_winner(seats: int, seed: int, rounds: int) -> int | None:
    """The seat that wins the deal with the sensible bot in every seat."""
    winners = play(
        [sensible_bot] * seats, seed, Options(turn_limit=rounds)
    ).state.winners
    return winners[0] if len(winners) == 1 else None


def _quiet_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def style_text(style: Style) -> str:
    changed = [
        f"{f.name}={getattr(style, f.name)}"
        for f in dataclasses.fields(style)
        if getattr(style, f.name) != getattr(STYLE, f.name)
    ]
    return " ".join(changed) or "default"


def parse_style(pairs: Sequence[str], base: Style = STYLE) -> Style:
    """`base` with the fields that `key=value` pairs name ('none': None;
    a tuple as comma-separated numbers)."""
    known = {f.name for f in dataclasses.fields(base)}
    changes = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        if name not in known or not text:
            raise ValueError(
                f"{pair!r}: give key=value, the key one of {', '.join(sorted(known))}"
            )
        default = getattr(STYLE, name)
        if text.lower() == "none":
            changes[name] = None
        elif isinstance(default, tuple):
            changes[name] = tuple(float(x) for x in text.split(",") if x)
        else:
            changes[name] = type(default)(text)
    return dataclasses.replace(base, **changes)


def report(figures: dict, work: list[list[Job]], elapsed: float, out) -> None:
    first = work[0][0]
    seats = first.seats
    styles = {job.arm: job.style for deal in work for job in deal}
    budget = (
        f"{first.iterations} iterations"
        if first.iterations
        else f"{first.seconds}s" + (" of CPU" if first.cpu else "")
    )
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"classic expert vs {seats - 1} sensible, {seats} seats, "
        f"{'duplicate' if len(work[0]) >= seats * len(styles) else 'a deal a game'}; "
        f"think {budget} a decision; {figures['deals']} deals, {elapsed:.0f}s; "
        f"load average {load}",
        file=out,
    )
    for arm, style in sorted(styles.items()):
        f = figures[arm]
        games, wins = f["games"], f["wins"]
        low, high = f["ci"]
        wl, wh = f["wilson"]
        label = f"{arm} ({style_text(style)}): " if len(styles) > 1 else ""
        print(
            f"  {label}won {wins} of {games} = {wins / max(games, 1):.1%} (95% CI "
            f"{max(low, 0.0):.1%} to {min(high, 1.0):.1%} over {figures['deals']} "
            f"deals; Wilson over games {wl:.1%} to {wh:.1%}; par {1 / seats:.0%}), "
            f"drawn {f['drawn']}, unfinished {f['capped']}",
            file=out,
        )
        print(
            f"    on the same deals and seats sensible won {f['par wins']} of "
            f"{games}: the expert kept {f['kept']} and took {f['took']}",
            file=out,
        )
        thinks = f["thinks"]
        if thinks:
            p95 = thinks[min(len(thinks) - 1, int(0.95 * len(thinks)))]
            print(
                f"    {'CPU ' if first.cpu else ''}think time over {len(thinks)} "
                f"decisions that needed thought: median "
                f"{statistics.median(thinks) * 1000:.0f} ms, 95th percentile "
                f"{p95 * 1000:.0f} ms, max {thinks[-1] * 1000:.0f} ms",
                file=out,
            )
    for arm in sorted(styles)[1:]:
        gain, low, high = figures[f"{arm} - A"]["gain"]
        print(
            f"  {arm} - A: {gain * 100:+.1f} points (95% CI {low * 100:+.1f} to "
            f"{high * 100:+.1f}, t over {figures['deals']} deals); "
            f"{figures[f'{arm} - A']['parted']} games ended otherwise",
            file=out,
        )


def duel(
    deals: int,
    seats: int,
    seed: int = 1,
    *,
    seconds: float | None = 1.0,
    iterations: int | None = None,
    style: Style = STYLE,
    ab: Sequence[Style] = (),
    duplicate: bool = True,
    minutes: float | None = None,
    jobs: int = 1,
    cpu: bool = False,
    rounds: int = 150,
    out=None,
) -> dict:
    """The expert against sensible bots over `deals` deals: prints the
    figures and returns them."""
    out = sys.stdout if out is None else out
    styles = {"A": style}
    styles.update((chr(ord("B") + i), variant) for i, variant in enumerate(ab))
    work = schedule(
        deals,
        seats,
        seed,
        duplicate=duplicate,
        styles=styles,
        seconds=seconds,
        iterations=iterations,
        cpu=cpu,
        rounds=rounds,
    )
    until = None if minutes is None else time.monotonic() + minutes * 60
    todo = []
    for deal in work:
        todo.extend(deal)
    start = time.perf_counter()
    results: list[dict] = []

    def note(result):
        results.append(result)
        won = sum(r["won"] for r in results if r["arm"] == "A")
        games = sum(r["arm"] == "A" for r in results)
        print(
            f"  deal {result['deal']} seat {result['at']} {result['arm']}: "
            f"{'won' if result['won'] else 'lost'}; A {won} won of {games}",
            file=sys.stderr,
            flush=True,
        )

    def due():
        for job in todo:
            if until is not None and time.monotonic() > until and job.at == 0:
                return
            yield job

    try:
        if jobs <= 1:
            for job in due():
                note(expert_game(job))
        else:
            with multiprocessing.Pool(jobs, initializer=_quiet_worker) as pool:
                for result in pool.imap_unordered(expert_game, due()):
                    note(result)
    except KeyboardInterrupt:
        print(f"stopped after {len(results)} games", file=out)
    elapsed = time.perf_counter() - start
    par = {
        d: par_winner(seats, work[d][0].seed, rounds)
        for d in {r["deal"] for r in results}
    }
    figures = summarise(results, work, par)
    report(figures, work, elapsed, out)
    return figures


def add_arguments(parser) -> None:
    """The options, shared by `python -m bench.classic_strength` and
    `manage.py classic_strength`."""
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seats", type=int, nargs="+", default=[2])
    parser.add_argument("--seed", type=int, default=1)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--think", type=float, default=1.0, metavar="SECONDS")
    budget.add_argument("--iterations", type=int, metavar="N")
    parser.add_argument("--cpu", action="store_true", help="think in CPU seconds")
    parser.add_argument(
        "--single", action="store_true", help="a game a deal, not duplicate"
    )
    parser.add_argument("--minutes", type=float, metavar="M")
    parser.add_argument("--rounds", type=int, default=150)
    parser.add_argument("--style", nargs="+", default=[], metavar="KEY=VALUE")
    parser.add_argument(
        "--ab", nargs="+", action="append", default=[], metavar="KEY=VALUE"
    )
    parser.add_argument("--jobs", type=int, default=1)


def run(args, out=None) -> list[dict]:
    """Every --seats count's duel; ValueError for a style that is not one."""
    style = parse_style(args.style)
    ab = [parse_style(pairs, style) for pairs in args.ab]
    return [
        duel(
            args.deals,
            seats,
            args.seed,
            seconds=None if args.iterations else args.think,
            iterations=args.iterations,
            style=style,
            ab=ab,
            duplicate=not args.single,
            minutes=args.minutes,
            jobs=args.jobs,
            cpu=args.cpu,
            rounds=args.rounds,
            out=out,
        )
        for seats in args.seats
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        run(args)
    except ValueError as error:
        parser.error(str(error))
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.exit(main())
