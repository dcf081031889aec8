"""The arithmetic of a review: a finished game's events, judged by its kind's
expert (`GameKind.judge`, games/engines/protocol.py's `Judge`).

One pass over the events: after each, every seat's win chance
(`judge.chances`); at each decision a human made (a move of theirs the
events start with, found among the legal moves by the first event it makes),
the expert's choice (`judge.choose`) and, when it differs, the seat's chance
after each of the two moves, on the same guesses of what the seat could not
see and the same draws (`judge.weigh`): the chance lost is the expert's
minus the move made's. The moves of a step (a move's events, or one event the
game made by itself) are grouped, and the steps that changed a seat's chance
most are the turning points.

Every random number comes from `seed` and the event's number, and the budget
is counted in guesses, not seconds, so the same seed gives the same review.
"""

import dataclasses
import random
from dataclasses import dataclass

# The most turning points a review marks, and the least gain in a seat's
# chance that makes one.
TURNING_POINTS = 5
TURNING_SWING = 0.10
# Chances are kept to this many decimals.
DIGITS = 3


@dataclass(frozen=True)
class Budget:
    """The work a review may do: guesses a decision, and the most human
    decisions judged in one game (the rest keep their chances only)."""

    guesses: int
    decisions: int


@dataclass(frozen=True)
class Played:
    """One stored event: its number, the engine's event, the seat whose move
    made it (None: the game's own), and whether that was a human's own move
    (not a bot's, nor a deadline's)."""

    seq: int
    event: object
    seat: int | None
    human: bool


def made_move(engine, state, seat: int, first) -> tuple[object, int] | None:
    """The legal move of `seat` whose events start with `first`, and how many
    events it makes; None when none does.

    Besides the legal moves as listed, a move whose free choice the engine
    lists once (classic's bid: one canonical amount) is found with the
    choice its first event shows (`with_choice`). A move whose first event is
    random (classic's roll: its dice) is found by that event's type, when it
    is the only legal move whose first event is of that type and changes with
    the random numbers; how many events it made depends on its dice, so the
    count is 0, unknown (`by_chance_extent`).
    """
    alike = []
    for move in engine.legal_moves(state, seat):
        try:
            events = engine.decide(state, move, random.Random(0))
        except engine.IllegalMove:
            continue
        if not events:
            continue
        if events[0] == first:
            return move, len(events)
        if type(events[0]) is type(first):
            alike.append((move, events[0]))
    random_first = []
    for move, made in alike:
        chosen = with_choice(move, first)
        if chosen is not None:
            try:
                events = engine.decide(state, chosen, random.Random(0))
            except engine.IllegalMove:
                events = []
            if events and events[0] == first:
                return chosen, len(events)
        if starts_by_chance(engine, state, move, made):
            random_first.append(move)
    if len(random_first) == 1:
        return random_first[0], 0
    return None


def with_choice(move, event):
    """`move` with the choices `event` shows: its fields that the event has
    too (a classic `Bid`'s amounts from its `BidPlaced`), taken from the
    event; None when it shares none that differ."""
    if not (dataclasses.is_dataclass(move) and dataclasses.is_dataclass(event)):
        return None
    shown = {f.name for f in dataclasses.fields(event)}
    changes = {
        f.name: getattr(event, f.name)
        for f in dataclasses.fields(move)
        if f.name in shown and getattr(event, f.name) != getattr(move, f.name)
    }
    return dataclasses.replace(move, **changes) if changes else None


def starts_by_chance(engine, state, move, first=None) -> bool:
    """Whether the first event `move` makes depends on the random numbers (a
    roll's dice): it differs under two seeds. `first`: its first event under
    seed 0, when known."""
    if first is None:
        first = engine.decide(state, move, random.Random(0))[0]
    again = engine.decide(state, move, random.Random(1))
    return bool(again) and again[0] != first


def _rounded(chances) -> list[float]:
    return [round(c, DIGITS) for c in chances]


def _decision(engine, judge, state, seat: int, move, seq: int, seed: int, budget):
    best = judge.choose(
        state, seat, random.Random(f"{seed}:{seq}:choose"), budget.guesses
    )
    decision = {
        "seq": seq,
        "seat": seat,
        "made": engine.to_json(move),
        "best": engine.to_json(best),
        "same": best == move,
        "made_chance": None,
        "best_chance": None,
        "lost": 0.0,
        # The expert's move in the game's words: the first event it makes
        # (the play itself, which every seat sees). A move whose first event
        # is random (a roll) is told without it (`ReplayWords.random_lines`):
        # the expert's dice would not have been these.
        "best_event": engine.to_json(engine.decide(state, best, random.Random(0))[0]),
        "made_random": starts_by_chance(engine, state, move),
        "best_random": starts_by_chance(engine, state, best),
    }
    if best != move:
        rng = random.Random(f"{seed}:{seq}:weigh")
        made, chosen = judge.weigh(state, seat, [move, best], rng, budget.guesses)
        decision["made_chance"] = round(made, DIGITS)
        decision["best_chance"] = round(chosen, DIGITS)
        decision["lost"] = round(chosen - made, DIGITS)
    return decision


