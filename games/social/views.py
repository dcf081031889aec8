"""The friends, challenge and inbox pages: thin doors onto games.social's
services and selectors and the inbox (games.notifications.inbox).

Every action is a plain form post that redirects back (POST-redirect-GET);
with htmx, a challenge answered by its last acceptance sends the browser to
the new table (HX-Redirect). A refused action answers with the page it came
from, the reason on it, and the refusal's status (400, 403, 404, 409, 429):
nothing is written then.
"""

import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.urls import Resolver404, resolve, reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST

from games.errors import GameError
from games.notifications import inbox
from games.notifications.models import InboxItem
from games.social import selectors, services
from games.social.errors import (
    BadPreset,
    ChallengeNotFound,
    NoSuchLine,
    NoSuchPlayer,
)
from games.social.forms import AnswerForm, ChallengeForm, FindForm, SettingsForm
from games.social.models import Challenge, Invitee, Preset
from games.views import error_page, go_to

FRIENDS = "social/friends.html"
CHALLENGES = "social/challenges.html"
CHALLENGE = "social/challenge.html"
NEW = "social/challenge_new.html"
INBOX = "social/inbox.html"
INBOX_PAGE = 50


def _back(request, fallback: str) -> str:
    """Where a posted form asks to go back to (`next`), if it is a path of this
    site's: a bare word ("ada") is no path, and `redirect` would read it as
    the name of a view."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    if wanted.startswith("/") and url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    return fallback


# -- friends -----------------------------------------------------------------


@login_required
@require_GET
def friends(request):
    return _friends_page(request)


def _friends_page(request, *, error: GameError | None = None, find=None):
    context = selectors.friends_page(user=request.user, now=timezone.now())
    context["settings_form"] = SettingsForm(
        initial={
            "challenges_from": context["challenges_from"],
            "bot_challenges": context["bot_challenges"],
        }
    )
    context["find_form"] = find or FindForm()
    context["error"] = error.message if error else ""
    return render(
        request, FRIENDS, context, status=error.status if error is not None else 200
    )


@login_required
@require_GET
def find(request):
    """ "Find a player": their page, if the name is a player's."""
    form = FindForm(request.GET)
    if form.is_valid():
        name = form.cleaned_data["username"].strip().lstrip("@")
        found = selectors.users_named([name]).get(name)
        if found is not None:
            return redirect("players:player", username=found.username)
        error = NoSuchPlayer(f"There is no player called “{name[:40]}”.")
    else:
        error = NoSuchPlayer("Type a player's username.")
    return _friends_page(request, error=error, find=form)


@login_required
@require_POST
def settings(request):
    form = SettingsForm(request.POST)
    if not form.is_valid():
        return _friends_page(request, error=GameError("Choose who may challenge you."))
    services.challenges_from_set(
        user=request.user,
        choice=form.cleaned_data["challenges_from"],
        bot_challenges=form.cleaned_data["bot_challenges"],
    )
    messages.success(request, "Saved: who may challenge you.")
    return redirect("social:friends")


def _relation(request, username: str, action, done: str):
    """Follow, unfollow, block or unblock; back where the form came from."""
    try:
        other = action(user=request.user, username=username)
    except GameError as error:
        if request.POST.get("from") == "friends":
            return _friends_page(
                request, error=error, find=FindForm(initial={"username": username})
            )
        return error_page(request, error)
    messages.success(request, done.format(name=other.name))
    return redirect(_back(request, reverse("players:player", args=[username])))


@login_required
@require_POST
def follow(request, username: str):
    return _relation(request, username, services.follow, "You follow {name}.")


@login_required
@require_POST
def unfollow(request, username: str):
    return _relation(
        request, username, services.unfollow, "You no longer follow {name}."
    )


@login_required
@require_POST
def block(request, username: str):
    return _relation(
        request,
        username,
        services.block,
        "You blocked {name}: they cannot follow you, challenge you, join your "
        "tables or offer you a rematch.",
    )


