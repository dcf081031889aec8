"""A table's history: its events told as lines, as one seat may read them.

The table reads only its last `HISTORY_LINES` events (one compiled query);
each event's parsing and each line's telling is kept by the process, since
the next read tells the same events again.
"""

import json
from collections.abc import Iterable
from datetime import datetime
from functools import lru_cache
from typing import NamedTuple

from django.db.models import TextField
from django.db.models.functions import Cast

from games.bot_marks import marked_names, with_bot_marks
from games.models import Game, GameEvent
from mdeal_site.prepared import Prepared

HISTORY_LINES = 40


HISTORY_FIELDS = ("seq", "data", "seat", "cause", "created_at", "type")


class EventRow(NamedTuple):
    """An event of the table's history as the table's read gives it: what
    `told` reads of a GameEvent, the event's JSON as text (`data_json`)."""

    seq: int
    seat: int | None
    cause: str
    created_at: datetime
    type: str
    data_json: str

    @property
    def data(self) -> dict:
        return json.loads(self.data_json)

    def event(self, engine):
        return _parsed_event(engine, self.data_json)


# A table read tells the same last 40 events as the read before it, but for
# the one or two since: each event's parsing, and each line's telling
# (`_told_line`), is kept by the process rather than done again every read.
@lru_cache(maxsize=4096)
def _parsed_event(engine, data_json: str):
    return engine.from_json(json.loads(data_json))


def _last_events_query(game_id, through):
    return (
        GameEvent.objects.filter(game_id=game_id, seq__lte=through)
        .order_by("-seq")
        .annotate(data_json=Cast("data", TextField()))
        .values_list(*EventRow._fields)[:HISTORY_LINES]
    )


_last_events = Prepared(_last_events_query)
# `through` for the last events of a game still in play: past any seq.
LAST_SEQ = 2**31 - 1


def history_lines(
    *,
    game: Game,
    viewer: int | None,
    limit: int | None = HISTORY_LINES,
    through: int | None = None,
    marked: bool = False,
) -> list[dict]:
    """The history as `viewer` may read it, newest first (one query).

    `marked` (a page's lines): a bot account's name carries the BOT mark, the
    line's text then markup (games.bot_marks); else plain text, as emails
    and the exported history want it.

    `limit` counts events, not lines: quiet events take no line. `through`
    stops at that event (a replay's step). Events next to each other that
    the kind tells in one sentence (`GameKind.join_line`: a roll and the move
    it makes) are one line, dated and numbered by the last of them.
    """
    bots = marked_names(game.seats.all()) if marked else None
    names = bots or game.seat_names()
    kind = game.game_kind
    if limit == HISTORY_LINES:  # the table's: compiled once
        through = LAST_SEQ if through is None else through
        rows = [EventRow._make(row) for row in _last_events(game.pk, through)]
    else:
        rows = GameEvent.objects.filter(game=game).order_by("-seq")
        if through is not None:
            rows = rows.filter(seq__lte=through)
        if limit is not None:
            rows = rows[:limit]
        rows = list(rows.only(*HISTORY_FIELDS))
    lines = told(reversed(rows), kind=kind, viewer=viewer, names=names)
    lines.reverse()
    if bots:
        for line in lines:
            line["text"] = with_bot_marks(line["text"])
    return lines


def told(
    rows: Iterable[GameEvent], *, kind, viewer: int | None, names: list[str]
) -> list[dict]:
    """The history lines telling `rows` (events oldest first, HISTORY_FIELDS
    read) as `viewer` may read them, oldest first: {"seq", "text", "at",
    "timeout", "turn"}, a line joining events numbered by the last of them, and the
    line saying a deadline decided for a seat (`_timeout_line`) numbered as
    the first event it made."""
    rules = kind.engine
    names = tuple(names)
    lines = []
    previous = None
    run = []  # the events the last line tells, when the event before was one
    for row in rows:
        if _starts_timeout(row, previous):
            lines.append(_timeout_line(row, names))
            run = []
        previous = row
        event = row.event(rules)
        timed_out = _timed_out(row)
        joined = kind.join_line and kind.join_line(run, event, viewer, names)
        if joined:
            run.append(event)
            timed_out = timed_out or lines[-1]["timeout"]
            text = joined
            lines.pop()
        else:
            text = _told_line(rules, event, viewer, names)
            run = [event] if text else []
            if not text:
                continue
        if timed_out:
            text += TIMED_OUT
        lines.append(
            {
                "seq": row.seq,
                "text": text,
                "at": row.created_at,
                "timeout": timed_out,
                # "Bea's turn.": says what comes, not what happened.
                "turn": type(event).__name__ == "TurnStarted",
            }
        )
    return lines


TIMED_OUT = " (time ran out)"


def _told_line(rules, event, viewer: int | None, names: tuple[str, ...]):
    """`rules.describe(event, viewer, names)`, kept per event, seat and names."""
    try:
        return _described(rules, event, viewer, names)
    except TypeError:  # an event holding a list or a dict: it has no hash
        return rules.describe(event, viewer, names)


@lru_cache(maxsize=8192)
def _described(rules, event, viewer: int | None, names: tuple[str, ...]):
    return rules.describe(event, viewer, names)


def _timed_out(row: GameEvent) -> bool:
    """An event the deadline made for the seat that missed it.

    What follows from it (the next player's turn starting) is not marked.
    """
    return (
        row.cause == GameEvent.Cause.TIMEOUT
        and row.seat is not None
        and row.data.get("seat") == row.seat
    )


def _starts_timeout(row: GameEvent, previous: GameEvent | None) -> bool:
    """The first event of the moves one deadline made for one seat."""
    if row.cause != GameEvent.Cause.TIMEOUT or row.seat is None:
        return False
    return not (
        previous is not None
        and previous.cause == GameEvent.Cause.TIMEOUT
        and previous.seat == row.seat
    )


def _timeout_line(row: GameEvent, names: list[str]) -> dict:
    """ "Time ran out for Bob: ..." (a turn that ended shows no line of its own)."""
    what = {
        "TurnEnded": "the turn ended.",
        "PlayerResigned": "they left the game.",
    }.get(row.type, "the game decided for them.")
    return {
        "seq": row.seq,
        "text": f"Time ran out for {names[row.seat]}: {what}",
        "at": row.created_at,
        "timeout": True,
    }
