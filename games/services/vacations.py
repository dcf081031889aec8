"""A player on vacation: their deadlines wait for them.

`accounts.services` starts and ends vacations; this is what they mean at the
tables. Starting one pushes the player's deadline back by the time planned
away in every game they play; coming back early pulls it forward by the days
not used, so the net shift is exactly the time away. A decision that becomes
theirs while away gets its time from their return (`decision_start`, read by
`games.services.table.Table`). The version does not move: no event happened;
the tables' open pages are told their clocks moved (`clocks_announce`).
"""

from datetime import datetime, timedelta

from django.db import transaction

from games.models import Game, Seat
from games.notifications.decisions import decisions_record
from games.services.notify import clocks_announce


def decision_start(seat: Seat, now: datetime) -> datetime:
    """When the clock of a decision `seat` owes from `now` starts: their return."""
    away_until = seat.user.away_at(now) if seat.user is not None else None
    return max(now, away_until) if away_until is not None else now


def deadlines_shift(*, user, by: timedelta, now: datetime) -> list[int]:
    """Move `user`'s deadlines by `by` in every game they play; the games moved.

    Runs inside the caller's transaction (which holds the user's row), one
    game row locked at a time, in id order. Only the seat's own entry in
    `Game.deadlines` moves; `deadline_at` follows. The notification records
    are written afresh for the moved deadline (as for a player who just
    moved: a reminder, no "your move" email), and the old ones lapse.
    """
    game_ids = (
        Game.objects.filter(
            status=Game.Status.ACTIVE,
            seats__user=user,
            seats__status=Seat.Status.PLAYING,
            seats__bot=Seat.Bot.NONE,
        )
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    moved = []
    with transaction.atomic():
        for game_id in list(game_ids):
            game = Game.objects.select_for_update().get(pk=game_id)
            seats = list(game.seats.select_related("user").order_by("position"))
            seat = next((s for s in seats if s.user_id == user.pk), None)
            before = game.deadlines or {}
            if (
                game.status != Game.Status.ACTIVE
                or seat is None
                or not seat.is_active_player
                or str(seat.position) not in before
            ):
                continue
            key = str(seat.position)
            at = datetime.fromisoformat(before[key]["at"]) + by
            game.deadlines = {**before, key: {**before[key], "at": at.isoformat()}}
            game.deadline_at = min(
                datetime.fromisoformat(e["at"]) for e in game.deadlines.values()
            )
            game.save(update_fields=["deadlines", "deadline_at"])
            decisions_record(
                game=game, seats=seats, before=before, movers={seat.position}, now=now
            )
            clocks_announce(game.pk)
            moved.append(game.pk)
    return moved
