"""The classic expert: it guesses what it cannot see and plays each guess
forward, as the Deal expert does (games/engines/deal/bots/expert.py says why
this search rather than a tree).

For each decision it lists a few candidate moves (`candidates`: the sensible
bot's own choice first, then the alternatives that decision offers: buy or
decline, bids at several shares of the deed's worth, each group it could
build on, the lifts, the ways out of jail, the mortgages and sales before a
debt's default, the other answer to an offer, and the trades that would
complete its groups on terms a sensible player takes). Then, guess after
guess: deal a world the seat cannot tell from the real one
(`hidden.guess`: the decks' order, the others' sealed bids, offers between
others), play every candidate in it with the same dice after it (common
random numbers), let the sensible bot play every seat for `rounds` rounds,
and score the end by `evaluate.chances`. A candidate replaces the sensible
choice only when it gains by CONFIDENCE standard errors of the paired
differences, so noise cannot talk the expert out of a sound move.

It never peeks: everything after the first line of `think` reads guesses
only, and a guess is made from what the seat may see, so two states that
differ only in what it cannot see give the same move for the same seed.

The budget is an iteration count when one is given (tests: the same seed,
the same move) and otherwise `seconds` measured by the caller's `clock`
(the engine has none), checked between rollouts; without a clock it runs
ITERATIONS_WITHOUT_CLOCK guesses. Against the clock a candidate clearly worse
than the first (DROP standard errors after DROP_AFTER guesses) is dropped,
and with none left it answers at once. A decision with one candidate (a roll
with nothing to build, an auction it cannot afford) is answered at once.
"""

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...errors import IllegalMove
from ...race import Tally, pick, run_race
from .. import moves as mv
from ..board import BOARD
from ..decisions import awaiting, default_move, legal_moves
from ..figures import may_manage
from ..rules import step
from ..state import State
from .evaluate import SHARPNESS, chances
from .hidden import guess
from .sensible import sensible_bot
from .trades import group_trades
from .worth import deed_value

DEFAULT_SECONDS = 1.0
ITERATIONS_WITHOUT_CLOCK = 24
# Rounds of turns a rollout plays before its end is scored.
ROUNDS = 2
# Decisions a rollout may take before it is scored anyway.
ROLLOUT_DECISIONS = 600
CONFIDENCE = 1.5
DROP = 2.5
DROP_AFTER = 8


@dataclass(frozen=True, slots=True)
class Style:
    """How the expert thinks: the knobs an A/B run of the bench turns
    (`--ab rounds=1`), each defaulting to the setting measured best so far."""

    rounds: int | None = ROUNDS
    confidence: float = CONFIDENCE
    drop: float = DROP
    drop_after: int = DROP_AFTER
    # Bids tried besides the sensible one and a pass: these shares of each
    # lot's worth to the seat (`worth.deed_value`).
    bid_shares: tuple[float, ...] = (0.5, 1.0, 1.25)
    # Group-completing trades tried, the best for the seat first.
    trades: int = 2
    # Lifts of mortgages tried while managing, cheapest first.
    lifts: int = 2
    # Mortgages and sales tried before a debt's default order.
    raises: int = 3
    sharpness: float = SHARPNESS


STYLE = Style()


def _unique(state: State, moves: list[mv.Move]) -> list[mv.Move]:
    out: list[mv.Move] = []
    for m in moves:
        if m not in out and _allowed(state, m):
            out.append(m)
    return out


def _allowed(state: State, move: mv.Move) -> bool:
    try:
        step(state, move, random.Random(0))
    except IllegalMove:
        return False
    return True


def _managing(state: State, seat: int, moves: list[mv.Move], style: Style):
    """Building on each group, lifting mortgages, group-completing trades."""
    out: list[mv.Move] = []
    groups = set()
    for m in moves:
        if isinstance(m, mv.Build) and BOARD[m.space].group not in groups:
            groups.add(BOARD[m.space].group)
            out.append(m)
    lifts = [m for m in moves if isinstance(m, mv.Unmortgage)]
    lifts.sort(key=lambda m: (BOARD[m.space].unmortgage_cost, m.space))
    out += lifts[: style.lifts]
    out += [offer for _, offer in group_trades(state, seat)[: style.trades]]
    return out


def _bids(state: State, seat: int, style: Style) -> list[mv.Move]:
    cash = state.players[seat].cash
    out: list[mv.Move] = []
    for share in style.bid_shares:
        amounts = tuple(
            min(cash, int(deed_value(state, seat, i) * share))
            for i in state.auction.lots
        )
        if all(a > 0 for a in amounts):
            out.append(mv.Bid(seat=seat, amounts=amounts))
    return out


