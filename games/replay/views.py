"""The replay page and the JSON export: read-only doors beside the table's.

Both ask `selectors.game_for_viewer` who may look, so a private game answers
outsiders 404 exactly as a missing id does. Without JavaScript the replay's
buttons are plain links and its slider a GET form; with htmx they swap
`#replay` (the controls and the table) and push the step's URL.
"""

from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games import selectors
from games.errors import GameError
from games.replay.export import game_export
from games.replay.steps import replay_context

REPLAY = "games/replay.html"


def _error_page(request, error: GameError):
    return render(
        request, "games/error.html", {"message": error.message}, status=error.status
    )


@login_required
@require_GET
def replay(request, pk: int):
    try:
        game, seat = selectors.game_for_viewer(game_id=pk, user=request.user)
        context = replay_context(
            game=game,
            seat=seat,
            step=request.GET.get("step"),
            asked_seat=request.GET.get("seat"),
        )
    except GameError as error:
        return _error_page(request, error)
    partial = request.htmx and not request.htmx.history_restore_request
    response = render(request, f"{REPLAY}#replay" if partial else REPLAY, context)
    response["Vary"] = "HX-Request"
    return response


@login_required
@require_GET
def export(request, pk: int):
    try:
        game, seat = selectors.game_for_viewer(game_id=pk, user=request.user)
    except GameError as error:
        return JsonResponse({"error": error.message}, status=error.status)
    record = game_export(game=game, seat=seat)
    response = JsonResponse(record)
    response["Content-Disposition"] = f'attachment; filename="mdeal-game-{pk}.json"'
    if not game.is_over:
        response["Cache-Control"] = "private, no-store"
    return response
