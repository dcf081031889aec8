"""The expert bot: it guesses what it cannot see and plays each guess forward.

Monopoly Deal hides the other hands and the draw pile, and a turn is a few
plays followed by other players' answers, so the expert plays by determinized
search with a rollout policy (perfect-information Monte Carlo, "policy
improvement by rollout"), not by information-set MCTS. Why:

- Most of what decides a game is hidden and then drawn at random: a deep tree
  over one guess mostly learns that guess's draws. One step of choice followed
  by a good policy, averaged over many guesses, spends the time where the
  choice is.
- Rolling out with the sensible bot for every seat models the opponents as
  the bots they often are, and keeps the expert at least as good as that bot:
  the sensible bot's own choice is the first candidate, and another replaces
  it only when, played forward over the same guesses, it does better by a
  clear margin (CONFIDENCE standard errors of the paired differences), so
  noise cannot talk it out of a good move. Information-set MCTS would need
  far more playouts than a second of Python affords before its tree beats
  this.

For each decision it lists a few candidate moves (the sensible bot's choice,
the others it scores highest, even those it would hold back, its end of
turn, the deadline's payment or discard, the other answer), then repeats:
draw a guess of the hidden cards, play each candidate on that same guess
with the same random draws after it (common random numbers), let the
sensible bot play every seat for ROUNDS rounds of turns, and score the
position (`evaluate`: a win or a loss if the game ended, else the seat's
fitted chance of winning from there). Rolling out two rounds and scoring
beat rolling out to the end in the same time (docs/engine-benchmark.md,
"The definitive runs, 2026-11-23 and early 2026-11-26"):
more guesses fit in a second. A second spent on a dozen candidates, the
plays the sensible bot holds back among them, won far more than one spent
on eight of those it would make (docs/engine-benchmark.md, "The definitive
runs with broader candidates").

It never peeks: it thinks on `guesses.knowledge(state, seat)`, what the seat
may know, and every guess is dealt from its pool of unseen cards alone
(`guesses`), so two states that differ only in hidden cards (other hands, the
draw order) lead to the same move for the same random seed.

What the opponents did says more than the counts do (`Style.infer`, and the
`infer` module says what it reads and why it is sound): a sensible player
that let a Deal Breaker through held no Just Say No, one that banked a 1M
held no property, one that ended its turn with plays left kept only what it
never plays for itself. Given the seat's public history (the game's events as
`view.redact` gives them to the seat: the site's and the bench's callers pass
it), the expert reads what each other hand lacked, and when, and deals each
guess to agree: a card of the hand that was already held then is never one
it lacked, and only as many cards as its holder has drawn since are free of
it. Every other card is dealt uniformly, as without a history, and a hand
the evidence cannot fill (its holder is not the sensible bot) takes any
card. The history is public, so the guarantee above holds with it: two
states that differ only in hidden cards, with the same history, lead to the
same move. Why not weight guesses by how likely each makes the opponents'
moves (a particle filter over the whole game): that needs their past hands
guessed too, move by move, at far more cost a guess than a rollout's; the
facts read here are those the sensible bot's rules make certain, which cost
a scan of the history once a decision.

The budget is an iteration count when one is given (tests, and whenever the
same seed must give the same move) and otherwise wall-clock seconds per
decision (the site: settings.BOT_EXPERT_SECONDS), checked between rollouts: a
guess the clock interrupts is dropped, so a decision takes the budget plus at
most one rollout. The engine has no clock: a caller that thinks in seconds
passes one (`clock=time.perf_counter`); without it the expert runs
`ITERATIONS_WITHOUT_CLOCK` iterations. Against the clock it stops playing a
candidate once it is clearly worse than the sensible bot's choice (DROP
standard errors below it after DROP_AFTER guesses): the rest of the second
goes to the moves still in contention, and with none left it answers at once.
Trivial decisions (one legal move, an Accept with no Just Say No in hand, a
debt that takes everything) are answered at once.
"""

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from ...errors import IllegalMove
from ...race import Tally, gain, pick, run_race
from ..cards import DECK, VALUE
from ..moves import Discard, EndTurn, Move, Pay, Resign
from ..rules import awaiting, default_discard, default_payment, legal_moves, step
from ..state import OVER, PLAY, State
from . import infer
from .evaluate import FITS, WEIGHTS, score
from .guesses import Barred, Knowledge, guess, knowledge
from .sensible import (
    Table,
    cheapest_payment,
    end_turn,
    keep_worth,
    payment_costs,
    score_play,
    sensible_bot,
)

