from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render

from notifications import addresses

from .forms import ProfileForm


def home(request):
    return render(request, "home.html")


@login_required
def profile(request):
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Your profile is saved.")
        return redirect("profile")
    context = {"form": form, "mail_blocked": addresses.blocked_address(request.user)}
    return render(request, "accounts/profile.html", context)
