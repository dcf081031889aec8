"""The page where a player makes and revokes their personal API tokens."""

from django import forms
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from games.api.models import ApiToken, Scope

MOST_TOKENS = 20


class TokenForm(forms.Form):
    name = forms.CharField(max_length=60, help_text="What it is for: 'my bot'.")
    scopes = forms.MultipleChoiceField(
        choices=Scope.choices,
        widget=forms.CheckboxSelectMultiple,
        initial=[Scope.READ, Scope.PLAY],
    )


@login_required
@require_http_methods(["GET", "POST"])
def token_list(request):
    form = TokenForm(request.POST or None)
    secret = None
    status = 200
    if request.method == "POST":
        live = ApiToken.objects.filter(user=request.user, revoked_at=None).count()
        if live >= MOST_TOKENS:
            form.add_error(None, f"At most {MOST_TOKENS} tokens: revoke one first.")
            status = 400
        elif form.is_valid():
            _, secret = ApiToken.make(
                user=request.user,
                name=form.cleaned_data["name"],
                scopes=form.cleaned_data["scopes"],
            )
            form = TokenForm()
        else:
            status = 400
    tokens = ApiToken.objects.filter(user=request.user)
    return render(
        request,
        "api/tokens.html",
        {"form": form, "tokens": tokens, "secret": secret},
        status=status,
    )


@login_required
@require_POST
def token_revoke(request, token_id: int):
    ApiToken.objects.filter(
        pk=min(token_id, 2**31 - 1), user=request.user, revoked_at=None
    ).update(revoked_at=timezone.now())
    return redirect("api:tokens")
