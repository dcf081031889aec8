"""Reads for the chat: who reads which room, and the messages they may see.

Whoever holds a seat at the game (playing, resigned, or replaced by a bot) is
a player here; anyone else signed in who may see a public game is a
spectator. While the game is played each reads only their own room; once it
is over both rooms are open to everyone who may see the game. Messages from
users the reader muted, and messages staff deleted, are never read out.
"""

from django.db.models import F, Prefetch, Q
from django.urls import reverse

from games.chat.models import Message, Mute, Report, Room, Suspension
from games.errors import GameNotFound
from games.models import Game, Seat

# The latest messages the table shows; the chat page shows them all.
SHOWN = 100


def game_for_chat(*, game_id: int, user) -> Game:
    """The game (seats and their users loaded), if `user` may see it.

    A game by invitation does not exist for anyone but its players (the
    table's rule, `games.selectors.game_for_viewer`).
    """
    seats = Prefetch("seats", queryset=Seat.objects.select_related("user"))
    game = Game.objects.prefetch_related(seats).filter(pk=game_id).first()
    if game is None or (not game.public and game.seat_for(user) is None):
        raise GameNotFound()
    return game


def room_of(game: Game, user) -> str | None:
    """The room `user` writes in: the players' for a seat holder, else the
    spectators' of a public game; None for whoever is signed out."""
    if not getattr(user, "is_authenticated", False):
        return None
    if game.seat_for(user) is not None:
        return Room.PLAYERS
    return Room.SPECTATORS if game.public else None


def is_open(game: Game) -> bool:
    """The chat exists once the game has started (not in the waiting room)."""
    return game.started_at is not None


def readable_rooms(game: Game, user) -> tuple[str, ...]:
    if not is_open(game):
        return ()
    if game.is_over:
        return (Room.PLAYERS, Room.SPECTATORS) if game.public else (Room.PLAYERS,)
    own = room_of(game, user)
    return (own,) if own else ()


def messages_for(
    *,
    game: Game,
    user,
    rooms: tuple[str, ...],
    after: int | None = None,
    limit: int | None = SHOWN,
) -> list[Message]:
    """The latest messages of `rooms` `user` may read, oldest first (one query)."""
    if not rooms:
        return []
    rows = (
        Message.objects.filter(game=game, room__in=rooms, deleted_at=None)
        .exclude(author__in=Mute.objects.filter(user=user).values("muted"))
        .select_related("author")
        .order_by("-pk")
    )
    if after is not None:
        rows = rows.filter(pk__gt=after)
    if limit is not None:
        rows = rows[:limit]
    return list(reversed(rows))


def chat_context(
    *, game: Game, user, after: int | None = None, limit: int | None = SHOWN
) -> dict:
    """What the chat template needs for `user` at `game` (one query).

    Keys start with "chat_": they join the table's context.
    """
    rooms = readable_rooms(game, user)
    messages = messages_for(game=game, user=user, rooms=rooms, after=after, limit=limit)
    return {
        "game": game,
        "chat_open": is_open(game),
        "chat_over": game.is_over,
        "chat_room": room_of(game, user) if is_open(game) else None,
        "chat_both": len(rooms) > 1,
        "chat_messages": messages,
        "chat_last_id": messages[-1].pk if messages else (after or 0),
        "chat_reasons": Report.Reason.choices,
        # Reversed once: a message's report form is chat_url + "<id>/report/".
        "chat_url": reverse("chat:chat", args=[game.pk]),
        "chat_mute_url": reverse("chat:mute"),
        "chat_max_length": Message.MAX_LENGTH,
    }


def suspension_of(user, now):
    """The suspension in force for `user` at `now`, if any (one query)."""
    return (
        Suspension.objects.filter(user=user)
        .filter(Q(until=None) | Q(until__gt=now))
        .order_by(F("until").desc(nulls_first=True))
        .first()
    )


def muted_users(*, user) -> list:
    """Who `user` muted, most recent first (for the profile)."""
    return [
        mute.muted for mute in Mute.objects.filter(user=user).select_related("muted")
    ]


def mutes(*, muter_id: int, muted_id: int) -> bool:
    return Mute.objects.filter(user_id=muter_id, muted_id=muted_id).exists()
