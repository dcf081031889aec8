"""Who has a table open: the page, its poll and its WebSocket say so (the
socket for as long as it stays open: `table_held`).

A "your move" email is not sent to a player seen at the table since the
decision became theirs. The row is refreshed at most every `REFRESH`: a mark
in the cache (Redis, shared by the web processes) says it was refreshed
lately, so an open page's table reads and polls cost no query most of the
time, and one write every `REFRESH`.
"""

import logging
from datetime import datetime, timedelta

from django.core.cache import cache
from django.db import connection
from django.utils import timezone

from games.models import Seat
from games.notifications.models import Presence

logger = logging.getLogger(__name__)

REFRESH = timedelta(seconds=15)


def table_seen(*, game_id: int, user) -> None:
    """Record that `user` has this table open now, if they sit at it.

    One query, none when the cache says it ran less than `REFRESH` ago. Never
    fails the page that calls it: an error is logged.
    """
    if not getattr(user, "is_authenticated", False):
        return
    try:
        game_id = int(game_id)
    except (TypeError, ValueError):
        return
    if not 0 < game_id < 2**63:  # no such game: out of the id column's range
        return
    # Seen lately: the row is fresh enough. While the cache is unreachable
    # `add` answers "stored" (mdeal_site.cache), and the query runs as always.
    if not cache.add(f"presence:{user.pk}:{game_id}", 1, REFRESH.total_seconds()):
        return
    now = timezone.now()
    # Moved on only when older than REFRESH.
    _upsert(game_id, user, seen_at=now, older_than=now - REFRESH)


# While a table's WebSocket is open its player is at the table: the socket
# holds `seen_at` up to HOLD ahead of now and renews it every RENEW, so any
# decision that becomes theirs meanwhile counts as seen, whatever the grace
# time. Closing the socket brings it back to the moment it closed; a socket
# that dies unclosed lets it lapse within HOLD.
HOLD = timedelta(seconds=60)
RENEW = timedelta(seconds=20)


def _upsert(game_id: int, user, *, seen_at, older_than) -> None:
    """Insert `seen_at`, or move the row's on to it when the row's is older
    than `older_than`; nothing for a spectator or a game that does not exist
    (no seat row to select)."""
    presence = Presence._meta.db_table
    seats = Seat._meta.db_table
    adapt = connection.ops.adapt_datetimefield_value
    sql = (
        f"INSERT INTO {presence} (user_id, game_id, seen_at) "
        f"SELECT user_id, game_id, %s FROM {seats} "
        "WHERE game_id = %s AND user_id = %s "
        "ON CONFLICT (user_id, game_id) DO UPDATE SET seen_at = excluded.seen_at "
        f"WHERE {presence}.seen_at < %s"
    )
    params = [adapt(seen_at), game_id, user.pk, adapt(older_than)]
    _write(sql, params, game_id, user)


def _write(sql: str, params: list, game_id: int, user) -> None:
    try:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
    except Exception:
        logger.exception("Could not record user %s at game %s", user.pk, game_id)


def table_held(*, game_id: int, user) -> None:
    """Record that `user` keeps this table open (its socket), until `HOLD`
    from now, if they sit at it. One query, every `RENEW` of an open socket."""
    held = timezone.now() + HOLD
    _upsert(int(game_id), user, seen_at=held, older_than=held)


def table_left(*, game_id: int, user) -> None:
    """The socket closed: `user` was at the table until now, not the hold's end."""
    now = timezone.now()
    adapt = connection.ops.adapt_datetimefield_value
    presence = Presence._meta.db_table
    sql = (
        f"UPDATE {presence} SET seen_at = %s "
        "WHERE game_id = %s AND user_id = %s AND seen_at > %s"
    )
    _write(sql, [adapt(now), int(game_id), user.pk, adapt(now)], game_id, user)


def seen_at(*, game_id: int, user_id: int) -> datetime | None:
    """When `user` last had the table open, if ever."""
    return (
        Presence.objects.filter(game_id=game_id, user_id=user_id)
        .values_list("seen_at", flat=True)
        .first()
    )
