"""Tournament pages and their forms: thin doors onto the services."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from games import kinds
from games.errors import GameError
from games.tournaments import selectors, services
from games.tournaments.forms import TournamentForm
from games.tournaments.models import Tournament


def _refused(request, error: GameError):
    return render(
        request, "games/error.html", {"message": error.message}, status=error.status
    )


@require_GET
def tournament_list(request):
    kind = request.GET.get("kind", "")
    kind = kind if kind in dict(kinds.choices()) else ""
    return render(
        request,
        "tournaments/list.html",
        {
            "lists": selectors.tournament_list(kind or None),
            "kind": kind,
            "kinds": kinds.choices(),
            "form": TournamentForm(),
        },
    )


@login_required
@require_POST
def tournament_create(request):
    form = TournamentForm(request.POST)
    if not form.is_valid():
        return render(
            request,
            "tournaments/list.html",
            {
                "lists": selectors.tournament_list(),
                "kinds": kinds.choices(),
                "form": form,
            },
            status=400,
        )
    try:
        tournament = services.tournament_create(
            creator=request.user, **form.service_fields()
        )
    except GameError as error:
        form.add_error(None, error.message)
        return render(
            request,
            "tournaments/list.html",
            {
                "lists": selectors.tournament_list(),
                "kinds": kinds.choices(),
                "form": form,
            },
            status=error.status,
        )
    return redirect(tournament)


@require_GET
def tournament_detail(request, pk: int):
    if pk > services.LARGEST_ID:
        raise Http404("There is no such tournament.")
    tournament = get_object_or_404(Tournament, pk=pk)
    page = selectors.tournament_page(tournament, request.user)
    token = request.GET.get("token", "")
    return render(
        request,
        "tournaments/detail.html",
        {
            "page": page,
            "t": tournament,
            "points": selectors.points,
            "token": token if token == tournament.invite_token else "",
            "is_creator": request.user.is_authenticated
            and request.user.pk == tournament.created_by_id,
            "bots": kinds.get(tournament.kind).bots,
            "kind_label": kinds.label(tournament.kind),
            "worth_label": kinds.get(tournament.kind).worth_label,
            "worth_about": f"{kinds.get(tournament.kind).worth_label} at the end "
            "of each game, added up",
        },
    )


def _act(request, pk: int, action, done: str):
    try:
        action()
    except GameError as error:
        return _refused(request, error)
    messages.success(request, done)
    return redirect("tournaments:detail", pk)


@login_required
@require_POST
def tournament_join(request, pk: int):
    token = request.POST.get("token") or None
    return _act(
        request,
        pk,
        lambda: services.tournament_join(
            tournament_id=pk, user=request.user, token=token
        ),
        "You are in. The first round starts at the tournament's time.",
    )


@login_required
@require_POST
def tournament_leave(request, pk: int):
    return _act(
        request,
        pk,
        lambda: services.tournament_leave(tournament_id=pk, user=request.user),
        "You left the tournament.",
    )


@login_required
@require_POST
def tournament_bot(request, pk: int):
    bot = request.POST.get("bot", "")
    return _act(
        request,
        pk,
        lambda: services.tournament_add_bot(
            tournament_id=pk, user=request.user, bot=bot
        ),
        "A bot joined.",
    )


@login_required
@require_POST
def tournament_withdraw(request, pk: int):
    return _act(
        request,
        pk,
        lambda: services.tournament_withdraw(tournament_id=pk, user=request.user),
        "You withdrew: your games so far count, no further round seats you.",
    )
