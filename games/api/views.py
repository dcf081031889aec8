"""The Bot API's endpoints (JSON; streams as NDJSON, one JSON object a line).

Every answer is read from what the table reads (`selectors.game_for_viewer`,
the engine's `view` for the caller's seat) and every move goes through
`services.move_submit`: the same redaction, refusals and write path as a
player's browser. Refusals: {"error": sentence} with 400, 401, 403, 404, 409
or 429. docs/bot-api.md and /api/v1/openapi.json describe them.
"""

import asyncio
import json
import time

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse, StreamingHttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from accounts.services import bot_account_make
from games import selectors, services
from games.api.answers import NOT_JSON, answer, refused
from games.api.auth import ApiRefusal, token_for
from games.api.challenges.payloads import challenge_events
from games.api.models import Scope
from games.api.schema import SCHEMA
from games.chat.services import message_post
from games.errors import GameError
from games.models import Game
from mdeal_site.db import off_loop

# How often a stream looks at the game (seconds), and how long it lasts before
# the client reconnects with the last version it saw.
STREAM_POLL = 1.0
STREAM_SECONDS = 600
# A stream's reads run on worker threads (`off_loop`), each giving its
# connection back: a stream lives long, and must not hold the request's
# thread (where the next request of the same server would run) while it waits.


def payload(game: Game, seat) -> dict:
    """The game as the caller's seat sees it (a spectator: no seat)."""
    state = game.state()
    position = seat.position if seat is not None else None
    engine = game.engine
    view = engine.view(state, position) if state is not None else None
    legal = []
    if (
        position is not None
        and game.status == Game.Status.ACTIVE
        and any(a.seat == position for a in engine.awaiting(state))
    ):
        legal = [engine.to_json(m) for m in engine.legal_moves(state, position)]
    return {
        "id": game.pk,
        "kind": game.kind,
        "status": game.status,
        "version": game.version,
        "seat": position,
        "view": view,
        "legal_moves": legal,
    }


def _seen(game_id: int, user) -> dict:
    game, seat = selectors.game_for_viewer(game_id=game_id, user=user)
    return payload(game, seat)


@require_GET
def openapi(request):
    return JsonResponse(SCHEMA)


@require_GET
def account(request):
    try:
        token, headers = token_for(request, Scope.READ)
    except ApiRefusal as error:
        return refused(error)
    user = token.user
    return answer(
        {
            "username": user.username,
            "name": user.name,
            "bot": user.is_bot,
            "scopes": token.scopes,
        },
        headers=headers,
    )


@csrf_exempt
@require_POST
def bot_upgrade(request):
    """Make the token's account a bot account, for good (scope `play`)."""
    try:
        token, headers = token_for(request, Scope.PLAY)
        bot_account_make(user=token.user)
    except (ApiRefusal, GameError) as error:
        return refused(error)
    return answer({"username": token.user.username, "bot": True}, 200, headers)


@login_required
@require_POST
def bot_upgrade_page(request):
    """The tokens page's button: the same upgrade, for the signed-in account
    (the page asks to tick that it is for good)."""
    if request.POST.get("for_good") != "yes":
        messages.error(request, "Tick that you understand it is for good.")
        return redirect("api:tokens")
    try:
        bot_account_make(user=request.user)
    except GameError as error:
        messages.error(request, error.message)
        return redirect("api:tokens")
    messages.success(request, "This is a bot account now: it plays through the API.")
    return redirect("api:tokens")


@require_GET
def game(request, game_id: int):
    try:
        token, headers = token_for(request, Scope.READ)
        return answer(_seen(game_id, token.user), headers=headers)
    except ApiRefusal as error:
        return refused(error)
    except GameError as error:
        return refused(error, headers)


@csrf_exempt
@require_POST
def move(request, game_id: int):
    try:
        token, headers = token_for(request, Scope.PLAY)
    except ApiRefusal as error:
        return refused(error)
    try:
        body = json.loads(request.body or b"null")
    except (ValueError, RecursionError):
        return answer({"error": NOT_JSON}, 400, headers)
    if (
        not isinstance(body, dict)
        or not isinstance(body.get("move"), dict)
        or type(body.get("version")) is not int
    ):
        return answer(
            {"error": 'Send {"move": {...the engine\'s JSON...}, "version": N}.'},
            400,
            headers,
        )
    try:
        # A game by invitation does not exist for someone not at it (as GET).
        selectors.game_for_viewer(game_id=game_id, user=token.user)
        played = services.move_submit(
            game_id=game_id,
            user=token.user,
            move=body["move"],
            version=body["version"],
        )
    except GameError as error:
        return refused(error, headers)
    return answer({"version": played.version, "status": played.status}, 200, headers)


