"""The inbox: one line per thing that happened to a player, and its bell.

Writers call `items_record` inside their transaction with one `Entry` per
reader: one bulk upsert folds each into its line (user, kind, key), moved to
the top and unread again, and returns the lines' ids so that the email and
Web Push rows written beside it can point at what they deliver (a delivery
whose line was read on the site since it was written is not sent:
`delivered_elsewhere`). On commit each reader's bell is told (the cached
count dropped, and their inbox sockets told "changed": they fetch the count).

A line's text is written here once, by its writer, from what that reader may
see: a game's title and players, a decision's name, a result. Never a card.

The bell reads `unread_count`: one query, none while the count is cached.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial

from django.core.cache import cache
from django.db import transaction

from games.notifications.models import InboxItem
from mdeal_site.broadcast import group_send

# The bell's count is cached this long at most: a write in another process
# (the worker, with the per-process cache of the embedded mode) shows within it.
BELL_CACHE_SECONDS = 60
# The bell shows "99+" beyond this: counting stops there.
BELL_MOST = 99


@dataclass(frozen=True)
class Entry:
    """One line to record for one reader."""

    user_id: int
    kind: str
    key: str
    text: str
    url: str
    game_id: int | None = None


def game_key(game_id: int) -> str:
    return f"game:{game_id}"


def items_record(entries: list[Entry], *, now: datetime) -> dict[tuple, int]:
    """Fold each entry into its reader's line; {(user_id, kind, key): item id}.

    One query whatever the number of entries (none for none).
    """
    if not entries:
        return {}
    rows = {
        (e.user_id, e.kind, e.key): InboxItem(
            user_id=e.user_id,
            kind=e.kind,
            key=e.key,
            game_id=e.game_id,
            text=e.text[:300],
            url=e.url,
            created_at=now,
            updated_at=now,
            read_at=None,
        )
        for e in entries
    }
    made = InboxItem.objects.bulk_create(
        list(rows.values()),
        update_conflicts=True,
        unique_fields=["user", "kind", "key"],
        update_fields=["game", "text", "url", "updated_at", "read_at"],
    )
    bells_ring({row.user_id for row in made})
    return {(row.user_id, row.kind, row.key): row.pk for row in made}


def items_retell(*, kind: str, key: str, text: str, user_ids=None) -> int:
    """Change what the lines (kind, key) say, leaving them where they are and
    as read as they were: what became of a challenge already told."""
    lines = InboxItem.objects.filter(kind=kind, key=key)
    if user_ids is not None:
        lines = lines.filter(user_id__in=list(user_ids))
    return lines.update(text=text[:300])


def item_read(*, user, item_id, now: datetime) -> InboxItem | None:
    """Mark one of `user`'s lines read; the line, or None if it is not theirs."""
    try:
        item_id = int(item_id)
    except (TypeError, ValueError):
        return None
    if not 0 < item_id < 2**63:
        return None
    item = InboxItem.objects.filter(pk=item_id, user_id=user.pk).first()
    if item is None:
        return None
    if item.read_at is None:
        item.read_at = now
        InboxItem.objects.filter(pk=item.pk, read_at=None).update(read_at=now)
        _read_by(user.pk)
    return item


def items_read_all(*, user, now: datetime) -> int:
    """Mark every line of `user` read; how many were unread."""
    count = InboxItem.objects.filter(user_id=user.pk, read_at=None).update(read_at=now)
    if count:
        _read_by(user.pk)
    return count


def items_read_where(*, user, now: datetime, **where) -> int:
    """Mark read `user`'s unread lines about a place they opened (a game, a
    challenge): `where` filters the lines."""
    count = InboxItem.objects.filter(user_id=user.pk, read_at=None, **where).update(
        read_at=now
    )
    if count:
        _read_by(user.pk)
    return count


def _read_by(user_id: int) -> None:
    """The reader's own lines were read: their count is dropped now (the
    page answering them shows it) and again on commit, when their other
    pages are told."""
    cache.delete(bell_key(user_id))
    bells_ring({user_id})


def game_lines_read(*, user, game_id, now: datetime) -> int:
    """`user` has the game's table open: its lines are read (your move, a
    reminder, a mention, the result...). No query when the bell's cached
    count says nothing is unread."""
    try:
        game_id = int(game_id)
    except (TypeError, ValueError):
        return 0
    if not 0 < game_id < 2**63 or not unread_count(user):
        return 0
    return items_read_where(user=user, now=now, game_id=game_id)


def delivered_elsewhere(item: InboxItem | None, created_at: datetime) -> bool:
    """Whether a delivery written at `created_at` was read on the site since
    (its line read after it was written, and not folded into again)."""
    return item is not None and item.read_at is not None and item.read_at >= created_at


def bell_key(user_id: int) -> str:
    return f"inbox-unread:{user_id}"


def unread_count(user) -> int:
    """How many of `user`'s lines are unread, up to BELL_MOST + 1: cached, one
    query when it is not."""
    if not getattr(user, "is_authenticated", False):
        return 0
    key = bell_key(user.pk)
    count = cache.get(key)
    if count is None:
        unread = InboxItem.objects.filter(user_id=user.pk, read_at=None)
        count = unread[: BELL_MOST + 1].count()
        cache.set(key, count, BELL_CACHE_SECONDS)
    return count


def group_name(user_id: int) -> str:
    """The channel layer group of a user's inbox sockets."""
    return f"inbox-{user_id}"


def bells_ring(user_ids) -> None:
    """On commit: drop the users' cached counts and tell their inbox sockets."""
    user_ids = sorted(set(user_ids))
    if user_ids:
        transaction.on_commit(partial(_ring, user_ids), robust=True)


def _ring(user_ids: list[int]) -> None:
    cache.delete_many([bell_key(user_id) for user_id in user_ids])
    for user_id in user_ids:
        group_send(group_name(user_id), {"type": "inbox.changed"})


def items_prune(now: datetime) -> int:
    """Forget the lines nothing happened to for KEPT_DAYS."""
    since = now - timedelta(days=InboxItem.KEPT_DAYS)
    deleted, _ = InboxItem.objects.filter(updated_at__lt=since).delete()
    return deleted
