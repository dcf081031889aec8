"""The game pages: thin doors that call services to write and selectors to read.

Without JavaScript every action is a plain form post that redirects back to
the table. With htmx (HX-Request) an action answers with the table partial.
A refused action answers with the fresh table, the reason in #prompt and the
error's status (400, 403, 409), htmx or not. Whoever may not see the table (a
game by invitation they do not play in) gets the same 404 as for a missing id,
from every door, so ids tell nothing about private games.
"""

import functools
import secrets

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from accounts.adapter import PENDING_INVITE
from accounts.services import time_zone_default
from games import selectors, services
from games.chat import selectors as chat_selectors
from games.chat.services import invitation_check
from games.errors import (
    BadInvite,
    BadMove,
    BadSettings,
    BotAccountWebMove,
    GameError,
    NotAPlayer,
)
from games.forms import ChargePayForm, GameCreateForm, MoveForm
from games.models import Game, Rematch
from games.notifications.inbox import game_lines_read
from games.notifications.presence import table_seen
from games.pushed import CSRF_MARK, with_token
from games.rematch import services as rematches
from games.social import selectors as social_selectors

TABLE = "games/table.html"
# How often a visible table asks whether it changed, beside the WebSocket.
# Without Redis the in-memory channel layer cannot carry the worker's bot moves
# to this process, so only the poll brings them: ask often. With Redis every
# change comes over the socket (and a socket that connects is told the
# version): the poll is a backstop, as the chat's (static/games/chat.js).
# Every 8 s it was about a tenth of a busy site's requests (docs/load.md,
# "Concurrent capacity").
POLL_MS_WITH_REDIS = 30000
POLL_MS_IN_MEMORY = 2000


def poll_ms() -> int:
    return POLL_MS_WITH_REDIS if settings.REDIS_URL else POLL_MS_IN_MEMORY


def _table_response(
    request,
    game_id: int,
    *,
    error: GameError | None = None,
    invited: bool = False,
    chat_error: GameError | None = None,
    chat_text: str = "",
    game: Game | None = None,
    notice: str = "",
):
    """The table as this user may see it; the partial for htmx requests.

    Someone who may not see it hears "There is no such game." whatever they
    asked; only an `invited` user (holding the link) hears why joining failed.
    The chat is in the page, not in the partial: an htmx swap of the table
    keeps the chat the browser has (static/games/chat.js), and the chat
    updates on its own (games.chat.views). A `game` the caller holds with its
    seats (a move's service returns it) is shown as it is, with no query for it.
    """
    refusal = error or chat_error
    status = refusal.status if refusal else 200
    try:
        if game is not None:
            game, seat = selectors.viewer_seat(game=game, user=request.user)
        else:
            game, seat = selectors.game_for_viewer(game_id=game_id, user=request.user)
    except GameError as refused:
        return error_page(request, error if invited and error else refused)
    context = selectors.table_context(game=game, seat=seat)
    context["error"] = error.message if error else ""
    context["notice"] = notice
    context["poll_ms"] = poll_ms()
    if not request.htmx and chat_selectors.is_open(game):
        context.update(chat_selectors.chat_context(game=game, user=request.user))
        context["chat_shown"] = True
        context["chat_error"] = chat_error.message if chat_error else ""
        context["chat_text"] = chat_text
    template = f"{TABLE}#table" if request.htmx else TABLE
    # The forms' token is a mark while the table renders, as a pushed table's
    # is: the fragments kept with it (the player's own seat and hand) serve
    # every request, whatever its token.
    context["csrf_token"] = CSRF_MARK
    response = render(request, template, context, status=status)
    response.content = with_token(response.content.decode(), get_token(request))
    return response


def table_refused_chat(request, game_id: int, *, error: GameError, text: str):
    """A chat message refused without JavaScript: the table page, the reason
    beside the chat, the text kept, the refusal's status."""
    if error.status == 404:
        return error_page(request, error)
    return _table_response(request, game_id, chat_error=error, chat_text=text)


