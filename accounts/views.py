from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from games.chat.selectors import muted_users
from games.notifications import addresses

from .forms import ProfileForm, VacationForm
from .second_factor import has_second_factor
from .services import (
    VACATION_LONGEST,
    VACATION_PER_YEAR,
    VacationRefused,
    day_name,
    vacation_end,
    vacation_left_sentence,
    vacation_start,
    vacation_time_left,
)


def home(request):
    return render(request, "home.html")


@login_required
def profile(request):
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Your profile is saved.")
        return redirect("profile")
    return _profile_page(request, form=form)


@login_required
@require_POST
def vacation(request):
    """Start a vacation ("until" a day), or come back ("end")."""
    user = request.user
    if "end" in request.POST:
        try:
            vacation_end(user=user)
        except VacationRefused as refused:
            messages.error(request, refused.message)
        else:
            messages.success(
                request, "Welcome back. The days you did not use are yours again."
            )
        return redirect("profile")
    form = VacationForm(request.POST, user=user)
    if form.is_valid():
        until = form.cleaned_data["until"]
        try:
            vacation_start(user=user, until=until)
        except VacationRefused as refused:
            form.add_error("until", refused.message)
        else:
            messages.success(
                request,
                f"You are away until {day_name(until, user)}. "
                "Your deadlines wait for you, and no reminders go out.",
            )
            return redirect("profile")
    return _profile_page(request, vacation_form=form, status=400)


def _profile_page(request, *, form=None, vacation_form=None, status=200):
    user = request.user
    now = timezone.now()
    away_until = user.away_at(now)
    context = {
        "form": form or ProfileForm(instance=user),
        "mail_blocked": addresses.blocked_address(user),
        "vacation_form": vacation_form or VacationForm(user=user),
        "away_until": away_until,
        "away_until_day": day_name(away_until, user) if away_until else "",
        "vacation_left": vacation_left_sentence(vacation_time_left(user=user, now=now)),
        "vacation_longest": VACATION_LONGEST.days,
        "vacation_per_year": VACATION_PER_YEAR.days,
        "muted_users": muted_users(user=user),
        "second_factor": has_second_factor(user),
    }
    return render(request, "accounts/profile.html", context, status=status)
