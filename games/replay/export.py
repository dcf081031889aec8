"""A game's record as JSON: metadata, seats, options and every event.

A finished game is exported whole: every event as the engine stores it
(`engine.to_json`, old schema versions upgraded), which replays to the final
state. A game still being played is exported as the asker may read it: each
event through `engine.redact(event, seat)` (another seat's cards become a
count) and the history lines as that seat reads them (`selectors.told`), so
nothing the asker's seat could not see is ever in it. The format is
described in docs/replay.md ("Exporting games").
"""

from collections.abc import Iterable, Iterator
from datetime import datetime

from django.db.models import Prefetch

from games import kinds
from games.models import Game, GameEvent, Seat
from games.selectors import HISTORY_FIELDS, told

FORMAT = "mdeal-game"
FORMAT_VERSION = 1


def _time(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def game_export(*, game: Game, seat: Seat | None) -> dict:
    """The game as `seat` may read it (everything once the game is over).

    `game` comes with its seats prefetched (`selectors.game_for_viewer`);
    the events are read in one query.
    """
    engine = game.engine
    complete = game.is_over
    viewer = None if complete or seat is None else seat.position
    seats = sorted(game.seats.all(), key=lambda s: s.position)
    names = [s.name for s in seats]
    winner = next((s.position for s in seats if s.pk == game.winner_id), None)
    rows = list(
        GameEvent.objects.filter(game=game).order_by("seq").only(*HISTORY_FIELDS)
    )
    # Each history line goes with the event it is numbered by (the last of
    # those it joins); a deadline's line and that event's own are one text.
    texts: dict[int, list[str]] = {}
    for line in told(rows, kind=game.game_kind, viewer=viewer, names=names):
        texts.setdefault(line["seq"], []).append(line["text"])
    events = []
    for row in rows:
        event = row.event(engine)
        events.append(
            {
                "seq": row.seq,
                "at": _time(row.created_at),
                "cause": row.cause,
                "seat": row.seat,
                "text": " ".join(texts[row.seq]) if row.seq in texts else None,
                "event": (
                    engine.to_json(event) if complete else engine.redact(event, viewer)
                ),
            }
        )
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": {
            "id": game.pk,
            "kind": game.kind,
            "status": game.status,
            "created_at": _time(game.created_at),
            "started_at": _time(game.started_at),
            "finished_at": _time(game.finished_at),
            "winner": winner,
            "drawn": bool(game.is_over and game.version and winner is None),
            "public": game.public,
            "seconds_per_decision": game.seconds_per_decision,
            "events": game.version,
        },
        "seats": [
            {
                "position": s.position,
                "name": s.name,
                "bot": s.bot or None,
                "human": s.user_id is not None,
                "status": s.status,
            }
            for s in seats
        ],
        "options": game.rule_options().to_json(),
        "viewer": {"seat": viewer, "complete": complete},
        "events": events,
    }


def exportable_games(
    *, since: datetime | None = None, ids: Iterable[int] = ()
) -> Iterator[Game]:
    """Finished games, oldest finish first, their seats prefetched."""
    games = Game.objects.filter(status=Game.Status.FINISHED).exclude(version=0)
    if since is not None:
        games = games.filter(finished_at__gte=since)
    ids = list(ids)
    if ids:
        games = games.filter(pk__in=ids)
    return (
        games.order_by("finished_at", "pk")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("user"))
        )
        .iterator(chunk_size=100)
    )


def replay_export(record: dict):
    """The state a complete export's events replay to (by its kind's engine;
    exports made before there were kinds are Monopoly Deal)."""
    if not record["viewer"]["complete"]:
        raise ValueError("Only a finished game's export holds every event.")
    engine = kinds.get(record["game"].get("kind", kinds.DEFAULT)).engine
    return engine.replay([engine.from_json(e["event"]) for e in record["events"]])