def error_page(request, error: GameError):
    return render(
        request, "games/error.html", {"message": error.message}, status=error.status
    )


def _act(
    request,
    game_id: int,
    action,
    *,
    success: str = "",
    invited: bool = False,
    shows_result: bool = False,
    told: bool = False,
):
    """Run a service; on success redirect (or the partial for htmx).

    With `shows_result` the service returns the game it changed, seats and
    state in hand (a move's), and the partial shows that: no query to read
    them again. With `told` the partial says `success` in the prompt too (a
    setting saved, which changes nothing on the table to show it).
    """
    try:
        result = action()
    except GameError as error:
        return _table_response(request, game_id, error=error, invited=invited)
    if request.htmx:
        return _table_response(
            request,
            game_id,
            game=result if shows_result else None,
            notice=success if told else "",
        )
    if success:
        messages.success(request, success)
    return redirect("games:table", pk=game_id)


# The create form's one-time tokens a session remembers, with the table each made.
CREATED_TABLES = "created_tables"
CREATED_TABLES_KEPT = 20


@login_required
@require_GET
def lobby(request):
    form = GameCreateForm(initial={"once": secrets.token_urlsafe(16)})
    return render(
        request,
        "games/lobby.html",
        {"games": selectors.lobby_games(), "form": form},
    )


def _created_by_form(request, token: str) -> int | None:
    """The table this form (its one-time token) already made, if any."""
    return (request.session.get(CREATED_TABLES) or {}).get(token) if token else None


def _remember_form(request, token: str, game_id: int) -> None:
    if not token:
        return
    made = dict(request.session.get(CREATED_TABLES) or {})
    made[token] = game_id
    request.session[CREATED_TABLES] = dict(list(made.items())[-CREATED_TABLES_KEPT:])


@login_required
@require_GET
def mine(request):
    context = selectors.my_games(user=request.user)
    # The challenges to answer and those sent, still open (games.social).
    challenges = social_selectors.challenges_of(user=request.user, now=timezone.now())
    context["received"] = challenges["received"]
    context["sent"] = challenges["sent"]
    return render(request, "games/mine.html", context)


@login_required
@require_POST
def create(request):
    form = GameCreateForm(request.POST)
    made = _created_by_form(request, request.POST.get("once", ""))
    if made is not None:
        messages.info(request, "This form already made a table: here it is.")
        return redirect("games:table", pk=made)
    if form.is_valid():
        try:
            game = services.game_create(
                creator=request.user,
                seat_count=form.cleaned_data["seat_count"],
                seconds_per_decision=form.cleaned_data["seconds_per_decision"],
                options=form.options(),
                public=form.cleaned_data["public"],
                rated=form.cleaned_data["rated"],
                bot=form.cleaned_data["bot"],
                leaver_bot=form.cleaned_data["leaver_bot"],
                bots_now=form.cleaned_data["bots_now"],
                kind=form.cleaned_data["kind"],
            )
        except GameError as error:
            form.add_error(None, error.message)
        else:
            _remember_form(request, form.cleaned_data["once"], game.pk)
            time_zone_default(user=request.user, name=form.cleaned_data["time_zone"])
            return redirect(game)
    return render(
        request,
        "games/lobby.html",
        {"games": selectors.lobby_games(), "form": form},
        status=400,
    )


@login_required
def table(request, pk: int):
    table_seen(game_id=pk, user=request.user)
    if not request.htmx:
        # The table's lines in the inbox are read (a live table's bell reads
        # them when it refreshes: games.social.views.bell).
        game_lines_read(user=request.user, game_id=pk, now=timezone.now())
    return _table_response(request, pk)


@login_required
@require_GET
def version(request, pk: int):
    """The table's version: 204 when it is still `since`, else {"version": N}."""
    try:
        current = selectors.version_for_viewer(game_id=pk, user=request.user)
    except GameError as error:
        return JsonResponse({"error": error.message}, status=error.status)
    table_seen(game_id=pk, user=request.user)
    if request.GET.get("since") == str(current):
        return HttpResponse(status=204)
    return JsonResponse({"version": current})


