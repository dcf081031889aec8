"""The leaderboard and the player pages: thin doors onto games.leaderboard."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games import leaderboard as boards
from games.leaderboard import RESULTS
from games.models import Game
from games.ratings import PROVISIONAL_GAMES, SCALE


@login_required
@require_GET
def leaderboard(request):
    provisional = request.GET.get("list") == "provisional"
    active = request.GET.get("period") != "all"
    board = boards.leaderboard(
        viewer=request.user,
        provisional=provisional,
        active=active,
        page=request.GET.get("page", 1),
    )
    return render(
        request,
        "games/leaderboard.html",
        {
            "board": board,
            "query": f"list={'provisional' if provisional else 'established'}"
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
    page = boards.player_page(
        username=username,
        viewer=request.user,
        result=request.GET.get("result", ""),
        seats=seats,
        page=request.GET.get("page", 1),
    )
    return render(
        request,
        "games/player.html",
        {
            "p": page,
            "results": RESULTS,
            "seat_counts": range(Game.MIN_SEATS, Game.MAX_SEATS + 1),
            "query": f"result={page.result}&seats={page.seats or ''}",
            "provisional_games": PROVISIONAL_GAMES,
        },
    )
