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
import functools
import signal
import sys
import time
from collections.abc import Sequence

from bench import duel as duels
from bench.classic import play
from bench.duel import Job
from games.engines.classic import Options
from games.engines.classic.bots import Bot, sensible_bot
from games.engines.classic.bots.expert import STYLE, Style, think

# A classic deal's seed is drawn below 2**30 (Deal's below 2**32): the runs
# recorded in docs/ replay with the same seeds.
SEED_RANGE = 2**30


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
    return duels.result(
        job,
        won=job.at in winners and len(winners) == 1,
        drawn=len(winners) != 1 and not game.capped,
        capped=game.capped,
        thinks=thinks,
    )


def par_winner(job: Job) -> int | None:
    """The seat that wins the deal with the sensible bot in every seat."""
    winners = play(
        [sensible_bot] * job.seats, job.seed, Options(turn_limit=job.rounds)
    ).state.winners
    return winners[0] if len(winners) == 1 else None


CLASSIC = duels.Contest("classic expert", STYLE, expert_game, par_winner, SEED_RANGE)
schedule = functools.partial(duels.schedule, seed_range=SEED_RANGE)


def parse_style(pairs: Sequence[str], base: Style = STYLE) -> Style:
    """`base` with the fields that `key=value` pairs name ('none': None;
    a tuple as comma-separated numbers)."""
    return duels.parse_style(pairs, base, STYLE)


def duel(
    deals: int,
    seats: int,
    seed: int = 1,
    *,
    seconds: float | None = 1.0,
    duplicate: bool = True,
    rounds: int = 150,
    **options,
) -> dict:
    """The classic expert against sensible bots over `deals` deals, in the
    duplicate format and capped at 150 rounds unless told otherwise: prints
    the figures and returns them (`bench.duel.duel`)."""
    return duels.duel(
        CLASSIC,
        deals,
        seats,
        seed,
        seconds=seconds,
        duplicate=duplicate,
        rounds=rounds,
        **options,
    )


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