@login_required
@require_GET
def history(request, pk: int):
    try:
        game, seat = selectors.game_for_viewer(game_id=pk, user=request.user)
    except GameError as error:
        return error_page(request, error)
    viewer = seat.position if seat is not None else None
    lines = selectors.history_lines(game=game, viewer=viewer, limit=None, marked=True)
    return render(request, "games/history.html", {"game": game, "lines": lines})


def join(request, token: str):
    """An invitation link: shows the game; joining is a POST.

    A signed-out visitor is sent to sign in, and the token kept in the
    session: after signing up and confirming the email, the account adapter
    brings them back here.
    """
    if not request.user.is_authenticated:
        request.session[PENDING_INVITE] = token
        return redirect_to_login(request.get_full_path())
    request.session.pop(PENDING_INVITE, None)
    game = selectors.invited_game(token=token)
    if game is None:
        return error_page(request, BadInvite())
    if game.seat_for(request.user) is not None:
        return redirect(game)
    if request.method == "POST":
        return _act(
            request,
            game.pk,
            lambda: services.game_join(game_id=game.pk, user=request.user, token=token),
            success="You have a seat at the table.",
            invited=True,
        )
    try:
        invitation_check(inviter=game.created_by, invitee=request.user)
    except GameError as refused:
        refusal = refused.message
    else:
        refusal = ""
    return render(
        request,
        "games/join.html",
        {
            "game": game,
            "token": token,
            "refusal": refusal,
            "option_labels": selectors.option_labels(game),
        },
    )


@login_required
@require_POST
def join_public(request, pk: int):
    return _act(
        request,
        pk,
        lambda: services.game_join(game_id=pk, user=request.user),
        success="You have a seat at the table.",
    )


@login_required
@require_POST
def leave(request, pk: int):
    try:
        game = services.game_leave(game_id=pk, user=request.user)
    except GameError as error:
        return _table_response(request, pk, error=error)
    cancelled = game.status == Game.Status.ABANDONED
    messages.success(
        request, "You cancelled the table." if cancelled else "You left the table."
    )
    return go_to(request, reverse("games:lobby"))


def go_to(request, url: str):
    """Send the browser to another page: htmx by HX-Redirect, else a redirect."""
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return redirect(url)


@login_required
@require_POST
def add_bots(request, pk: int):
    return _act(
        request,
        pk,
        lambda: services.game_add_bots(
            game_id=pk,
            user=request.user,
            bot=request.POST.get("bot") or None,
        ),
    )


@login_required
@require_POST
def start(request, pk: int):
    return _act(
        request,
        pk,
        lambda: services.game_start(game_id=pk, user=request.user),
        success="The cards are dealt.",
    )


def by_a_person(view):
    """A table's move door: a bot account's move is refused (403, the table
    and why): it plays through the Bot API only (docs/bot-api.md)."""

    @functools.wraps(view)
    def door(request, pk: int, *args, **kwargs):
        if request.user.is_bot:
            return _table_response(request, pk, error=BotAccountWebMove())
        return view(request, pk, *args, **kwargs)

    return door


@login_required
@require_POST
@by_a_person
def move(request, pk: int):
    form = MoveForm(request.POST)
    if not form.is_valid():
        refusal = _not_understood(request, pk, form.refusal())
        return _table_response(request, pk, error=refusal)
    # The service refuses a move naming another seat than the player's.
    return _act(
        request,
        pk,
        lambda: services.move_submit(
            game_id=pk,
            user=request.user,
            move=form.cleaned_data["move"],
            version=form.cleaned_data["version"],
        ),
        shows_result=True,
    )