def candidates(
    state: State, seat: int, rng: random.Random, style: Style = STYLE
) -> list[mv.Move]:
    """The moves worth comparing, the sensible bot's choice first."""
    moves = legal_moves(state, seat)
    kinds = {e.kind: e for e in awaiting(state) if e.seat == seat}
    first = sensible_bot(state, seat, random.Random(rng.getrandbits(32)))
    out = [first]
    if "answer" in kinds and isinstance(first, mv.AcceptOffer | mv.DeclineOffer):
        offer = kinds["answer"].offer
        out += [
            mv.AcceptOffer(seat=seat, offer=offer),
            mv.DeclineOffer(seat=seat, offer=offer),
        ]
    elif "mortgages" in kinds:
        p = state.players[seat]
        spaces = state.inheritance.spaces
        out.append(mv.LiftMortgages(seat=seat, spaces=()))
        cheap = sorted(spaces, key=lambda i: BOARD[i].unmortgage_cost)
        lifted, cost = [], 0
        for i in cheap:
            if cost + BOARD[i].unmortgage_cost <= p.cash:
                lifted.append(i)
                cost += BOARD[i].unmortgage_cost
        if lifted:
            out.append(mv.LiftMortgages(seat=seat, spaces=tuple(sorted(lifted))))
    elif "pay" in kinds:
        out.append(mv.RaiseAndPay(seat=seat))
        raising = [m for m in moves if isinstance(m, mv.Mortgage | mv.SellBuildings)]
        out += raising[: style.raises]
    elif "bid" in kinds:
        out.append(mv.PassBid(seat=seat))
        out += _bids(state, seat, style)
    elif "buy" in kinds:
        out += [mv.Buy(seat=seat), mv.DeclineBuy(seat=seat)]
    elif may_manage(state, seat):
        out += [
            m
            for m in moves
            if isinstance(m, mv.Roll | mv.EndTurn | mv.PayJailFine | mv.UseJailCard)
        ]
        out += _managing(state, seat, moves, style)
    return _unique(state, out)


def rollout(
    state: State, seat: int, rng: random.Random, stop: int | None, sharpness: float
) -> float:
    """Play on with the sensible bot in every seat until turn `stop` starts
    (None: to the game's end), and the seat's chance from there."""
    for _ in range(ROLLOUT_DECISIONS):
        if state.over or (stop is not None and state.turn >= stop):
            break
        mover = awaiting(state)[0].seat
        move = sensible_bot(state, mover, rng)
        try:
            _, state = step(state, move, rng)
        except IllegalMove:
            _, state = step(state, default_move(state, mover), rng)
    return chances(state, sharpness)[seat]


def race(
    state: State,
    seat: int,
    options: list[mv.Move],
    rng: random.Random,
    style: Style,
    iterations: int | None,
    deadline: float | None = None,
    clock: Callable[[], float] | None = None,
) -> Tally:
    """Play `options` (the first the one the others are measured against) on
    fresh guesses of `state` as `seat` sees it, `iterations` of them or until
    `deadline` by `clock`; against the clock, candidates clearly worse than
    the first are dropped (`games.engines.race`)."""
    rounds = style.rounds
    stop = state.turn + rounds * len(state.remaining()) if rounds is not None else None

    def play(world: State, move: mv.Move, roll: random.Random) -> float:
        _, after = step(world, move, roll)
        return rollout(after, seat, roll, stop, style.sharpness)

    return run_race(
        options,
        [],
        draw=lambda: guess(state, seat, rng),
        play=play,
        rng=rng,
        drop_after=style.drop_after,
        drop=style.drop,
        iterations=iterations,
        deadline=deadline,
        clock=clock,
    )


def think(
    state: State,
    seat: int,
    rng: random.Random,
    *,
    seconds: float | None = DEFAULT_SECONDS,
    iterations: int | None = None,
    clock: Callable[[], float] | None = None,
    style: Style = STYLE,
) -> tuple[mv.Move, dict]:
    """The expert's move and what it found: the candidates' mean scores, the
    guesses run. `iterations` fixes the work (same seed, same move);
    otherwise it thinks for about `seconds` by `clock`."""
    if not any(e.seat == seat for e in awaiting(state)):
        raise IllegalMove("That seat owes no decision now.")
    own = guess(state, seat, random.Random(0))
    del state  # From here on, only what the seat may see.
    options = candidates(own, seat, rng, style)
    if len(options) == 1:
        return options[0], {"iterations": 0, "trivial": True}
    if iterations is None and clock is None:
        iterations = ITERATIONS_WITHOUT_CLOCK
    deadline = None
    if iterations is None:
        deadline = clock() + (DEFAULT_SECONDS if seconds is None else seconds)
    tally = race(own, seat, options, rng, style, iterations, deadline, clock)
    best = pick(tally.gaps, tally.squares, tally.played, style.confidence)
    return options[best], {
        "iterations": tally.done,
        "trivial": False,
        "scores": {
            repr(m): tally.totals[i] / tally.played[i]
            for i, m in enumerate(options)
            if tally.played[i]
        },
    }


def expert_bot(
    state: State,
    seat: int,
    rng: random.Random,
    *,
    seconds: float | None = DEFAULT_SECONDS,
    iterations: int | None = None,
    clock: Callable[[], float] | None = None,
    style: Style = STYLE,
    history: Sequence[Mapping[str, Any]] | None = None,
) -> mv.Move:
    """A thinking player: see the module's docstring. `history` is accepted
    for the site's calling convention and not read."""
    return think(
        state,
        seat,
        rng,
        seconds=seconds,
        iterations=iterations,
        clock=clock,
        style=style,
    )[0]
