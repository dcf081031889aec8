"""The review page, beside the replay: the same door and the same rule of who
may look (`selectors.game_for_viewer`: a private game's outsiders get the 404
of a missing id). While the review is being prepared the page says so, and
htmx asks again for its region every few seconds."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games import selectors
from games.errors import GameError
from games.reviews.pages import review_context

REVIEW = "games/review.html"


@login_required
@require_GET
def review(request, pk: int):
    try:
        game, seat = selectors.game_for_viewer(game_id=pk, user=request.user)
        context = review_context(game=game, seat=seat)
    except GameError as error:
        return render(
            request, "games/error.html", {"message": error.message}, status=error.status
        )
    partial = request.htmx and not request.htmx.history_restore_request
    response = render(request, f"{REVIEW}#review" if partial else REVIEW, context)
    response["Vary"] = "HX-Request"
    return response
