"""Replay: a game as it stood after any one of its events, step by step.

A step N is the engine state after event N, rebuilt from the nearest stored
checkpoint below it (`GameCheckpoint`, one every `EVERY` events) by at most
`EVERY` evolves: two queries (the checkpoint, the events after it) whatever N
is. Checkpoints that an older game lacks are stored the first time a step
past them is asked for.

Whose eyes: a finished game may be replayed by whoever may see it, with its
kind's open view (`GameKind.open_view`: Monopoly Deal's every hand open), or
from one seat's view on request; a game still being played only as the asker
sees it live (their seat's view, a spectator's for anyone else), so a replay
never shows more than that seat saw at that step. The page names what it
shows in the game's own words (`GameKind.replay`).
"""

from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.urls import reverse

from games.bot_marks import marked_names, with_bot_marks
from games.errors import BadStep, NothingToReplay
from games.models import Game, GameCheckpoint, GameEvent, Seat
from games.selectors import table_context

EVERY = GameCheckpoint.EVERY


@dataclass(frozen=True)
class Moment:
    """One step of a replay, as one pair of eyes sees it."""

    step: int  # the state shown is the one after this event
    last: int  # the game's last event
    state: object  # the game's engine State
    view: dict  # engine.view(state, eyes), or the kind's open_view(state)
    line: str  # what happened at this step, as these eyes read it
    eyes: int | None  # the seat whose view this is (None: see `everything`)
    eyes_name: str  # that seat's name ("" for none)
    everything: bool  # the kind's open view: a finished game
    url: str  # the replay page, without a query
    chosen_seat: int | None  # the `seat` the links keep (a finished game's choice)
    steps: list[dict] = field(default_factory=list)  # first, previous, next, last
    views: list[dict] = field(default_factory=list)  # whose eyes, finished games


def _link(url: str, step: int, seat: int | None) -> str:
    query = {"step": step} if seat is None else {"step": step, "seat": seat}
    return f"{url}?{urlencode(query)}"


def _step_links(url: str, step: int, last: int, seat: int | None) -> list[dict]:
    targets = [
        ("first", "First", 1),
        ("previous", "Previous", max(1, step - 1)),
        ("next", "Next", min(last, step + 1)),
        ("last", "Last", last),
    ]
    return [
        {
            "rel": rel,
            "label": label,
            "step": target,
            "url": _link(url, target, seat),
            "here": target == step,
        }
        for rel, label, target in targets
    ]


def _view_links(url: str, step: int, eyes: int | None, names: list[str], words):
    views = [
        {"label": words.open_link, "url": _link(url, step, None), "here": eyes is None}
    ]
    for position, name in enumerate(names):
        views.append(
            {
                "label": with_bot_marks(name),
                "url": _link(url, step, position),
                "here": eyes == position,
            }
        )
    return views


def parse_step(raw: str | None, last: int) -> int:
    """The step asked for, clamped to 1..last; the last when none is asked.

    BadStep when it is not a whole number.
    """
    if raw is None or raw == "":
        return last
    try:
        step = int(raw)
    except (TypeError, ValueError):
        raise BadStep() from None
    return min(max(step, 1), last)


def replay_eyes(*, game: Game, seat: Seat | None, asked: str | None) -> int | None:
    """The seat whose view a replay shows; None: the open view, or nobody's.

    A finished game: the seat asked for (`?seat=N`), else the open view.
    While it runs: the asker's own seat whatever they asked (a spectator's
    view for those without one).
    """
    if not game.is_over:
        return seat.position if seat is not None else None
    try:
        position = int(asked) if asked not in (None, "") else None
    except (TypeError, ValueError):
        return None
    if position is None or not 0 <= position < game.seat_count:
        return None
    return position


def state_at(*, game: Game, step: int) -> tuple[object, dict]:
    """The state after event `step` (1..version), and that event's JSON.

    Two queries: the nearest checkpoint strictly below `step`, then the
    events after it up to `step`. Checkpoints missing on the way (a game
    older than them) are stored with one more query, once.
    """
    checkpoint = (
        GameCheckpoint.objects.filter(game=game, seq__lt=step)
        .order_by("-seq")
        .values_list("seq", "state")
        .first()
    )
    engine = game.engine
    base, state = 0, None
    if checkpoint is not None:
        base, state = checkpoint[0], engine.from_json(checkpoint[1])
    rows = list(
        GameEvent.objects.filter(game=game, seq__gt=base, seq__lte=step)
        .order_by("seq")
        .values_list("seq", "data")
    )
    if len(rows) != step - base:
        raise NothingToReplay("The events of this game are not all there.")
    missing = []
    for seq, data in rows:
        state = engine.evolve(state, engine.from_json(data))
        if seq % EVERY == 0 and seq < step:
            missing.append(
                GameCheckpoint(game=game, seq=seq, state=engine.to_json(state))
            )
    if missing:
        GameCheckpoint.objects.bulk_create(missing, ignore_conflicts=True)
    return state, rows[-1][1]


def step_line(kind, data: dict, eyes: int | None, names: list[str]) -> str:
    """What happened at the event (its JSON), as `eyes` may read it; for an
    event with no history line, the kind's quiet line for it if any."""
    engine = kind.engine
    text = engine.describe(engine.from_json(data), eyes, names)
    if text:
        return text
    seat = data.get("seat")
    quiet = kind.replay.quiet_lines.get(data.get("type"))
    if quiet is None or seat is None or not 0 <= seat < len(names):
        return "Nothing anyone saw changed."
    others, yours = quiet
    line = yours if seat == eyes else others
    return line.format(name=names[seat], count=len(data.get("cards") or ()))


def replay_context(
    *, game: Game, seat: Seat | None, step: str | None, asked_seat: str | None
) -> dict:
    """The table template's context for one step of a replay, read-only.

    `game` and `seat` come from `selectors.game_for_viewer` (who may look at
    all); `step` and `asked_seat` are the query's raw values.
    """
    if game.version == 0:
        raise NothingToReplay()
    number = parse_step(step, game.version)
    eyes = replay_eyes(game=game, seat=seat, asked=asked_seat)
    everything = game.is_over and eyes is None
    state, event = state_at(game=game, step=number)
    kind = game.game_kind
    view = kind.open_view(state) if everything else kind.engine.view(state, eyes)
    # The page's names: a bot account's carries the BOT mark (games.bot_marks).
    names = marked_names(game.seats.all()) or game.seat_names()
    url = reverse("games:replay", args=[game.pk])
    chosen = eyes if game.is_over else None
    moment = Moment(
        step=number,
        last=game.version,
        state=state,
        view=view,
        line=with_bot_marks(step_line(kind, event, eyes, names)),
        eyes=eyes,
        eyes_name=with_bot_marks(names[eyes]) if eyes is not None else "",
        everything=everything,
        url=url,
        chosen_seat=chosen,
        steps=_step_links(url, number, game.version, chosen),
        views=(
            _view_links(url, number, eyes, names, kind.replay) if game.is_over else []
        ),
    )
    context = table_context(game=game, seat=seat, moment=moment)
    if game.is_over and kind.chart:
        context["chart"] = kind.chart(game)
    return context