@require_GET
def game_stream(request, game_id: int):
    """NDJSON: the game as the caller's seat sees it now (unless `?version=`
    is already the latest) and again at each new version, until the game
    ends or the stream's time is up (reconnect with the last version)."""
    try:
        token, headers = token_for(request, Scope.READ)
        first = _seen(game_id, token.user)
    except ApiRefusal as error:
        return refused(error)
    except GameError as error:
        return refused(error, headers)
    since = _version(request.GET.get("version"))
    user = token.user
    poll = getattr(settings, "API_STREAM_POLL", STREAM_POLL)
    seconds = getattr(settings, "API_STREAM_SECONDS", STREAM_SECONDS)

    async def lines():
        seen, last = first, since
        until = time.monotonic() + seconds
        while True:
            if seen["version"] != last:
                last = seen["version"]
                yield json.dumps(seen) + "\n"
            if seen["status"] in (Game.Status.FINISHED, Game.Status.ABANDONED):
                return  # the last version was just told
            if time.monotonic() >= until:
                return
            await asyncio.sleep(poll)
            try:
                seen = await off_loop(_seen)(game_id, user)
            except Exception:  # the database away: try again at the next poll
                continue

    return _stream(lines(), headers)


@require_GET
def event_stream(request):
    """NDJSON: the caller's games whose move is theirs now, and each change:
    {"type": "move_due", "game": id, "version": v} when a game starts to wait
    for them, {"type": "game_over", "game": id} when one of theirs ends; and
    their challenges (games.api.challenges.payloads.challenge_events)."""
    try:
        token, headers = token_for(request, Scope.READ)
    except ApiRefusal as error:
        return refused(error)
    user = token.user
    poll = getattr(settings, "API_STREAM_POLL", STREAM_POLL)
    seconds = getattr(settings, "API_STREAM_SECONDS", STREAM_SECONDS)

    async def lines():
        told: dict[int, tuple] = {}
        challenges: dict[int, str] = {}
        since = timezone.now()
        until = time.monotonic() + seconds
        while True:
            try:
                events, challenges = await off_loop(_challenges_now)(
                    user, challenges, since
                )
            except Exception:  # the database away: try again at the next poll
                events = []
            for event in events:
                yield json.dumps(event) + "\n"
            try:
                now = await off_loop(_my_tables)(user)
            except Exception:  # the database away: try again at the next poll
                now = None
            if now is not None:
                for game_id, (status, version, due) in now.items():
                    if told.get(game_id) == (status, version, due):
                        continue
                    if status == Game.Status.ACTIVE and due:
                        yield _line("move_due", game_id, version)
                    elif status == Game.Status.FINISHED and game_id in told:
                        yield _line("game_over", game_id, version)
                told = now
            if time.monotonic() >= until:
                return
            await asyncio.sleep(poll)

    return _stream(lines(), headers)


def _challenges_now(user, told: dict[int, str], since):
    return challenge_events(user=user, told=told, since=since, now=timezone.now())


def _line(kind: str, game_id: int, version: int) -> str:
    return json.dumps({"type": kind, "game": game_id, "version": version}) + "\n"


def _my_tables(user) -> dict[int, tuple]:
    """Each active or just finished game of the user's: (status, version,
    whether the user's seat owes a decision)."""
    rows = (
        Game.objects.filter(
            seats__user=user,
            status__in=[Game.Status.ACTIVE, Game.Status.FINISHED],
        )
        .order_by("-pk")
        .values_list("pk", "status", "version", "deadlines", "seats__position")[:200]
    )
    return {
        pk: (status, version, str(position) in (deadlines or {}))
        for pk, status, version, deadlines, position in rows
    }


def _stream(lines, headers) -> StreamingHttpResponse:
    response = StreamingHttpResponse(lines, content_type="application/x-ndjson")
    response["Cache-Control"] = "no-store"
    for name, value in headers.items():
        response[name] = value
    return response


def _version(raw) -> int | None:
    try:
        return int(raw)
    except (TypeError, ValueError):
        return None


@csrf_exempt
@require_POST
def chat(request, game_id: int):
    """Say something in the players' room of a game the caller plays."""
    try:
        token, headers = token_for(request, Scope.PLAY)
    except ApiRefusal as error:
        return refused(error)
    try:
        body = json.loads(request.body or b"null")
    except (ValueError, RecursionError):
        body = None
    if not isinstance(body, dict) or not isinstance(body.get("text"), str):
        return answer({"error": 'Send {"text": "..."}.'}, 400, headers)
    try:
        message = message_post(
            game_id=game_id, user=token.user, room="players", text=body["text"]
        )
    except GameError as error:
        return refused(error, headers)
    return answer({"id": message.pk}, 201, headers)
