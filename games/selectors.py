"""Reads for the game pages: the lobby, my games, and one seat's view of a table.

Every read here costs a fixed number of queries, whatever the length of the
game: the table reads the snapshot and only the last events of its history.
"""

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from django.db.models import Exists, OuterRef, Prefetch, Subquery, TextField
from django.db.models.functions import Cast
from django.urls import reverse
from django.utils import timezone

from games.errors import GameNotFound
from games.models import BOT_STRENGTHS, Game, GameEvent, Rematch, Seat, table_stamp
from mdeal_site.prepared import Prepared

if TYPE_CHECKING:
    from games.replay import Moment

HISTORY_LINES = 40
FINISHED_SHOWN = 20

ACTIVE_KINDS = ("open", "active")
# The Game fields `table_stamp` is made of, in its order.
STAMP_FIELDS = ("status", "version", "seat_changes", "rematch_changes")


def _seats():
    return Prefetch("seats", queryset=Seat.objects.select_related("user"))


# The reads of every table request, compiled once (mdeal_site.prepared).
_game_by_id = Prepared(lambda pk: Game.objects.filter(pk=pk))
_seats_of_game = Prepared(
    lambda game_id: (
        Seat.objects.filter(game_id=game_id).select_related("user").order_by("position")
    )
)
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


# -- lobby and my games ---------------------------------------------------------


def lobby_games() -> list[Game]:
    """Public games waiting for players, newest first."""
    return list(
        Game.objects.filter(status=Game.Status.OPEN, public=True)
        .select_related("created_by")
        .prefetch_related(_seats())
        .order_by("-created_at")[:50]
    )


@dataclass
class MyGame:
    game: Game
    seat: Seat
    waiting_for_me: bool
    my_deadline: object = None
    names: list[str] = field(default_factory=list)
    winner_name: str = ""
    # A finished game's rematch offer the user is asked to answer: who made it.
    rematch_from: str = ""


def my_games(*, user) -> dict[str, list[MyGame]]:
    """The games `user` sits at: those waiting for them first, soonest deadline
    (rematch offers they are asked to answer among them, due by the offer's
    deadline)."""
    now = timezone.now()
    current = (
        Game.objects.filter(seats__user=user, status__in=ACTIVE_KINDS)
        .prefetch_related(_seats())
        .order_by("-created_at")
    )
    finished = (
        Game.objects.filter(seats__user=user)
        .exclude(status__in=ACTIVE_KINDS)
        .prefetch_related(_seats())
        .order_by("-finished_at", "-created_at")[:FINISHED_SHOWN]
    )
    waiting, playing, open_games = [], [], []
    for game in current:
        seat = game.seat_for(user)
        entry = MyGame(game=game, seat=seat, waiting_for_me=False, names=_names(game))
        if game.status == Game.Status.OPEN:
            open_games.append(entry)
            continue
        entry.my_deadline = game.deadline_for(seat.position)
        entry.waiting_for_me = (
            str(seat.position) in (game.deadlines or {})
            and seat.status == Seat.Status.PLAYING
        )
        (waiting if entry.waiting_for_me else playing).append(entry)
    asked = _rematches_asking(user=user, now=now)
    waiting += asked
    waiting.sort(key=lambda e: (e.my_deadline is None, e.my_deadline or 0))
    answering = {entry.game.pk for entry in asked}
    done = []
    for game in finished:
        if game.pk in answering:
            continue  # listed under "Your move", with the offer
        seat = game.seat_for(user)
        winner = next((s for s in game.seats.all() if s.pk == game.winner_id), None)
        done.append(
            MyGame(
                game=game,
                seat=seat,
                waiting_for_me=False,
                names=_names(game),
                winner_name="You" if winner == seat else winner.name if winner else "",
            )
        )
    return {"waiting": waiting, "playing": playing, "open": open_games, "done": done}


def _rematches_asking(*, user, now) -> list[MyGame]:
    """The finished games whose open rematch offer `user` still has to answer
    (two queries: the offers with their games, the games' seats)."""
    offers = (
        Rematch.objects.filter(
            game__seats__user=user,
            status=Rematch.Status.ASKED,
            expires_at__gt=now,
        )
        .select_related("game")
        .prefetch_related(Prefetch("game__seats", queryset=_seats().queryset))
    )
    entries = []
    for offer in offers:
        if not offer.asks(user.pk, now):
            continue
        game = offer.game
        seats = game.seats.all()
        proposer = next((s for s in seats if s.user_id == offer.proposed_by_id), None)
        entries.append(
            MyGame(
                game=game,
                seat=game.seat_for(user),
                waiting_for_me=True,
                my_deadline=offer.expires_at,
                names=_names(game),
                rematch_from=proposer.name if proposer else "A player",
            )
        )
    return entries


