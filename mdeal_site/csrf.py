"""What a form refused for its CSRF token answers (`CSRF_FAILURE_VIEW`).

A table open for days outlives its token: the player signs out, or in again,
in another tab, and the next move from the old page is refused. Django's own
answer is a bare "Forbidden" page, which htmx swapped into the table, leaving
a page that no longer updated. Here an htmx request is answered with
`HX-Refresh`, so the page loads afresh (a new token, the table as it is now)
with a message saying nothing was done; a plain form gets the site's page
saying the same, with a link back to the page it came from.
"""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme

NOT_DONE = (
    "That was not done: the page was older than your sign-in (you signed out "
    "or in again elsewhere). Here is the page as it is now; try again."
)


def csrf_failure(request, reason: str = "") -> HttpResponse:
    if request.headers.get("HX-Request") == "true":
        messages.error(request, NOT_DONE)
        response = HttpResponse(NOT_DONE, status=403, content_type="text/plain")
        response["HX-Refresh"] = "true"
        return response
    back = request.headers.get("Referer", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = "/"
    return render(
        request, "403_csrf.html", {"message": NOT_DONE, "back": back}, status=403
    )