DEFAULT_SECONDS = 1.0
# The work done when the caller gives seconds but no clock to measure them.
ITERATIONS_WITHOUT_CLOCK = 64
# Candidates the sensible bot scores highest, besides its end of turn: eight
# won 17 points more than four in a paired A/B, and twelve with the plays it
# holds back (FLOOR) 5 more than eight without (docs/engine-benchmark.md,
# "Eight candidates" and "Broader candidates").
CANDIDATES = 12
# The least score the sensible bot gives a play of the turn for it to be a
# candidate: none, so the plays it holds back (scored nought or below: a small
# rent, a Sly Deal kept for a set's last card, a Just Say No to the bank) are
# compared too, after those it would make. With nought, only its own plays are
# candidates, and a turn it would end at once is not thought about at all.
FLOOR = -math.inf
# Rounds of turns a rollout plays before the position is scored: measured
# against playing to the end (docs/engine-benchmark.md, "The definitive runs,
# 2026-11-23 and early 2026-11-26"), two rounds and a
# score won more often in the same time, as more guesses fit in it.
ROUNDS = 2
# Decisions a rollout may take before it is scored anyway.
ROLLOUT_DECISIONS = 2000
# How sure a candidate must be to overrule the sensible bot's choice: its mean
# gain over that choice, in standard errors of the paired differences.
CONFIDENCE = 1.5

# Thinking against the clock, a candidate this many standard errors worse
# than the sensible bot's choice after DROP_AFTER guesses (or no better at all)
# is played no more: the time left goes to the candidates still in contention,
# and with none left the sensible bot's choice is the answer at once. (A fixed
# count of iterations plays every candidate on every guess.)
DROP = 2.5
DROP_AFTER = 8


@dataclass(frozen=True, slots=True)
class Style:
    """How the expert thinks: the knobs an A/B run of the bench turns
    (`--ab rounds=1`), each defaulting to the setting measured best so far."""

    # Rounds of turns a rollout plays before it scores (0: to the end of the
    # turn in play; None: to the end of the game).
    rounds: int | None = ROUNDS
    # Candidates the sensible bot scores highest, besides its own choice and
    # its end of turn.
    candidates: int = CANDIDATES
    confidence: float = CONFIDENCE
    # Against the clock, moves the sensible bot scores next that take the
    # place of candidates dropped as clearly worse (progressive widening).
    widen: int = 0
    # The weights of the score, by name (FITS).
    fit: str = "hand"
    # Payments and discards besides the sensible bot's and the default: each
    # keeps one card the sensible one gives up (`other_payments`, `other_discards`).
    alternatives: int = 0
    # Whether the bar for overruling the sensible bot's choice rises with the
    # number of candidates compared (`overrule_bar`), against the winner's curse.
    family: bool = False
    # The share of the budget kept to play the chosen deviation against the
    # sensible bot's choice again on fresh guesses; it stands only if it gains
    # there too (`confirmed`). Nought: no recheck.
    confirm: float = 0.0
    # The least mean gain over the sensible bot's choice, in points of the
    # score (WIN_SCORE a win), that overrules it however sure: a smaller one
    # is within what the rollouts' model of the game (sensible bots, a fitted
    # score two rounds on) may get wrong.
    margin: float = 0.0
    drop: float = DROP
    drop_after: int = DROP_AFTER
    # Deal the guesses by what the opponents' public moves say their hands
    # lack (`infer`), when the caller passes the seat's public history.
    infer: bool = False
    # The least score the sensible bot gives a play for it to be a candidate.
    floor: float = FLOOR


STYLE = Style()


# Thinking ---------------------------------------------------------------------


def _entry(state: State, seat: int):
    return next((a for a in awaiting(state) if a.seat == seat), None)


def trivial(state: State, seat: int, moves: list[Move]) -> Move | None:
    """The move when there is nothing to think about, else None."""
    playable = [m for m in moves if not isinstance(m, Resign)]
    if len(playable) == 1:
        only = playable[0]
        if isinstance(only, Pay):
            player = state.players[seat]
            if player.payable_value() <= _entry(state, seat).amount:
                return Pay(seat=seat, cards=player.payable())
            return None
        if isinstance(only, Discard):
            return None
        return only
    return None


def candidates(
    state: State,
    seat: int,
    rng: random.Random,
    count: int = CANDIDATES,
    alternatives: int = 0,
    floor: float = FLOOR,
) -> list[Move]:
    """A few moves worth comparing, the sensible bot's own choice first: the
    `count` others it scores highest (above `floor`), its end of turn, the
    deadline's payment or discard (and up to `alternatives` others), the
    other answer."""
    entry = _entry(state, seat)
    moves = legal_moves(state, seat)
    t = Table(state, seat)
    first = sensible_bot(state, seat, random.Random(rng.getrandbits(32)))
    out = [first]
    if entry.kind == "pay":
        out.append(Pay(seat=seat, cards=default_payment(t.me, entry.amount)))
        out += other_payments(t, entry, first, alternatives)
    elif entry.kind == "discard":
        out.append(Discard(seat=seat, cards=default_discard(t.me)))
        out += other_discards(t, first, alternatives)
    elif entry.kind == "respond":
        out += [m for m in moves if not isinstance(m, Resign)]
    else:
        scored = [
            (score_play(t, m), i, m)
            for i, m in enumerate(moves)
            if not isinstance(m, EndTurn | Resign | Discard)
        ]
        scored.sort(key=lambda x: (-x[0], x[1]))
        out += [m for s, _, m in scored[:count] if s > floor]
        end = end_turn(t)
        out.append(end)
        if isinstance(end, Discard):
            out += other_discards(t, end, alternatives)
    unique: list[Move] = []
    for m in out:
        if m not in unique and _allowed(state, m):
            unique.append(m)
    return unique


