"""One seat's view of a table: everything the table template needs."""

from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils import timezone

from games.models import BOT_STRENGTHS, Game, Seat
from games.ratings.leaderboard import game_rating_changes
from games.selectors.history import HISTORY_LINES, history_lines
from games.selectors.rematch import rematch_view

if TYPE_CHECKING:
    from games.replay import Moment


# The table's own addresses, by the name of their view in games.urls: each
# takes the game's id. A `{% url %}` costs 50 to 60 µs of CPU, and a table's
# render asked for eight of them: they are reversed once per game instead.
GAME_URLS = (
    "add_bots",
    "history",
    "join_public",
    "leave",
    "move",
    "rematch",
    "rematch_answer",
    "replay",
    "resign",
    "review",
    "standing",
    "start",
    "table",
    "version",
)


def table_urls(game: Game) -> MappingProxyType:
    """The addresses a table links and posts to: `GAME_URLS`, with "chat",
    "mine", "lobby" and "join" (the invitation) beside them."""
    return _table_urls(game.pk, game.invite_token, get_script_prefix(), get_urlconf())


@lru_cache(maxsize=4096)
def _table_urls(
    game_id: int, invite_token: str, prefix: str, urlconf
) -> MappingProxyType:
    urls = {name: reverse(f"games:{name}", args=[game_id]) for name in GAME_URLS}
    urls["chat"] = reverse("chat:chat", args=[game_id])
    urls["mine"] = reverse("games:mine")
    urls["lobby"] = reverse("games:lobby")
    urls["join"] = reverse("games:join", args=[invite_token])
    return MappingProxyType(urls)


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


def clock_waits(game: Game, seats: list[Seat], now) -> list[Seat]:
    """The seats whose clock runs, when every one of them is on vacation: the
    table's clock waits for their return ([] otherwise)."""
    timed = [s for s in seats if str(s.position) in (game.deadlines or {})]
    away = [s for s in timed if s.user is not None and s.user.away_at(now)]
    return away if timed and len(away) == len(timed) else []


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
    urls = table_urls(game)
    context = {
        "game": game,
        "kind": kind,
        "seat": seat,
        "seats": seats,
        "names": names,
        "is_creator": seat is not None and game.created_by_id == seat.user_id,
        "option_labels": option_labels(game),
        "urls": urls,
        "invite_url": urls["join"],
        # Every move button posts here.
        "move_url": urls["move"],
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
                marked=True,
            ),
            "replay": moment,
            "chart": kind.chart(game) if kind.chart and live and game.is_over else None,
            "rematch": (
                rematch_view(game=game, seat=seat, now=timezone.now()) if live else None
            ),
            "clock_waits": (
                clock_waits(game, seats, timezone.now())
                if live and context.get("next_deadline")
                else []
            ),
            "rating_changes": (
                game_rating_changes(game=game, seats=seats) if live else []
            ),
        }
    )
    return context