def _run(played: list[Played], start: int) -> int:
    """How many events from `start` the same seat's own moves made in a row."""
    first = played[start]
    end = start
    while (
        end < len(played)
        and played[end].seat == first.seat
        and played[end].human == first.human
    ):
        end += 1
    return end - start


def by_chance_extent(engine, state, played: list[Played], start: int) -> int:
    """How many events from `start` a move that began by chance made (its
    count unknown: `made_move`): its first, and those after it in the seat's
    run that start no move of the seat (the next that does is its next move)."""
    run = _run(played, start)
    seat = played[start].seat
    state = engine.evolve(state, played[start].event)
    count = 1
    while count < run and not state.over:
        if made_move(engine, state, seat, played[start + count].event) is not None:
            break
        state = engine.evolve(state, played[start + count].event)
        count += 1
    return count


def judged(*, engine, judge, played: list[Played], seed: int, budget: Budget) -> dict:
    """The review of a game from its events (oldest first): see the module."""
    state = None
    chances: list[list[float]] = []
    # Each step: its first and last events' indexes, and whether it ended the
    # game or left it settled (`settled`).
    steps: list[tuple[int, int, bool, bool]] = []
    decisions: list[dict] = []
    skipped = 0
    i = 0
    while i < len(played):
        p = played[i]
        span = 1
        if p.seat is not None and state is not None and not state.over:
            found = made_move(engine, state, p.seat, p.event)
            if found is not None:
                move, count = found
                if count:
                    span = max(1, min(count, _run(played, i)))
                else:
                    span = by_chance_extent(engine, state, played, i)
                choices = len(engine.legal_moves(state, p.seat))
                if p.human and choices > 1:
                    if len(decisions) < budget.decisions:
                        decisions.append(
                            _decision(
                                engine, judge, state, p.seat, move, p.seq, seed, budget
                            )
                        )
                    else:
                        skipped += 1
        for q in played[i : i + span]:
            state = engine.evolve(state, q.event)
            chances.append(_rounded(judge.chances(state)))
        steps.append((i, i + span - 1, state.over, settled(engine, state)))
        i += span
    return {
        "chances": chances,
        "decisions": decisions,
        "turning": turning_points(chances, steps, played),
        "skipped": skipped,
    }


def settled(engine, state) -> bool:
    """Whether only the seat whose turn it is owes a decision: no answer, payment
    or bid of another seat is awaited, so the position is all on the table."""
    return all(a.seat == state.active for a in engine.awaiting(state))


def turning_points(
    chances: list[list[float]],
    steps: list[tuple[int, int, bool, bool]],
    played: list[Played],
    count: int = TURNING_POINTS,
    least: float = TURNING_SWING,
) -> list[dict]:
    """The `count` moments that raised a seat's chance most (by `least` at
    least), in the game's order. A moment is the steps from one settled
    position to the next (a Deal Breaker and its answers are one), so a
    card played but not yet answered is not counted; the deal, and the moment
    that ends the game, are luck and the result, not turning points. Each:
    the moment's first and last events, the seat that gained and by how much."""
    if not chances:
        return []
    seats = len(chances[0])
    even = [1 / seats] * seats
    moments = []
    start = 0
    for _, last, over, calm in steps:
        if over or calm:
            moments.append((start, last, over))
            start = last + 1
    found = []
    for first, last, over in moments:
        if over:
            continue  # The game's end: its result.
        if all(p.seat is None for p in played[first : last + 1]):
            continue  # The deal: luck before anyone chose anything.
        after = chances[last]
        before = chances[first - 1] if first else even
        gains = [a - b for a, b in zip(after, before, strict=True)]
        seat = max(range(seats), key=lambda s: gains[s])
        if gains[seat] >= least:
            found.append(
                {
                    "seq": played[first].seq,
                    "last": played[last].seq,
                    "seat": seat,
                    "swing": round(gains[seat], DIGITS),
                }
            )
    found.sort(key=lambda t: (-t["swing"], t["seq"]))
    return sorted(found[:count], key=lambda t: t["seq"])