@login_required
@require_POST
def unblock(request, username: str):
    return _relation(request, username, services.unblock, "You unblocked {name}.")


# -- challenges --------------------------------------------------------------


@login_required
@require_GET
def challenges(request):
    context = selectors.challenges_of(user=request.user, now=timezone.now())
    context["presets"] = selectors.presets_of(request.user)
    return render(request, CHALLENGES, context)


@login_required
def challenge_new(request):
    """The challenge form: GET with `?to=` names filled in, POST to send it."""
    if request.method != "POST":
        preset = _preset(request.user, request.GET.get("preset"))
        initial = {**(preset.data if preset is not None else {})}
        initial["to"] = request.GET.get("to", "")[:300]
        initial["once"] = secrets.token_urlsafe(16)
        return _new_page(request, ChallengeForm(initial=initial))
    form = ChallengeForm(request.POST)
    return _challenge_send(request, form, save_as=request.POST.get("save_as", ""))


@login_required
@require_POST
def challenge_preset(request):
    """One click: challenge `to` with the preset's settings, read by the
    challenge form as if posted."""
    preset = _preset(request.user, request.POST.get("preset"))
    if preset is None:
        return error_page(request, BadPreset("There is no such preset."))
    form = ChallengeForm({**preset.data, "to": request.POST.get("to", "")})
    return _challenge_send(request, form)


def _preset(user, preset_id) -> Preset | None:
    try:
        preset_id = int(preset_id)
    except (TypeError, ValueError):
        return None
    if not 0 < preset_id < 2**63:
        return None
    return Preset.objects.filter(user=user, pk=preset_id).first()


# The challenge form's one-time tokens a session remembers, with what each made.
CHALLENGES_MADE = "challenges_made"
CHALLENGES_MADE_KEPT = 20


def _challenge_send(request, form: ChallengeForm, *, save_as: str = ""):
    once = str(request.POST.get("once", ""))[:64]
    made = (request.session.get(CHALLENGES_MADE) or {}).get(once) if once else None
    if made is not None:
        messages.info(request, "This form already sent a challenge: here it is.")
        return redirect("social:challenge", pk=made)
    if not form.is_valid():
        return _new_page(request, form, status=400)
    try:
        challenge = services.challenge_create(
            challenger=request.user, **form.settings()
        )
    except GameError as error:
        form.add_error(None, error.message)
        return _new_page(request, form, status=error.status)
    if save_as.strip():
        try:
            services.preset_save(
                user=request.user, name=save_as, data=form.preset_data()
            )
        except GameError as error:
            messages.warning(request, error.message)
    if once:
        kept = dict(request.session.get(CHALLENGES_MADE) or {})
        kept[once] = challenge.pk
        request.session[CHALLENGES_MADE] = dict(
            list(kept.items())[-CHALLENGES_MADE_KEPT:]
        )
    names = [i.user.name for i in challenge.invitees.select_related("user")]
    messages.success(request, f"You challenged {', '.join(names)}.")
    return redirect(challenge)


def _new_page(request, form: ChallengeForm, *, status: int = 200):
    return render(
        request,
        NEW,
        {"form": form, "presets": selectors.presets_of(request.user)},
        status=status,
    )


@login_required
@require_POST
def preset_delete(request, pk: int):
    try:
        services.preset_delete(user=request.user, preset_id=pk)
    except GameError as error:
        return error_page(request, error)
    messages.success(request, "The preset is deleted.")
    return redirect(_back(request, reverse("social:challenges")))


@login_required
@require_GET
def challenge(request, pk: int):
    return _challenge_page(request, pk)


