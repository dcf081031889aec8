"""The leaderboard and the player pages: thin doors onto games.ratings.leaderboard."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games import kinds
from games.models import Game
from games.ratings import PROVISIONAL_GAMES, SCALE
from games.ratings import leaderboard as boards
from games.ratings.leaderboard import RESULTS
from games.social.selectors import relationship
from games.tournaments.selectors import player_tournaments


def _kind(request) -> str:
    """The kind of game asked for (`?kind=`), Monopoly Deal when none or unknown."""
    asked = request.GET.get("kind", "")
    return asked if asked in dict(kinds.choices()) else kinds.DEFAULT


def _kind_query(kind: str) -> str:
    """The start of a page link's query: the kind, unless it is the default."""
    return "" if kind == kinds.DEFAULT else f"kind={kind}&"


def _kind_suffix(kind: str) -> str:
    """What a link to another page of the same kind ends with."""
    return "" if kind == kinds.DEFAULT else f"?kind={kind}"


@login_required
@require_GET
def leaderboard(request):
    kind = _kind(request)
    page = request.GET.get("page", 1)
    listed = request.GET.get("list")
    if listed not in ("provisional", "bots"):
        listed = "established"
    if "list" in request.GET or "period" in request.GET:
        board = boards.leaderboard(
            viewer=request.user,
            kind=kind,
            provisional=listed == "provisional",
            active=request.GET.get("period") != "all",
            page=page,
            bot_accounts=listed == "bots",
        )
    else:
        board = boards.opening_board(viewer=request.user, kind=kind, page=page)
        listed = "provisional" if board.provisional else "established"
    active = board.active
    return render(
        request,
        "games/leaderboard.html",
        {
            "board": board,
            "kinds": kinds.choices(),
            "kind_label": kinds.label(kind),
            "kind_suffix": _kind_suffix(kind),
            "listed": listed,
            "query": f"{_kind_query(kind)}"
            f"list={listed}"
            f"&period={'active' if active else 'all'}",
            "active_days": boards.ACTIVE_DAYS,
            "provisional_games": PROVISIONAL_GAMES,
            "scale": SCALE,
        },
    )


@login_required
@require_GET
def player(request, username: str):
    try:
        seats = int(request.GET.get("seats", ""))
    except ValueError:
        seats = None
    kind = _kind(request)
    page = boards.player_page(
        username=username,
        viewer=request.user,
        kind=kind,
        result=request.GET.get("result", ""),
        seats=seats,
        page=request.GET.get("page", 1),
    )
    shown = not page.bot and page.player.pk != request.user.pk
    return render(
        request,
        "games/player.html",
        {
            "p": page,
            # Follow, block, challenge (games.social): one query.
            "rel": relationship(viewer=request.user, other=page.player)
            if shown
            else None,
            "kinds": kinds.choices(),
            "kind_label": kinds.label(kind),
            "kind_suffix": _kind_suffix(kind),
            "results": RESULTS,
            "seat_counts": range(Game.MIN_SEATS, Game.MAX_SEATS + 1),
            "query": f"{_kind_query(kind)}result={page.result}"
            f"&seats={page.seats or ''}",
            "provisional_games": PROVISIONAL_GAMES,
            # The tournaments entered, with places: three queries.
            "tournaments": player_tournaments(page.player),
        },
    )
