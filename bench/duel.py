"""An expert against sensible bots, deal by deal: the games, their arithmetic
and their report, for either game's expert (bench/strength.py for Deal's,
bench/classic_strength.py for classic's; the method is in strength.py's
docstring).

A game's own part is a `Contest`: its name, its expert's default style, how a
deal seed is drawn, and two functions of a `Job` (module-level, so a worker
process can be handed them): the expert's game and the deal's par winner (the
seat that wins it with the sensible bot in every seat).
"""

import dataclasses
import math
import multiprocessing
import os
import queue
import random
import signal
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054
# Student's t, its 0.975 quantile for 1 to 9 degrees of freedom; from 10 on, a
# series in 1/df (Abramowitz and Stegun 26.7.5) is within 1e-5 of it.
_T975_FEW = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622)


def t975(df: int) -> float:
    """The 0.975 quantile of Student's t with `df` degrees of freedom."""
    if df < 1:
        return math.inf
    if df <= len(_T975_FEW):
        return _T975_FEW[df - 1]
    z = Z95
    terms = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
        (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
    )
    return z + sum(g / df ** (k + 1) for k, g in enumerate(terms))


def t_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of `values` and its 95% interval (Student's t), each value one
    independent unit (a deal's share of wins)."""
    n = len(values)
    if n == 0:
        return math.nan, -math.inf, math.inf
    mean = statistics.fmean(values)
    if n == 1:
        return mean, -math.inf, math.inf
    half = t975(n - 1) * statistics.stdev(values) / math.sqrt(n)
    return mean, mean - half, mean + half


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The 95% confidence interval of a win rate over independent games
    (Wilson's score interval)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * ((p * (1 - p) + z * z / (4 * games)) / games) ** 0.5
    return max(0.0, centre - half / (1 + z * z / games)), min(
        1.0, centre + half / (1 + z * z / games)
    )


# The games --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Job:
    """One game of the expert (style `arm` of an A/B run) at seat `at` of a
    deal; `rounds` caps a classic game (None: Deal's, which ends by itself)."""

    deal: int
    seed: int
    seats: int
    at: int
    arm: str
    style: Any
    seconds: float | None
    iterations: int | None
    cpu: bool
    rounds: int | None = None


@dataclass(frozen=True)
class Contest:
    """What one game brings to a duel (see the module's docstring)."""

    name: str  # "expert", "classic expert": the report's first words
    style: Any  # the expert's default style: `--style` and `--ab` change it
    game: Callable[[Job], dict]  # the expert's game: `result`'s fields
    par: Callable[[Job], int | None]  # the deal's winner, sensible bots only
    seed_range: int = 2**32  # a deal's seed is drawn below this


def schedule(
    deals: int,
    seats: int,
    seed: int,
    *,
    duplicate: bool,
    styles: dict[str, Any],
    seconds: float | None = None,
    iterations: int | None = None,
    cpu: bool = False,
    rounds: int | None = None,
    seed_range: int = 2**32,
) -> list[list[Job]]:
    """The games of each deal: with `duplicate`, one for each seat, else one
    at seat deal % seats; each once for every style (A, and B... if any)."""
    rng = random.Random(seed)
    work = []
    for deal in range(deals):
        deal_seed = rng.randrange(seed_range)
        places = range(seats) if duplicate else (deal % seats,)
        work.append(
            [
                Job(
                    *(deal, deal_seed, seats, at, arm, style),
                    *(seconds, iterations, cpu, rounds),
                )
                for at in places
                for arm, style in styles.items()
            ]
        )
    return work


def result(job: Job, *, won: bool, drawn: bool, capped: bool, thinks) -> dict:
    """One game's outcome, as `summarise` reads it."""
    return {
        "deal": job.deal,
        "at": job.at,
        "arm": job.arm,
        "won": won,
        "drawn": drawn,
        "capped": capped,
        "thinks": thinks,
    }


def quiet_worker() -> None:
    # Ctrl-C and `kill -INT` are for the bench, which stops its workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def played(
    work: list[list[Job]], jobs: int, until: float | None, game: Callable
) -> Iterator[dict]:
    """The results of `game` for each job as they finish, `jobs` at a time.
    No deal starts after `until` (time.monotonic()); the deals begun are
    played out."""
    todo = _jobs(work, until)
    if jobs <= 1:
        yield from map(game, todo)
        return
    done: queue.SimpleQueue = queue.SimpleQueue()
    with multiprocessing.Pool(jobs, initializer=quiet_worker) as pool:
        running = 0
        while True:
            while running < jobs and (job := next(todo, None)) is not None:
                pool.apply_async(
                    game, (job,), callback=done.put, error_callback=done.put
                )
                running += 1
            if not running:
                return
            while True:
                try:
                    found = done.get(timeout=1.0)
                    break
                except queue.Empty:
                    continue
            running -= 1
            if isinstance(found, BaseException):
                raise found
            yield found


def _jobs(work: list[list[Job]], until: float | None) -> Iterator[Job]:
    for deal in work:
        if until is not None and time.monotonic() > until:
            return
        yield from deal


# The figures ------------------------------------------------------------------


def summarise(
    results: list[dict], work: list[list[Job]], par: dict[int, int | None]
) -> dict:
    """The figures of the deals whose every game was played: each style's wins,
    games, win rate with its t interval over deals and Wilson's over games,
    against par (the deal's sensible winner), and B minus A."""
    by_deal: dict[int, list[dict]] = defaultdict(list)
    for r in results:
        by_deal[r["deal"]].append(r)
    complete = [
        d for d, games in enumerate(work) if len(by_deal.get(d, ())) == len(games)
    ]
    arms = sorted({job.arm for deal in work for job in deal})
    figures: dict = {
        "deals": len(complete),
        "dropped": len(results) - sum(len(by_deal[d]) for d in complete),
    }
    shares: dict[str, list[float]] = {}
    for arm in arms:
        games = [r for d in complete for r in by_deal[d] if r["arm"] == arm]
        wins = sum(r["won"] for r in games)
        shares[arm] = [
            statistics.fmean(r["won"] for r in by_deal[d] if r["arm"] == arm)
            for d in complete
        ]
        rate, low, high = t_interval(shares[arm])
        sensible = [r for r in games if par.get(r["deal"]) == r["at"]]
        figures[arm] = {
            "games": len(games),
            "wins": wins,
            "rate": rate,
            "ci": (low, high),
            "wilson": wilson(wins, len(games)),
            "drawn": sum(r["drawn"] for r in games),
            "capped": sum(r["capped"] for r in games),
            "par wins": len(sensible),
            "kept": sum(r["won"] for r in sensible),
            "took": wins - sum(r["won"] for r in sensible),
            "thinks": sorted(t for r in games for t in r["thinks"]),
        }
    outcome = {(r["deal"], r["at"], r["arm"]): r["won"] for r in results}
    for arm in arms[1:]:
        gaps = [b - a for a, b in zip(shares["A"], shares[arm], strict=True)]
        figures[f"{arm} - A"] = {
            "gain": t_interval(gaps),
            "parted": sum(
                outcome[d, job.at, "A"] != outcome[d, job.at, arm]
                for d in complete
                for job in work[d]
                if job.arm == "A"
            ),
        }
    return figures


def style_text(style, default) -> str:
    """A style as the fields that differ from `default`'s ('default' if none)."""
    changed = [
        f"{f.name}={getattr(style, f.name)}"
        for f in dataclasses.fields(style)
        if getattr(style, f.name) != getattr(default, f.name)
    ]
    return " ".join(changed) or "default"


def parse_style(pairs: Sequence[str], base, default):
    """`base` with the fields that `key=value` pairs name, each read as
    `default`'s field is: 'none' for None, yes/no for a flag, a tuple as
    comma-separated numbers. ValueError for a key the style has not."""
    known = {f.name for f in dataclasses.fields(base)}
    changes = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        if name not in known or not text:
            raise ValueError(
                f"{pair!r}: give key=value, the key one of {', '.join(sorted(known))}"
            )
        value = getattr(default, name)
        if text.lower() == "none":
            changes[name] = None
        elif isinstance(value, bool):
            changes[name] = text.lower() in ("1", "true", "yes")
        elif isinstance(value, tuple):
            changes[name] = tuple(float(x) for x in text.split(",") if x)
        else:
            changes[name] = type(value)(text)
    return dataclasses.replace(base, **changes)


def _pct(x: float) -> str:
    return f"{x:.1%}"


def report(
    contest: Contest, figures: dict, work: list[list[Job]], elapsed: float, out
) -> None:
    """Print the figures of one seat count."""
    first = work[0][0]
    seats = first.seats
    styles = {job.arm: job.style for deal in work for job in deal}
    duplicate = len({job.at for job in work[0]}) == seats
    if first.iterations:
        budget = f"{first.iterations} iterations"
    else:
        budget = f"{first.seconds}s" + (" of CPU" if first.cpu else "")
    form = (
        f"duplicate: each deal played {seats} times, the expert in every seat"
        if duplicate
        else "a deal a game, the expert's seat rotating"
    )
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"{contest.name} vs {seats - 1} sensible, {seats} seats, {form}; think "
        f"{budget} a decision; {figures['deals']} deals, {elapsed:.0f}s; "
        f"load average {load}",
        file=out,
    )
    if figures["dropped"]:
        dropped = figures["dropped"]
        print(
            f"  ({dropped} game{'s' if dropped > 1 else ''} of deals left "
            "unfinished not counted)",
            file=out,
        )
    for arm, style in sorted(styles.items()):
        f = figures[arm]
        games, wins = f["games"], f["wins"]
        low, high = f["ci"]
        wl, wh = f["wilson"]
        label = (
            f"{arm} ({style_text(style, contest.style)}): " if len(styles) > 1 else ""
        )
        print(
            f"  {label}won {wins} of {games} = {_pct(wins / max(games, 1))} "
            f"(95% CI {_pct(max(low, 0.0))} to {_pct(min(high, 1.0))} over "
            f"{figures['deals']} deals; Wilson over games {_pct(wl)} to "
            f"{_pct(wh)}; par {1 / seats:.0%}), drawn {f['drawn']}, "
            f"unfinished {f['capped']}",
            file=out,
        )
        print(
            f"    on the same deals and seats sensible won {f['par wins']} of "
            f"{games}: the expert kept {f['kept']} of those seats and took "
            f"{f['took']} of the other {games - f['par wins']}",
            file=out,
        )
        thinks = f["thinks"]
        if thinks:
            p95 = thinks[min(len(thinks) - 1, int(0.95 * len(thinks)))]
            print(
                f"    {'CPU ' if first.cpu else ''}think time over {len(thinks)} "
                "decisions that needed thought: "
                f"median {statistics.median(thinks) * 1000:.0f} ms, "
                f"95th percentile {p95 * 1000:.0f} ms, "
                f"max {thinks[-1] * 1000:.0f} ms",
                file=out,
            )
    for arm in sorted(styles)[1:]:
        gain, low, high = figures[f"{arm} - A"]["gain"]
        print(
            f"  {arm} - A: {gain * 100:+.1f} points of win rate (95% CI "
            f"{low * 100:+.1f} to {high * 100:+.1f}, t over "
            f"{figures['deals']} deals); {figures[f'{arm} - A']['parted']} of "
            f"{figures['A']['games']} games ended otherwise with {arm}",
            file=out,
        )


def duel(
    contest: Contest,
    deals: int,
    seats: int,
    seed: int,
    *,
    seconds: float | None = 1.0,
    iterations: int | None = None,
    style=None,
    ab: Sequence = (),
    duplicate: bool = False,
    minutes: float | None = None,
    jobs: int = 1,
    cpu: bool = False,
    rounds: int | None = None,
    out=None,
) -> dict:
    """The contest's expert (`style`, its default if None; `ab` its variants)
    against sensible bots over `deals` deals; prints the figures and returns
    them. With `cpu` the expert's seconds are its process's CPU time, not the
    wall clock's: on a machine busy with other work it still gets the time it
    is given. Stopped early (Ctrl-C, kill -INT), it reports the deals played
    out."""
    out = sys.stdout if out is None else out
    # A shell starts a background job with SIGINT ignored: take it back, so
    # that kill -INT stops the run with its figures.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    styles = {"A": contest.style if style is None else style}
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
        seed_range=contest.seed_range,
    )
    until = None if minutes is None else time.monotonic() + minutes * 60
    start = time.perf_counter()
    results: list[dict] = []
    try:
        for found in played(work, jobs, until, contest.game):
            results.append(found)
            won = sum(r["won"] for r in results if r["arm"] == "A")
            games = sum(r["arm"] == "A" for r in results)
            print(
                f"  deal {found['deal']} seat {found['at']} {found['arm']}: "
                f"{'won' if found['won'] else 'lost'}; A {won} won of {games}",
                file=sys.stderr,
                flush=True,
            )
    except KeyboardInterrupt:
        print(f"stopped after {len(results)} games", file=out)
    elapsed = time.perf_counter() - start
    par = {d: contest.par(work[d][0]) for d in {r["deal"] for r in results}}
    figures = summarise(results, work, par)
    report(contest, figures, work, elapsed, out)
    return figures