def _names(game: Game) -> list[str]:
    return [s.name for s in sorted(game.seats.all(), key=lambda s: s.position)]


# -- who may look --------------------------------------------------------------


def game_for_viewer(*, game_id: int, user) -> tuple[Game, Seat | None]:
    """The game with its seats, and the user's seat; spectators only where allowed.

    Anyone signed in may watch a public game, playing or finished (the
    engine's spectator view shows no hand until the end); a game by invitation
    only is for its players alone, and to anyone else it does not exist: it
    raises GameNotFound, as a missing id does, so ids tell nothing. A player
    whose seat a bot took over watches as a spectator until the end.
    """
    game = _game_by_id.by_id(game_id)
    if game is None:
        raise GameNotFound()
    game.seats_known(_seats_of_game(game.pk))
    return viewer_seat(game=game, user=user)


def viewer_seat(*, game: Game, user) -> tuple[Game, Seat | None]:
    """`game_for_viewer` for a game already read with its seats."""
    seat = game.seat_for(user)
    if seat is None and not game.public:
        raise GameNotFound()
    if seat is not None and seat.status == Seat.Status.LEFT and not game.is_over:
        # A bot plays this seat now: its former player watches, hand unseen.
        return game, None
    return game, seat


def version_for_player(*, game_id: int, user) -> int | None:
    """The game's stamp if `user` holds a seat at it, else None (one query)."""
    if user is None or not user.is_authenticated:
        return None
    row = (
        Game.objects.filter(pk=game_id, seats__user=user)
        .values_list(*STAMP_FIELDS)
        .first()
    )
    return table_stamp(*row) if row is not None else None


def version_for_watcher(*, game_id: int, user) -> tuple[int, bool] | None:
    """(the game's stamp, whether `user` is seated) for whoever may watch it live.

    Its players, and anyone signed in for a public game; None for everyone
    else, a missing game included (one query).
    """
    if user is None or not user.is_authenticated:
        return None
    row = (
        Game.objects.filter(pk=game_id)
        .annotate(seated=Exists(Seat.objects.filter(game=OuterRef("pk"), user=user)))
        .values(*STAMP_FIELDS, "public", "seated")
        .first()
    )
    if row is None or not (row["public"] or row["seated"]):
        return None
    stamp = table_stamp(*(row[name] for name in STAMP_FIELDS))
    return stamp, row["seated"]


def version_for_viewer(*, game_id: int, user) -> int:
    """The game's stamp (`Game.stamp`) for anyone who may look at the table.

    GameNotFound for a missing game and for a private one the user is not in.
    """
    row = Game.objects.filter(pk=game_id).values(*STAMP_FIELDS, "public").first()
    if row is None or (not row["public"] and not _seated(game_id=game_id, user=user)):
        raise GameNotFound()
    return table_stamp(*(row[name] for name in STAMP_FIELDS))


def _seated(*, game_id: int, user) -> bool:
    return Seat.objects.filter(game_id=game_id, user=user).exists()


# -- history --------------------------------------------------------------------


def history_lines(
    *,
    game: Game,
    viewer: int | None,
    limit: int | None = HISTORY_LINES,
    through: int | None = None,
) -> list[dict]:
    """The history as `viewer` may read it, newest first (one query).

    `limit` counts events, not lines: quiet events take no line. `through`
    stops at that event (a replay's step). Events next to each other that
    the kind tells in one sentence (`GameKind.join_line`: a roll and the move
    it makes) are one line, dated and numbered by the last of them.
    """
    names = game.seat_names()
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
    return lines


def told(
    rows: Iterable[GameEvent], *, kind, viewer: int | None, names: list[str]
) -> list[dict]:
    """The history lines telling `rows` (events oldest first, HISTORY_FIELDS
    read) as `viewer` may read them, oldest first: {"seq", "text", "at",
    "timeout"}, a line joining events numbered by the last of them, and the
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
            {"seq": row.seq, "text": text, "at": row.created_at, "timeout": timed_out}
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


# -- the table ------------------------------------------------------------------


def option_labels(game: Game) -> list[str]:
    """The house rules on at this table, then its numbers that are not the
    official ones; the leaver's rule names its bot."""
    labels = []
    for key, label in game.game_kind.option_labels.items():
        if game.options.get(key):
            if key == "bot_replaces_leaver":
                label = f"{label} ({game.get_leaver_bot_display()} plays on.)"
            labels.append(label)
    official = game.game_kind.engine.Options()
    for key, rule in game.game_kind.option_numbers.items():
        value = game.options.get(key)
        if value is not None and value != getattr(official, key):
            labels.append(rule.sentence.format(n=value))
    return labels