def other_payments(t, entry, sensible: Pay, count: int) -> list[Move]:
    """Up to `count` payments that each keep one card of the sensible bot's
    payment other than money (a property or a building, dearest first to the
    sensible bot) and pay the cheapest way from the rest."""
    if count <= 0 or not isinstance(sensible, Pay):
        return []
    costs = payment_costs(t, entry.to)
    payable = t.me.payable()
    given = [c for c in sensible.cards if c not in t.me.bank]
    given.sort(key=lambda c: (-costs.get(c, 0.0), c))
    out: list[Move] = []
    for kept in given:
        rest = [c for c in payable if c != kept]
        if sum(VALUE[c] for c in rest) < entry.amount:
            continue
        out.append(Pay(seat=t.seat, cards=cheapest_payment(rest, costs, entry.amount)))
        if len(out) >= count:
            break
    return out


def other_discards(t, sensible: Discard, count: int) -> list[Move]:
    """Up to `count` discards that each keep one card of the sensible bot's
    discard, the one it values most first, and give up instead the card it
    values least of those it keeps, one of each kind of card."""
    if count <= 0 or not isinstance(sensible, Discard):
        return []
    worth = {c: keep_worth(t, c) for c in t.me.hand}
    gone = sorted(sensible.cards, key=lambda c: (-worth[c], c))
    kept = [c for c in t.me.hand if c not in sensible.cards]
    kept.sort(key=lambda c: (worth[c], c))
    out: list[Move] = []
    seen = set()
    for keep in gone:
        name = DECK[keep].name
        if name in seen:
            continue
        seen.add(name)
        for instead in kept:
            if DECK[instead].name != name:
                break
        else:
            continue
        cards = (*(c for c in sensible.cards if c != keep), instead)
        out.append(Discard(seat=t.seat, cards=cards))
        if len(out) >= count:
            break
    return out


def reserve(state: State, seat: int, options: list[Move], count: int) -> list[Move]:
    """The `count` moves of a turn the sensible bot scores highest (above 0)
    after those among `options`: candidates to try when others drop out."""
    if _entry(state, seat).kind != "play" or count <= 0:
        return []
    t = Table(state, seat)
    scored = [
        (score_play(t, m), i, m)
        for i, m in enumerate(legal_moves(state, seat))
        if not isinstance(m, EndTurn | Resign | Discard) and m not in options
    ]
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [m for s, _, m in scored[:count] if s > 0 and _allowed(state, m)]


def _allowed(state: State, move: Move) -> bool:
    try:
        step(state, move, random.Random(0))
    except IllegalMove:
        return False
    return True


def rollout(
    state: State,
    seat: int,
    rng: random.Random,
    stop: int | None,
    fit: dict[int, tuple[float, ...]] = WEIGHTS,
) -> float:
    """Play on with the sensible bot in every seat until turn `stop` starts (or
    the game ends; None: to its end), and score the position for `seat` by
    the weights `fit`."""
    for _ in range(ROLLOUT_DECISIONS):
        if state.phase == OVER:
            break
        if (
            stop is not None
            and state.turn >= stop
            and state.pending is None
            and state.plays == 0
            and state.phase == PLAY
        ):
            break
        entries = awaiting(state)
        mover = entries[0].seat
        move = sensible_bot(state, mover, rng)
        _, state = step(state, move, rng)
    return score(state, seat, fit)


