"""The protocol every game engine satisfies, written down.

A game engine is a pure Python module (no Django, no I/O, no clock, no global
randomness) exposing the verbs below. The site, the bots, the benchmarks and
the tests use only these, so a second game is a second module satisfying this
protocol, reached through a registry, with no `if kind == ...` anywhere.

Two engines satisfy it today:
- `games.engines.deal`: Monopoly Deal.
- `games.engines.classic`: classic Monopoly (RULES-CLASSIC.md).

Why the Deal engine is not `games/engines/deal/` yet: the layout the issue
suggests (`games/engines/deal/` beside `games/engines/classic/`) is clearer,
but `games.engines.deal` is imported by the site (services, views, tasks, templates'
helpers), its bots and benchmark, and most of the tests, and several branches
were changing those files at once when classic was written. A move then would
have touched every one of them for no change in behaviour and conflicted with
all. It is one later change on a quiet main: `git mv games/engines/deal
games/engines/deal`, a `games/engines/deal/__init__.py` re-exporting it (or every
import updated), and the purity and protocol tests pointed at the new path.

The shared plumbing (`games.engines.plumbing`) holds only what really is the
same in both, and both use it: the replay fold, the dataclass JSON codec, the
house rules' JSON form, and the scenario builders' line reading and option
parsing. What only looks alike stays apart: the rules, states, events and
views, and each engine's `_Builder` (the Deal one is its hot path, tuned on
its own).

`tests/engines/test_protocol.py` checks that both modules satisfy this.
"""

import random
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Awaiting(Protocol):
    """A decision a seat owes now."""

    seat: int
    kind: str
    detail: str


@runtime_checkable
class Engine(Protocol):
    """The module contract: what `games.engines.deal` and `.classic` export.

    - `setup(seats, options, rng)`: the events of a new game (decks shuffled,
      first player drawn, first turn started), every random outcome in them.
    - `new_game(seats, seed, options=None)` = `replay(setup(..., Random(seed)))`.
    - `replay(events)` = `functools.reduce(evolve, events, None)`.
    - `decide(state, move, rng)`: the events a move causes, or raises
      `IllegalMove` with a sentence a player can read; never mutates `state`.
    - `evolve(state, event)`: the state after a fact; no checks, no randomness.
    - `awaiting(state)`: every seat owing a decision now (several at once).
    - `legal_moves(state, seat)`, `default_move(state, seat)` (what a deadline
      does for a silent seat).
    - `view(state, seat)`: the only door out; what that seat may see.
    - `describe(event, seat, names)`: the history line as that seat may read it.
    - `to_json(obj)` / `from_json(d)`: an exact round trip for moves, events and
      states; `from_json` of anything else raises `ValueError`.
    - `scenario(text)`: a position from a few readable lines, for tests.
    - `IllegalMove`, `Options` (the house rules, `to_json` / `from_json`),
      `OPTION_LABELS` (the rules that are on or off), `OPTION_NUMBERS` (those
      that are numbers: `plumbing.NumberRule`s).
    """

    IllegalMove: type[Exception]
    Options: type
    OPTION_LABELS: dict[str, str]
    OPTION_NUMBERS: dict[str, Any]

    def setup(self, seats: int, options: Any, rng: random.Random) -> list: ...

    def new_game(self, seats: int, seed: int, options: Any = None) -> Any: ...

    def replay(self, events: Iterable) -> Any: ...

    def decide(self, state: Any, move: Any, rng: random.Random) -> list: ...

    def evolve(self, state: Any, event: Any) -> Any: ...

    def awaiting(self, state: Any) -> tuple: ...

    def legal_moves(self, state: Any, seat: int) -> list: ...

    def default_move(self, state: Any, seat: int) -> Any: ...

    def view(self, state: Any, seat: int | None) -> dict: ...

    def describe(self, event: Any, seat: int | None, names: Sequence[str]) -> Any: ...

    def to_json(self, obj: Any) -> dict: ...

    def from_json(self, d: dict) -> Any: ...

    def scenario(self, text: str) -> Any: ...


@runtime_checkable
class Judge(Protocol):
    """What the review of a finished game (games.reviews) asks of a kind's
    expert; a kind without one gets no review (`GameKind.judge` None).

    - `chances(state)`: every seat's chance of winning from `state`, each in
      0..1 (a finished game: 1 for a winner), cheap enough for every event.
    - `choose(state, seat, rng, guesses)`: the expert's move for `seat`,
      thinking over `guesses` guesses of what it cannot see: a budget in work,
      not seconds, so the same seed gives the same move.
    - `weigh(state, seat, moves, rng, guesses)`: `seat`'s chance of winning
      after each of `moves`, all played on the same guesses and random draws.
    """

    def chances(self, state: Any) -> tuple[float, ...]: ...

    def choose(
        self, state: Any, seat: int, rng: random.Random, guesses: int
    ) -> Any: ...

    def weigh(
        self,
        state: Any,
        seat: int,
        moves: Sequence[Any],
        rng: random.Random,
        guesses: int,
    ) -> tuple[float, ...]: ...


# Parameter names each verb takes, in order (checked by the protocol test).
SIGNATURES: dict[str, tuple[str, ...]] = {
    "setup": ("seats", "options", "rng"),
    "new_game": ("seats", "seed", "options"),
    "replay": ("events",),
    "decide": ("state", "move", "rng"),
    "evolve": ("state", "event"),
    "awaiting": ("state",),
    "legal_moves": ("state", "seat"),
    "default_move": ("state", "seat"),
    "view": ("state", "seat"),
    "describe": ("event", "seat", "names"),
    "to_json": ("obj",),
    "from_json": ("d",),
    "scenario": ("text",),
}

# The same for a judge's verbs.
JUDGE_SIGNATURES: dict[str, tuple[str, ...]] = {
    "chances": ("state",),
    "choose": ("state", "seat", "rng", "guesses"),
    "weigh": ("state", "seat", "moves", "rng", "guesses"),
}
