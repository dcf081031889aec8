"""The chat's doors: read, write, report, mute. Thin, around chat.services.

With htmx, reading with `after=N` answers only the messages newer than N
(204 when there are none), writing answers the new messages to append and
the note under the log (out of band), and a refusal answers that note with
its status (400, 403, 404, 409, 429). Without JavaScript the forms post and
redirect back to the table (POST-redirect-GET); a refused message comes back
as the table page with the reason beside the chat and the text kept.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from games.chat import selectors, services
from games.errors import GameError, GameNotFound

CHAT = "games/chat.html"


def _after(request) -> int | None:
    raw = request.POST.get("after") if request.method == "POST" else None
    raw = raw if raw is not None else request.GET.get("after")
    try:
        after = int(raw)
    except (TypeError, ValueError):
        return None
    return after if after >= 0 else None


def _table_url(pk: int) -> str:
    return reverse("games:table", args=[pk]) + "#chat"


def _note(request, error: GameError):
    """The refusal as the note under the log (htmx), with its status."""
    return render(
        request,
        f"{CHAT}#note",
        {"chat_error": error.message, "oob": True},
        status=error.status,
    )


def _refused(request, pk: int | None, error: GameError, *, text: str = ""):
    """The refusal with its status: the note under the log for htmx, else the
    table page with the reason beside the chat (and the text kept)."""
    if request.htmx or pk is None:
        return _note(request, error)
    from games.views import table_refused_chat

    return table_refused_chat(request, pk, error=error, text=text)


def _context(request, pk: int, **kwargs) -> dict:
    game = selectors.game_for_chat(game_id=pk, user=request.user)
    return selectors.chat_context(game=game, user=request.user, **kwargs)


@login_required
@require_GET
def chat(request, pk: int):
    """The chat: new messages (htmx, `after`), the region (htmx), or a page."""
    after = _after(request)
    try:
        if request.htmx and after is not None:
            context = _context(request, pk, after=after)
            if not context["chat_messages"]:
                return HttpResponse(status=204)
            return render(request, f"{CHAT}#items", context)
        if request.htmx:
            return render(request, f"{CHAT}#chat", _context(request, pk))
        context = _context(request, pk, limit=None)
    except GameError as error:
        if request.htmx:
            return _note(request, error)
        return _error_page(request, error)
    return render(request, CHAT, {**context, "chat_page": True})


@login_required
@require_POST
def post(request, pk: int):
    text = request.POST.get("text", "")
    try:
        services.message_post(
            game_id=pk, user=request.user, room=request.POST.get("room", ""), text=text
        )
    except GameError as error:
        return _refused(request, pk, error, text=text)
    if request.htmx:
        context = _context(request, pk, after=_after(request))
        return render(request, f"{CHAT}#posted", {**context, "oob": True})
    return redirect(_table_url(pk))


@login_required
@require_POST
def report(request, pk: int, message_id: int):
    try:
        _report, new = services.message_report(
            game_id=pk,
            message_id=message_id,
            user=request.user,
            reason=request.POST.get("reason", ""),
        )
    except GameError as error:
        return _refused(request, pk, error)
    thanks = (
        "Thank you: the moderators will look at this message."
        if new
        else "You reported this message already: the moderators will look at it."
    )
    if request.htmx:
        context = _context(request, pk)
        return render(
            request,
            f"{CHAT}#message",
            {**context, "message": _report.message, "reported": thanks},
        )
    messages.success(request, thanks)
    return redirect(_table_url(pk))


@login_required
@require_POST
def mute(request):
    """Mute a user everywhere; back to the game's chat (or the profile)."""
    try:
        game_id = _game_id(request)
    except GameError as error:
        if request.htmx:
            return _note(request, error)
        return _error_page(request, error)
    try:
        muted = services.user_mute(user=request.user, muted_id=request.POST.get("user"))
    except GameError as error:
        if game_id or request.htmx:
            return _refused(request, game_id, error)
        messages.error(request, error.message)
        return redirect("profile")
    notice = (
        f"You muted {muted.name}: you will not see their messages anywhere, and "
        "their invitations are refused. Unmute them on your profile."
    )
    if request.htmx and game_id:
        try:
            context = _context(request, game_id)
        except GameError:
            return HttpResponse(status=204)
        return render(request, f"{CHAT}#chat", {**context, "chat_notice": notice})
    messages.success(request, notice)
    return redirect(_table_url(game_id) if game_id else "profile")


@login_required
@require_POST
def unmute(request):
    try:
        muted = services.user_unmute(
            user=request.user, muted_id=request.POST.get("user")
        )
    except GameError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, f"You see {muted.name}'s messages again.")
    return redirect(reverse("profile") + "#muted")


def _game_id(request) -> int | None:
    """The game whose chat the form was sent from; None from the profile.
    Anything else than a game's number is refused before anything changes."""
    raw = request.POST.get("game", "")
    if raw == "":
        return None
    try:
        game_id = int(raw)
    except ValueError:
        game_id = 0
    if game_id < 1:
        raise GameNotFound()
    return game_id


def _error_page(request, error: GameError):
    return render(
        request, "games/error.html", {"message": error.message}, status=error.status
    )