def table_context(
    *,
    game: Game,
    seat: Seat | None,
    history: int = HISTORY_LINES,
    moment: "Moment | None" = None,
):
    """Everything the table template needs, as `seat` may see it.

    `game` comes from `game_for_viewer` (seats prefetched). What a seat may
    see comes only from the engine's `view`; the game's kind (games.kinds)
    makes the context of the table's main area from it (`present`). With a
    `moment` (a replay's step, `games.replay`) the table is as it stood then,
    seen as the moment's view says, read-only: no moves, no clocks.
    """
    live = moment is None
    kind = game.game_kind
    names = game.seat_names()
    seats = sorted(game.seats.all(), key=lambda s: s.position)
    context = {
        "game": game,
        "kind": kind,
        "seat": seat,
        "seats": seats,
        "names": names,
        "is_creator": seat is not None and game.created_by_id == seat.user_id,
        "option_labels": option_labels(game),
        "invite_url": reverse("games:join", args=[game.invite_token]),
        # Every move button posts here: reversed once, not twice a button.
        "move_url": reverse("games:move", args=[game.pk]),
    }
    state = game.state() if live else moment.state
    if state is None:
        context["waiting_room"] = True
        context["cancelled"] = game.status == Game.Status.ABANDONED
        context["empty_seats"] = range(len(seats), game.seat_count)
        context["bot_kinds"] = [
            (v, label) for v, label in BOT_STRENGTHS if v in kind.bots
        ]
        return context

    viewer = seat.position if seat is not None else None
    view = kind.engine.view(state, viewer) if live else moment.view
    context.update(
        kind.present(
            game=game,
            seat=seat,
            state=state,
            view=view,
            moment=moment,
            names=names,
            seats=seats,
        )
    )
    context.update(
        {
            "table_template": kind.table_template,
            "history": history_lines(
                game=game,
                viewer=view["seat"],
                limit=history,
                through=None if live else moment.step,
            ),
            "replay": moment,
            "chart": kind.chart(game) if kind.chart and live and game.is_over else None,
            "rematch": (
                rematch_view(game=game, seat=seat, now=timezone.now()) if live else None
            ),
        }
    )
    return context


# -- rematch --------------------------------------------------------------------


def rematch_view(*, game: Game, seat: Seat | None, now) -> dict:
    """The rematch box of a table, as `seat` (None: a spectator) sees it.

    `game` comes with its seats prefetched. "of" is the game this one plays
    again (no query); at a finished game, one query reads the latest offer
    and the game it started, if any.
    """
    view = {"of": game.rematch_of_id, "next": None, "offer": None}
    if game.status != Game.Status.FINISHED:
        return view
    later = Game.objects.filter(rematch_of=OuterRef("game")).values("pk")[:1]
    offer = (
        Rematch.objects.filter(game=game)
        .annotate(next_game=Subquery(later))
        .order_by("-created_at", "-pk")
        .first()
    )
    if offer is None:
        return {**view, "can_offer": _is_human(seat), "seen": ""}
    names = {s.user_id: s.name for s in game.seats.all() if s.user_id is not None}
    status = offer.status
    if status == Rematch.Status.ASKED and not offer.is_open(now):
        status = Rematch.Status.EXPIRED  # The sweep has not come by yet.
    me = seat.user_id if _is_human(seat) else None
    waiting = [name for user_id, name in names.items() if user_id not in offer.accepted]
    return {
        **view,
        "next": offer.next_game if status == Rematch.Status.STARTED else None,
        "offer": offer,
        "status": status,
        "seen": offer.pk,
        "proposer": "You"
        if offer.proposed_by_id == me
        else _name(names, offer.proposed_by_id),
        "decliner": "You"
        if offer.declined_by_id == me and me
        else _name(names, offer.declined_by_id),
        "waiting_for": waiting,
        "to_answer": me is not None and offer.asks(me, now),
        "answered": me is not None and me in offer.accepted,
        "can_offer": me is not None
        and status in (Rematch.Status.DECLINED, Rematch.Status.EXPIRED),
    }


def rematch_game_id(*, game_id: int) -> int | None:
    """The id of the game that plays `game_id` again, if one started."""
    return (
        Game.objects.filter(rematch_of_id=game_id).values_list("pk", flat=True).first()
    )


def _is_human(seat: Seat | None) -> bool:
    return seat is not None and seat.user_id is not None


def _name(names: dict[int, str], user_id: int | None) -> str:
    return names.get(user_id, "A player")


def invited_game(*, token: str) -> Game | None:
    return (
        Game.objects.prefetch_related(_seats())
        .select_related("created_by")
        .filter(invite_token=token)
        .first()
    )
