"""How strong the expert is: its games against sensible bots, and the
arithmetic of their win rate (`python -m bench.engine --expert N`).

Deal by deal. A plain run gives every game a deal of its own (a seed: the
deck's order, the draws and the bots' tie-breaks) and rotates the expert's
seat; the luck of the deal then dominates the spread of the outcomes, and the
interval over games is wide. The duplicate format (`--duplicate`, as in
duplicate bridge) plays each deal `seats` times on the same deck order, the
expert in each seat once, so a deal that favours one seat favours the expert
once and its opponents the other times. The deal is then the unit: the win
rate is the share of all games won (the mean over deals of the share of each
deal's games), and its 95% interval a Student t interval over the deals'
shares, since the games of one deal are not independent draws. Wilson's
interval over games is printed beside it. Nothing about the expert or its
opponents changes, and every seat is played equally often: the format
estimates the same win rate, with less of the deal's luck in the estimate.

Against par. The same deal with the sensible bot in every seat (a game of a
few milliseconds) says which seat the deal favoured. The expert's wins split
into seats it kept (that game's sensible bot won from there too) and seats it
took (it did not).

A/B. `--ab key=value ...` plays every game twice, with the expert of `--style`
(A) and with that style changed (B), on the same deals and seats, and prints B
minus A with a t interval over the deals: the two share each deal's luck, and
their games part only where the two experts choose differently. Each further
`--ab` adds a variant (C, D, ...) measured against the same games of A.
"""

import dataclasses
import math
import multiprocessing
import queue
import random
import signal
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from bench.engine import play
from games.engines.deal.bots import Bot, sensible_bot
from games.engines.deal.bots.expert import STYLE, Style, think
from games.engines.deal.view import redact

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
    """One game of the expert (style `arm` of an A/B run) at seat `at` of a deal."""

    deal: int
    seed: int
    seats: int
    at: int
    arm: str
    style: Style
    seconds: float | None
    iterations: int | None
    cpu: bool


def schedule(
    deals: int,
    seats: int,
    seed: int,
    *,
    duplicate: bool,
    styles: dict[str, Style],
    seconds: float | None = None,
    iterations: int | None = None,
    cpu: bool = False,
) -> list[list[Job]]:
    """The games of each deal: with `duplicate`, one for each seat, else one
    at seat deal % seats; each once for every style (A, and B if any)."""
    rng = random.Random(seed)
    work = []
    for deal in range(deals):
        deal_seed = rng.randrange(2**32)
        places = range(seats) if duplicate else (deal % seats,)
        work.append(
            [
                Job(deal, deal_seed, seats, at, arm, style, seconds, iterations, cpu)
                for at in places
                for arm, style in styles.items()
            ]
        )
    return work


def expert_game(job: Job) -> dict:
    """Play one game of `job`: the expert at its seat, sensible bots in the rest."""
    clock = time.process_time if job.cpu else time.perf_counter
    thinks: list[float] = []
    events: list = []
    # The game's events as the expert's seat reads them, redacted once each.
    history: list[dict] = []

    def expert(state, seat, rng):
        history.extend(redact(e, seat) for e in events[len(history) :])
        started = clock()
        move, info = think(
            state,
            seat,
            rng,
            seconds=job.seconds,
            iterations=job.iterations,
            clock=clock,
            style=job.style,
            history=history,
        )
        if not info["trivial"]:
            thinks.append(clock() - started)
        return move

    lineup: list[Bot] = [sensible_bot] * job.seats
    lineup[job.at] = expert
    game = play(lineup, job.seed, events=events)
    return {
        "deal": job.deal,
        "at": job.at,
        "arm": job.arm,
        "won": game.winner == job.at,
        "drawn": game.winner is None and not game.capped,
        "capped": game.capped,
        "thinks": thinks,
    }


def par_winner(seats: int, seed: int) -> int | None:
    """The seat that wins the deal `seed` with the sensible bot in every seat."""
    return play([sensible_bot] * seats, seed).winner