def _challenge_page(request, pk: int, *, error: GameError | None = None):
    try:
        found = selectors.challenge_for_viewer(challenge_id=pk, user=request.user)
    except ChallengeNotFound as missing:
        return error_page(request, missing)
    now = timezone.now()
    if error is None:
        inbox.items_read_where(
            user=request.user,
            now=now,
            kind=InboxItem.Kind.CHALLENGE,
            key=f"challenge:{found.pk}",
        )
    me = selectors.invitee_of(found, request.user)
    status = selectors.status_of(found, now)
    context = {
        "challenge": found,
        "status": status,
        "summary": selectors.challenge_summary(found, reader=request.user),
        "mine": found.challenger_id == request.user.pk,
        "me": me,
        "to_answer": me is not None
        and status == Challenge.Status.OPEN
        and me.answer == Invitee.Answer.PENDING,
        "form": AnswerForm(),
        "error": error.message if error else "",
    }
    return render(
        request, CHALLENGE, context, status=error.status if error is not None else 200
    )


@login_required
@require_POST
def challenge_answer(request, pk: int):
    form = AnswerForm(request.POST)
    if not form.is_valid():
        return _challenge_page(request, pk, error=GameError(form.refusal()))
    accept = form.cleaned_data["answer"] == "accept"
    try:
        done = services.challenge_answer(
            challenge_id=pk,
            user=request.user,
            accept=accept,
            reason=form.cleaned_data["reason"],
        )
    except GameError as error:
        return _challenge_page(request, pk, error=error)
    if done.status == Challenge.Status.STARTED:
        messages.success(request, "Everyone accepted: the game has started.")
        return go_to(request, reverse("games:table", args=[done.game_id]))
    messages.success(
        request,
        "You accepted. The game starts when everyone has."
        if accept
        else "You declined the challenge.",
    )
    return go_to(request, reverse("social:challenge", args=[pk]))


@login_required
@require_POST
def challenge_withdraw(request, pk: int):
    try:
        services.challenge_withdraw(challenge_id=pk, user=request.user)
    except GameError as error:
        return _challenge_page(request, pk, error=error)
    messages.success(request, "You withdrew the challenge.")
    return redirect("social:challenge", pk=pk)


# -- the inbox ---------------------------------------------------------------


@login_required
@require_GET
def inbox_page(request):
    """The inbox, newest first: a fixed number of queries whatever its length."""
    lines = InboxItem.objects.filter(user=request.user).only(
        "kind", "text", "url", "updated_at", "read_at"
    )
    page = Paginator(lines, INBOX_PAGE).get_page(request.GET.get("page", 1))
    return render(
        request,
        INBOX,
        {"page": page, "lines": list(page), "kinds": dict(InboxItem.Kind.choices)},
    )


@login_required
@require_GET
def bell(request):
    """The header's bell, for the page to swap in when the inbox changed.

    `at` is the page's path: at a table, that game's lines are read first
    (the player is looking at it).
    """
    services.seen_now(user=request.user)
    at = _table_at(request.GET.get("at", ""))
    if at is not None:
        inbox.game_lines_read(user=request.user, game_id=at, now=timezone.now())
    return render(
        request, "social/bell.html", {"unread": inbox.unread_count(request.user)}
    )


def _table_at(path: str) -> int | None:
    """The game whose table is at `path`, if it is one."""
    try:
        match = resolve(str(path)[:200])
    except (Resolver404, ValueError):
        return None
    if match.view_name != "games:table":
        return None
    return match.kwargs.get("pk")


@login_required
@require_GET
def inbox_go(request, pk: int):
    """Follow a line of the inbox to its place; it is read then."""
    line = inbox.item_read(user=request.user, item_id=pk, now=timezone.now())
    if line is None:
        return error_page(request, NoSuchLine())
    return redirect(line.url)


@login_required
@require_POST
def inbox_read(request, pk: int):
    line = inbox.item_read(user=request.user, item_id=pk, now=timezone.now())
    if line is None:
        return error_page(request, NoSuchLine())
    return redirect(_back(request, reverse("social:inbox")))


@login_required
@require_POST
def inbox_read_all(request):
    inbox.items_read_all(user=request.user, now=timezone.now())
    return redirect(_back(request, reverse("social:inbox")))
