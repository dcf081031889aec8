"""The kinds of game the site plays, and what the site needs of each.

A `Game` row names its kind (`Game.kind`: "deal", "classic"); everything that
depends on the rules (the engine, the bots, the table's markup and context, the
move forms, the replay's open view, who won) is looked up here. Services, views,
tasks, the WebSocket consumer, notifications, replay, export and ratings call
what the entry holds and never ask which game a table plays.

The registry is filled by `GamesConfig.ready` (games/apps.py), which imports
each kind's entry (`games.kinds.deal.entry`, `games.kinds.classic.entry`) and
registers it: this module imports nothing of the site, so models, services and
everything else may import it without reaching up. A third game is: an engine
package satisfying `games/engines/protocol.py`, its templates, and one
`GameKind` entry registered there.
"""

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.engines.protocol import Engine, Judge

DEFAULT = "deal"


@dataclass(frozen=True)
class ReplayWords:
    """How a replay (games.replay) says what it shows, in the game's words."""

    # The link to a finished game's open view, beside the seats' names.
    open_link: str  # "Every hand"
    # Above a finished game's open view (the kind's `open_view`).
    open_view: str  # "Every hand open"
    # Above a running game's view for someone with no seat.
    spectator: str  # "As a spectator saw it: no hand shown"
    # Lines for the events `describe` passes over, so each step says
    # something: event type -> (to the others, to the seat itself), with
    # {name} (the event's seat) and {count} (its cards) filled in.
    quiet_lines: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # A move whose first event is random (classic's roll), told to its seat
    # by that event's type without what chance gave it ("You rolled the
    # dice."): the review's words for such a decision, made or the expert's.
    random_lines: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class GameKind:
    """One game the site plays: its engine and the site's pieces for it."""

    key: str  # the value of Game.kind
    label: str  # "Monopoly Deal": lists, the create form, the leaderboard's tabs
    engine: Engine  # the rules (games/engines/protocol.py)
    min_seats: int
    max_seats: int
    # Seat.Bot values that can play it, strongest last (the waiting room's choice).
    bots: tuple[str, ...]
    # (state, seat, level, rng, *, seconds, clock, history) -> Move: a bot
    # seat's move; `history`, the game's events as the engine's `redact`
    # gives them to that seat, when `reads_history` says the level reads it
    # (else None).
    bot_move: Callable[..., Any]
    # The partial drawn in the table's main area, from `present`'s context.
    table_template: str
    # (game, seat, state, view, moment, names, seats) -> the context of the
    # table's main area (and its status line) as that seat may see it.
    present: Callable[..., dict]
    # (posted form data, view, seat) -> the moves it asks for, played in one
    # transaction (all or none); raises engine.IllegalMove with a sentence for
    # data it cannot read.
    moves_from_post: Callable[[Mapping[str, Any], dict, int], list]
    # (view, seat, names) -> what that seat owes in its own view, in
    # sentences ("" for nothing): emails, Web Push, the table's status line.
    owed: Callable[[dict, int, list[str]], str]
    # (state) -> the view with every secret shown, for a finished game's replay.
    open_view: Callable[[Any], dict]
    # (state) -> the winning seats of a game that is over (empty: nobody won).
    winners: Callable[[Any], tuple[int, ...]]
    # (state, seat) -> whether that seat is out of the game (resigned, bankrupt).
    has_left: Callable[[Any, int], bool]
    # The replay's words for what it shows.
    replay: ReplayWords
    # Standing answers (games.services.standing):
    # (state, awaiting, seat) -> Move | None;
    # None when the game has none.
    standing_move: Callable[..., Any] | None = None
    # (game) -> a finished game's chart context (games/chart.html), or None.
    chart: Callable[[Any], dict | None] | None = None
    # A template of <link>s for the page's head (the table's stylesheet).
    assets: str | None = None
    # (run, event, seat, names) -> one history sentence telling the events of
    # the line before (`run`, the last just before `event`) and `event`, or
    # None when `event` starts a line of its own. None: a line per event.
    join_line: Callable[..., str | None] | None = None
    # level -> whether that bot level reads the seat's public history now
    # (`bot_move`'s `history`): loading it costs the site a query of the
    # game's events and a redaction of each, so only a reader gets it.
    reads_history: Callable[[str], bool] = lambda level: False
    # (state, seat) -> what the seat is worth at the end of a game, a
    # tournament's tie-break (classic: net worth; Deal: banked value), and
    # what the tournament's standings call it.
    worth: Callable[[Any, int], int] = lambda state, seat: 0
    worth_label: str = "Worth"
    # (state, seat) -> how well the seat stands in a game still running,
    # compared highest first (Deal: full sets, then banked value): a
    # tournament adjudicates a game at its round's hard end by it. None: by
    # `worth` alone (classic: net worth).
    lead: Callable[[Any, int], tuple] | None = None
    # The expert's judgement of positions and decisions, for the review of a
    # finished game (games.reviews); None: the kind's games get no review.
    judge: Judge | None = None

    def leading(self, state, seat: int) -> tuple:
        """The seat's `lead`, or its worth when the kind has no `lead`."""
        return self.lead(state, seat) if self.lead else (self.worth(state, seat),)

    @property
    def option_labels(self) -> dict[str, str]:
        """The house rules, as the create form and the table name them."""
        return self.engine.OPTION_LABELS

    @property
    def option_numbers(self) -> dict:
        """The house rules that are numbers (plumbing.NumberRule by name)."""
        return self.engine.OPTION_NUMBERS

    def sensible_move(self, state, seat: int, rng: random.Random):
        """The move of the sensible bot: what a refused default falls back to."""
        return self.bot_move(state, seat, "sensible", rng, seconds=None, clock=None)


_KINDS: dict[str, GameKind] = {}


def register(kind: GameKind) -> None:
    """Add `kind` to the registry (GamesConfig.ready, once per kind)."""
    _KINDS[kind.key] = kind


def _load() -> dict[str, GameKind]:
    if not _KINDS:
        raise RuntimeError("No game kinds registered: the games app is not ready.")
    return _KINDS


def all_kinds() -> list[GameKind]:
    """Every kind, Monopoly Deal first."""
    return list(_load().values())


def get(key: str) -> GameKind:
    """The kind named `key` (KeyError for none)."""
    return _load()[key]


def choices() -> list[tuple[str, str]]:
    """(key, label) for forms and filters."""
    return [(kind.key, kind.label) for kind in all_kinds()]


def label(key: str) -> str:
    """The kind's name for a list; the key itself for a kind no longer known."""
    kind = _load().get(key)
    return kind.label if kind is not None else key