def _quiet_worker() -> None:
    # Ctrl-C and `kill -INT` are for the bench, which stops its workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def played(work: list[list[Job]], jobs: int, until: float | None) -> Iterator[dict]:
    """The games' results as they finish, `jobs` at a time. No deal starts
    after `until` (time.monotonic()); the deals begun are played out."""
    todo = _jobs(work, until)
    if jobs <= 1:
        yield from map(expert_game, todo)
        return
    done: queue.SimpleQueue = queue.SimpleQueue()
    with multiprocessing.Pool(jobs, initializer=_quiet_worker) as pool:
        running = 0
        while True:
            while running < jobs and (job := next(todo, None)) is not None:
                pool.apply_async(
                    expert_game, (job,), callback=done.put, error_callback=done.put
                )
                running += 1
            if not running:
                return
            while True:
                try:
                    result = done.get(timeout=1.0)
                    break
                except queue.Empty:
                    continue
            running -= 1
            if isinstance(result, BaseException):
                raise result
            yield result


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


def style_text(style: Style) -> str:
    """A style as the fields that differ from the default's ('default' if none)."""
    changed = [
        f"{f.name}={getattr(style, f.name)}"
        for f in dataclasses.fields(style)
        if getattr(style, f.name) != getattr(STYLE, f.name)
    ]
    return " ".join(changed) or "default"


def parse_style(pairs: Sequence[str], base: Style = STYLE) -> Style:
    """`base` with the fields that `key=value` pairs name ('none': None)."""
    changes = {}
    known = {f.name: f for f in dataclasses.fields(base)}
    for pair in pairs:
        name, _, text = pair.partition("=")
        if name not in known or not text:
            raise ValueError(
                f"{pair!r}: give key=value, the key one of {', '.join(known)}"
            )
        default = getattr(STYLE, name)
        if text.lower() == "none":
            changes[name] = None
        elif isinstance(default, bool):
            changes[name] = text.lower() in ("1", "true", "yes")
        else:
            changes[name] = type(default)(text)
    return dataclasses.replace(base, **changes)


def _pct(x: float) -> str:
    return f"{x:.1%}"


def report(figures: dict, work: list[list[Job]], elapsed: float, out) -> None:
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
    print(
        f"expert vs {seats - 1} sensible, {seats} seats, {form}; think {budget} "
        f"a decision; {figures['deals']} deals, {elapsed:.0f}s",
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
        label = f"{arm} ({style_text(style)}): " if len(styles) > 1 else ""
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


def duel_expert(
    deals: int,
    seats: int,
    seed: int,
    *,
    seconds: float | None,
    iterations: int | None,
    style: Style = STYLE,
    ab: Sequence[Style] = (),
    duplicate: bool = False,
    minutes: float | None = None,
    jobs: int = 1,
    cpu: bool = False,
    out=None,
) -> dict:
    """The expert against sensible bots over `deals` deals (see the module's
    docstring); prints the figures and returns them. With `cpu` the expert's
    seconds are its process's CPU time, not the wall clock's: on a machine
    busy with other work it still gets the time it is given."""
    out = sys.stdout if out is None else out
    # A shell starts a background job with SIGINT ignored: take it back, so
    # that kill -INT stops the run with its figures.
    signal.signal(signal.SIGINT, signal.default_int_handler)
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
    )
    until = None if minutes is None else time.monotonic() + minutes * 60
    start = time.perf_counter()
    results: list[dict] = []
    try:
        for result in played(work, jobs, until):
            results.append(result)
            won = sum(r["won"] for r in results if r["arm"] == "A")
            games = sum(r["arm"] == "A" for r in results)
            print(
                f"  deal {result['deal']} seat {result['at']} {result['arm']}: "
                f"{'won' if result['won'] else 'lost'}; A {won} won of {games}",
                file=sys.stderr,
                flush=True,
            )
    except KeyboardInterrupt:
        # Stopped early (Ctrl-C, kill -INT): report the deals played out.
        print(f"stopped after {len(results)} games", file=out)
    elapsed = time.perf_counter() - start
    par = {d: par_winner(seats, work[d][0].seed) for d in {r["deal"] for r in results}}
    figures = summarise(results, work, par)
    report(figures, work, elapsed, out)
    return figures
