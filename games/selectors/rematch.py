"""A finished table's rematch box, and the game that played it again."""

from django.db.models import OuterRef, Subquery

from games.bot_marks import is_bot_account, marked_name
from games.models import Game, Rematch, Seat


def rematch_view(*, game: Game, seat: Seat | None, now) -> dict:
    """The rematch box of a table, as `seat` (None: a spectator) sees it.

    `game` comes with its seats prefetched. "of" is the game this one plays
    again (no query); at a finished game, one query reads the latest offer
    and the game it started, if any.
    """
    view = {"of": game.rematch_of_id, "next": None, "offer": None}
    if game.status != Game.Status.FINISHED:
        return view
    later = Game.objects.filter(rematch_of=OuterRef("game")).values("pk")[:1]
    offer = (
        Rematch.objects.filter(game=game)
        .annotate(next_game=Subquery(later))
        .order_by("-created_at", "-pk")
        .first()
    )
    if offer is None:
        return {**view, "can_offer": _is_human(seat), "seen": ""}
    names = {s.user_id: s.name for s in game.seats.all() if s.user_id is not None}
    # The bot accounts' seats: their names carry the BOT mark (games.bot_marks).
    bots = {s.user_id for s in game.seats.all() if is_bot_account(s)}
    status = offer.status
    if status == Rematch.Status.ASKED and not offer.is_open(now):
        status = Rematch.Status.EXPIRED  # The sweep has not come by yet.
    me = seat.user_id if _is_human(seat) else None
    if (
        status == Rematch.Status.ASKED
        and me in offer.unasked
        and me not in offer.accepted
    ):
        # An offer from a player `me` muted never reaches them: their table
        # offers a rematch as if there were none (clicking it accepts this one).
        return {**view, "can_offer": True, "seen": offer.pk}
    waiting = [
        marked_name(name, user_id in bots)
        for user_id, name in names.items()
        if user_id not in offer.accepted
    ]
    return {
        **view,
        "next": offer.next_game if status == Rematch.Status.STARTED else None,
        "offer": offer,
        "status": status,
        "seen": offer.pk,
        "proposer": "You"
        if offer.proposed_by_id == me
        else _name(names, offer.proposed_by_id),
        "proposer_bot": offer.proposed_by_id in bots and offer.proposed_by_id != me,
        "decliner": "You"
        if offer.declined_by_id == me and me
        else _name(names, offer.declined_by_id),
        "decliner_bot": offer.declined_by_id in bots and offer.declined_by_id != me,
        "waiting_for": waiting,
        "to_answer": me is not None and offer.asks(me, now),
        "answered": me is not None and me in offer.accepted,
        "can_offer": me is not None
        and status in (Rematch.Status.DECLINED, Rematch.Status.EXPIRED),
    }


def rematch_game_id(*, game_id: int) -> int | None:
    """The id of the game that plays `game_id` again, if one started."""
    return (
        Game.objects.filter(rematch_of_id=game_id).values_list("pk", flat=True).first()
    )


def _is_human(seat: Seat | None) -> bool:
    return seat is not None and seat.user_id is not None


def _name(names: dict[int, str], user_id: int | None) -> str:
    return names.get(user_id, "A player")