@login_required
@require_POST
@by_a_person
def play(request, pk: int):
    """A move posted by a table's own forms, read by the game's kind."""
    return _act(
        request,
        pk,
        lambda: services.move_post(
            game_id=pk,
            user=request.user,
            data=request.POST,
            version=request.POST.get("version"),
        ),
        shows_result=True,
    )


@login_required
@require_POST
@by_a_person
def charge_pay(request, pk: int):
    """Answer a charge in one step: accept it and pay with the ticked cards."""
    form = ChargePayForm(request.POST)
    if not form.is_valid():
        refusal = _not_understood(request, pk, BadMove.default_message)
        return _table_response(request, pk, error=refusal)
    return _act(
        request,
        pk,
        lambda: services.charge_accept_and_pay(
            game_id=pk,
            user=request.user,
            cards=form.cleaned_data["cards"],
            version=form.cleaned_data["version"],
        ),
        shows_result=True,
    )


# A standing-answer choice as posted: follow the profile, on, or off.
STANDING_CHOICES = {"": None, "on": True, "off": False}


@login_required
@require_POST
def standing(request, pk: int):
    """This game's standing answers for the player's seat."""
    accept = request.POST.get("accept_charges", "")
    pay = request.POST.get("pay_suggested", "")
    if accept not in STANDING_CHOICES or pay not in STANDING_CHOICES:
        return _table_response(request, pk, error=BadSettings())
    return _act(
        request,
        pk,
        lambda: services.seat_standing_set(
            game_id=pk,
            user=request.user,
            accept_charges=STANDING_CHOICES[accept],
            pay_suggested=STANDING_CHOICES[pay],
        ),
        success="Your standing answers for this game are saved.",
        told=True,
    )


def _not_understood(request, pk: int, message: str) -> GameError:
    """Forged form data: 400 for a player, 403 for a spectator, else 404."""
    try:
        _game, seat = selectors.game_for_viewer(game_id=pk, user=request.user)
    except GameError as error:
        return error
    if seat is None:
        return NotAPlayer()
    return BadMove(message)


@login_required
@require_POST
def resign(request, pk: int):
    return _act(
        request,
        pk,
        lambda: services.game_resign(game_id=pk, user=request.user),
        success="You resigned. The game goes on without you.",
        shows_result=True,
    )


@login_required
@require_POST
def rematch(request, pk: int):
    """ "Rematch" on a finished table: offer to play it again (or join the offer)."""
    return _rematch_act(
        request,
        pk,
        lambda: rematches.rematch_offer(
            game_id=pk, user=request.user, seen=_posted_id(request, "seen")
        ),
        success="You asked for a rematch. The others are asked to accept.",
    )


# A rematch answer as posted: accept, or decline (and call it off).
REMATCH_ANSWERS = {"accept": True, "decline": False}


@login_required
@require_POST
def rematch_answer(request, pk: int):
    answer = REMATCH_ANSWERS.get(request.POST.get("answer", ""))
    if answer is None:
        refusal = _not_understood(request, pk, "Answer the rematch: accept or decline.")
        return _table_response(request, pk, error=refusal)
    return _rematch_act(
        request,
        pk,
        lambda: rematches.rematch_answer(
            game_id=pk,
            rematch_id=_posted_id(request, "rematch"),
            user=request.user,
            accept=answer,
        ),
        success="You accepted the rematch." if answer else "You declined the rematch.",
    )


def _rematch_act(request, pk: int, action, *, success: str):
    """Run a rematch service; once the new game has started, go to it."""
    try:
        offer = action()
    except GameError as error:
        return _table_response(request, pk, error=error)
    if offer.status != Rematch.Status.STARTED:
        if not request.htmx:
            messages.success(request, success)
            return redirect("games:table", pk=pk)
        return _table_response(request, pk)
    new = selectors.rematch_game_id(game_id=pk)
    messages.success(request, "Everyone accepted: the rematch has started.")
    return go_to(request, reverse("games:table", args=[new]))


def _posted_id(request, name: str) -> int | None:
    """A posted row id; None when empty or not a number."""
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        return None
