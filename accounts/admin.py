"""The admin behind the site's own login (issue 25).

The admin's login form checked passwords on its own, outside allauth's
limits on failed logins, and staff read every snapshot (every hidden hand).
Here the admin's login never checks a password: it sends the visitor to the
site's login (allauth: the same limits as every player, then the code from
the authenticator app) and back. Staff without an authenticator app are
shown how to set one up; staff who have one but signed in without it this
session are asked for a code.
"""

from django.contrib import admin
from django.contrib.auth.decorators import login_not_required
from django.http import HttpResponseRedirect
from django.shortcuts import render, resolve_url
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.views.decorators.cache import never_cache

from accounts.second_factor import admin_open_to, has_second_factor


class StaffAdminSite(admin.AdminSite):
    def has_permission(self, request):
        return admin_open_to(request)

    @method_decorator(never_cache)
    @login_not_required
    def login(self, request, extra_context=None):
        """Send the visitor on to where they can prove who they are; never
        read a password here (GET and POST alike)."""
        after = self._next(request)
        user = request.user
        if admin_open_to(request):
            return HttpResponseRedirect(after)
        if not user.is_authenticated:
            return _to("account_login", after)
        if not (user.is_active and user.is_staff):
            return render(request, "accounts/admin_closed.html", status=403)
        if not has_second_factor(user):
            return render(
                request,
                "accounts/admin_second_factor.html",
                {"next": after},
                status=403,
            )
        return _to("mfa_reauthenticate", after)

    def _next(self, request) -> str:
        """The admin page asked for (`next`), or the admin's index."""
        asked = request.POST.get("next") or request.GET.get("next") or ""
        if url_has_allowed_host_and_scheme(
            asked, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ) and asked.startswith(reverse("admin:index")):
            return asked
        return reverse("admin:index", current_app=self.name)


def _to(view_name: str, after: str) -> HttpResponseRedirect:
    return HttpResponseRedirect(
        f"{resolve_url(view_name)}?{urlencode({'next': after})}"
    )
