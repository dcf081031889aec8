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

import time
from collections.abc import Iterator, Sequence

from bench import duel
from bench.duel import Job, schedule, summarise, t975, t_interval, wilson
from bench.engine import play
from games.engines.deal.bots import Bot, sensible_bot
from games.engines.deal.bots.expert import STYLE, Style, think
from games.engines.deal.view import redact

__all__ = [
    "DEAL",
    "Job",
    "duel_expert",
    "expert_game",
    "par_winner",
    "parse_style",
    "played",
    "schedule",
    "style_text",
    "summarise",
    "t975",
    "t_interval",
    "wilson",
]


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
    return duel.result(
        job,
        won=game.winner == job.at,
        drawn=game.winner is None and not game.capped,
        capped=game.capped,
        thinks=thinks,
    )


def par_winner(job: Job) -> int | None:
    """The seat that wins `job`'s deal with the sensible bot in every seat."""
    return play([sensible_bot] * job.seats, job.seed).winner


DEAL = duel.Contest("expert", STYLE, expert_game, par_winner)


def played(work: list[list[Job]], jobs: int, until: float | None) -> Iterator[dict]:
    """The expert's games of `work` as they finish (`duel.played`)."""
    return duel.played(work, jobs, until, expert_game)


def style_text(style: Style) -> str:
    """A style as the fields that differ from the default's ('default' if none)."""
    return duel.style_text(style, STYLE)


def parse_style(pairs: Sequence[str], base: Style = STYLE) -> Style:
    """`base` with the fields that `key=value` pairs name ('none': None)."""
    return duel.parse_style(pairs, base, STYLE)


def duel_expert(deals: int, seats: int, seed: int, **options) -> dict:
    """The Deal expert against sensible bots over `deals` deals (see the
    module's docstring and `duel.duel`); prints the figures and returns them."""
    return duel.duel(DEAL, deals, seats, seed, **options)