def think(
    state: State,
    seat: int,
    rng: random.Random,
    *,
    seconds: float | None = DEFAULT_SECONDS,
    iterations: int | None = None,
    clock: Callable[[], float] | None = None,
    style: Style = STYLE,
    history: Sequence[Mapping[str, Any]] | None = None,
) -> tuple[Move, dict]:
    """The expert's move and what it found: candidates, their mean scores and
    the guesses each was played on, the iterations run. `iterations` fixes the
    work (same seed, same move); otherwise it thinks for about `seconds`.
    `style` says how far a rollout plays and how many moves it compares;
    `history`, the game's events as `view.redact` gives them to `seat`, what
    the guesses may learn from (with `style.infer`)."""
    if _entry(state, seat) is None:
        raise IllegalMove("That seat owes no decision now.")
    known = knowledge(state, seat)
    del state  # From here on, only what the seat knows.
    own = guess(known, random.Random(0))
    moves = legal_moves(own, seat)
    quick = trivial(own, seat, moves)
    if quick is not None:
        return quick, {"iterations": 0, "trivial": True}
    options = candidates(
        own, seat, rng, style.candidates, style.alternatives, style.floor
    )
    if len(options) == 1:
        return options[0], {"iterations": 0, "trivial": True}
    spare = reserve(own, seat, options, style.widen) if iterations is None else []
    # Every candidate is scored at the same moment: the game's end, or when
    # the seat to move now is about to move again `rounds` rounds later.
    rounds = style.rounds
    stop = own.turn + rounds * len(own.remaining()) if rounds is not None else None
    if iterations is None and clock is None:
        iterations = ITERATIONS_WITHOUT_CLOCK
    barred: Barred = ()
    if style.infer and history is not None:
        found = infer.lacks(history, seat, known.public.options)
        barred = infer.slots(found, known.hand_counts, seat)
    race = Race(known, seat, stop, FITS[style.fit], style, rng, clock, barred)
    # The share of the budget `style.confirm` is kept for the recheck.
    if iterations is not None:
        checks = round(iterations * style.confirm)
        tally = race.run(options, spare, iterations=iterations - checks)
    else:
        start = clock()
        end = start + seconds * (1 - style.confirm)
        tally = race.run(options, spare, deadline=end)
    bar = overrule_bar(style, len(options) - 1)
    best = pick(tally.gaps, tally.squares, tally.played, bar, style.margin)
    done = tally.done
    if best and style.confirm:
        pair = [options[0], options[best]]
        if iterations is not None:
            fresh = race.run(pair, [], iterations=checks) if checks else Tally.of(2)
        else:
            fresh = race.run(pair, [], deadline=start + seconds)
        done += fresh.done
        if not confirmed(fresh):
            best = 0
    return options[best], {
        "iterations": done,
        "trivial": False,
        "scores": {
            repr(m): tally.totals[i] / tally.played[i]
            for i, m in enumerate(options)
            if tally.played[i]
        },
        "played": {repr(m): tally.played[i] for i, m in enumerate(options)},
    }


@dataclass(frozen=True, slots=True)
class Race:
    """Candidates played on guess after guess (`games.engines.race`): what the
    seat knows, where a rollout stops and how it is scored, how the expert
    thinks, its random numbers and its clock."""

    known: Knowledge
    seat: int
    stop: int | None
    fit: dict[int, tuple[float, ...]]
    style: Style
    rng: random.Random
    clock: Callable[[], float] | None
    barred: Barred = ()  # what the other hands lack (`guess`)

    def run(
        self,
        options: list[Move],
        spare: list[Move],
        *,
        iterations: int | None = None,
        deadline: float | None = None,
    ) -> Tally:
        """Play `options` (the first the one the others are measured against)
        on fresh guesses, `iterations` of them or until `deadline`; against
        the clock, candidates clearly worse than the first are dropped, and
        moves of `spare` take their places (both lists are used up)."""
        return run_race(
            options,
            spare,
            draw=lambda: guess(self.known, self.rng, self.barred),
            play=self._play,
            rng=self.rng,
            drop_after=self.style.drop_after,
            drop=self.style.drop,
            iterations=iterations,
            deadline=deadline,
            clock=self.clock,
        )

    def _play(self, world: State, move: Move, roll: random.Random) -> float:
        _, after = step(world, move, roll)
        return rollout(after, self.seat, roll, self.stop, self.fit)


def overrule_bar(style: Style, family: int) -> float:
    """How many standard errors the best of `family` candidates must gain by.
    With `style.family` the bar rises with their number (Sidak): the chance
    that any one of them clears it by luck alone is then the chance that a
    single candidate clears `style.confidence` by luck, so comparing more
    moves does not make a deviation by noise more likely (the winner's curse)."""
    if not style.family or family <= 1:
        return style.confidence
    normal = NormalDist()
    return normal.inv_cdf(normal.cdf(style.confidence) ** (1 / family))


def confirmed(fresh: Tally) -> bool:
    """Whether the deviation (the second of `fresh`) gained over the sensible
    choice on the fresh guesses too: its gain on the guesses that chose it is
    the best of several noisy gains and so overstated, the fresh one is not."""
    if fresh.played[1] < 2:
        return False
    mean, _ = gain(fresh.gaps[1], fresh.squares[1], fresh.played[1])
    return mean > 0.0


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
) -> Move:
    """A thinking player: see the module's docstring."""
    return think(
        state,
        seat,
        rng,
        seconds=seconds,
        iterations=iterations,
        clock=clock,
        style=style,
        history=history,
    )[0]
