"""The table a socket pushes: a viewer's partial, rendered once per version.

A move used to send `{"version": N}` and every other open page came back with
a GET for its table partial (the session, the user, the game, the seats, the
events, the render: a whole request per seat per move). Now the table's
consumer (games.consumers) renders each socket's own view here and sends it
with the version; the page swaps it in (static/games/table.js). The GET stays
for the first load, reconnects, the mover's own sockets and pages without
JavaScript.

What a viewer sees is what the GET would show them, by the same selectors:
`game_for_viewer` decides their seat from the game read now (a player whose
seat a bot took over watches as a spectator), so a socket only ever gets the
view of the user it was opened by. The render is kept per (game, stamp, user,
time zone) in this process, so several sockets of one user cost one render.

A push records no presence: the socket that hears it already holds its
player's presence for as long as it stays open (games.consumers, `hold`).

The forms of a partial carry the CSRF token of the browser they go to. A
render is made with `CSRF_MARK` in its place; each socket puts its browser's
token there (`with_token`), masked from the CSRF cookie its handshake brought.
"""

import threading
import zoneinfo
from types import SimpleNamespace

from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH, get_token
from django.template.loader import render_to_string
from django.utils import timezone

from games import selectors
from games.errors import GameError
from games.kept import Kept

# The table partial, as games.views answers an htmx GET with it.
TABLE_PARTIAL = "games/table.html#table"
# Where each form's CSRF token goes: no table shows this text otherwise.
CSRF_MARK = "csrf-mark-7c1f0e9b2d4a"
KEPT = 256  # renders kept per process: a few versions of every live table


renders = Kept(KEPT)
# One render at a time per user and table: a user's other sockets wait for it
# and find it kept, rather than render it again beside it (striped locks).
STRIPES = [threading.Lock() for _ in range(64)]


def _zone(user) -> zoneinfo.ZoneInfo | None:
    try:
        name = getattr(user, "time_zone", "") or ""
        return zoneinfo.ZoneInfo(name) if name else None
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return None


def table_for(*, game_id: int, stamp: int, user) -> tuple[int, str] | None:
    """(the stamp shown, the partial with `CSRF_MARK`) for `user`, or None.

    `stamp` is the one the message told; the game may have moved on since, and
    the render is of the game as read now (its stamp comes with it). None
    while the game waits for players (the page asks for that table itself:
    it shows the site's address) and for whoever may no longer see it.
    """
    zone = _zone(user)
    found = renders.get((game_id, stamp, user.pk, str(zone)))
    if found is not None:
        return found
    with STRIPES[hash((game_id, user.pk)) % len(STRIPES)]:
        return _render(game_id, stamp, user, zone)


def _render(game_id: int, stamp: int, user, zone) -> tuple[int, str] | None:
    found = renders.get((game_id, stamp, user.pk, str(zone)))
    if found is not None:  # another socket of this user's, a moment ago
        return found
    try:
        game, seat = selectors.game_for_viewer(game_id=game_id, user=user)
    except GameError:
        return None
    if game.state() is None:
        return None
    key = (game_id, game.stamp, user.pk, str(zone))
    found = renders.get(key)
    if found is not None:
        return found
    context = selectors.table_context(game=game, seat=seat)
    # What the view adds; the request's own parts are its user (the away
    # notes' dates), its time zone and the CSRF token, marked.
    context.update(error="", user=user, csrf_token=CSRF_MARK)
    with timezone.override(zone):  # None: the site's, as a request without one
        html = render_to_string(TABLE_PARTIAL, context)
    renders.put(key, (game.stamp, html))
    return game.stamp, html


def token_for(csrf_cookie: str | None) -> str | None:
    """A CSRF token for the browser holding `csrf_cookie`, masked as a page's
    are; None for a missing or malformed cookie (that page asks by GET)."""
    if (
        not csrf_cookie
        or len(csrf_cookie) != CSRF_SECRET_LENGTH
        or any(c not in CSRF_ALLOWED_CHARS for c in csrf_cookie)
    ):
        return None
    return get_token(SimpleNamespace(META={"CSRF_COOKIE": csrf_cookie}))


def with_token(html: str, token: str) -> str:
    return html.replace(CSRF_MARK, token)
