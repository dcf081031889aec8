"""A tournament's news for one player, as an email or a push says it at
send time, or nothing when it went stale.

A `Notification` of kind "tournament" names its tournament and an event
(`decision`): "r2g1" (round 2's game 1 is ready: `game` set), "bye2" (a bye
in round 2), "cancel", "finish". Its inbox line holds the sentence, written
once when the event happened (`announcements`); a delivery says that same
sentence, with the place's link. A game's news is stale once the game is
over (nothing to come and play) or the round moved on.
"""

from datetime import datetime

from games.models import Game
from games.notifications import emails
from games.notifications.models import Notification
from games.tournaments.models import Tournament

# What a delivery is about: its subject line and its first words.
SUBJECTS = {
    "cancel": "{name} was cancelled",
    "finish": "{name} has finished",
}


def tournament_brief(
    record: Notification,
    now: datetime,
    *,
    game: Game | None = None,
    moves_told: bool = True,
) -> emails.GameBrief | None:
    """The news of `record` for its user, or None when it went stale.

    `game` is the record's game when the caller read it already (with its
    seats). A player who owes a decision at the game that is ready hears of
    it from "your move" on the same channel (`moves_told`), which names the
    game: their tournament line says it in the inbox, and nothing more."""
    tournament = Tournament.objects.filter(pk=record.tournament_id).first()
    if tournament is None or record.item is None:
        return None
    if record.game_id is not None:
        game = (
            game
            or Game.objects.prefetch_related("seats").filter(pk=record.game_id).first()
        )
        if game is None or game.status != Game.Status.ACTIVE:
            return None
        if moves_told and _owes(game, record.user_id):
            return None
    elif record.decision.startswith("bye") and (
        tournament.status != Tournament.Status.RUNNING
        or str(tournament.round) != record.decision[3:]
    ):
        return None
    subject = SUBJECTS.get(record.decision)
    headline = (
        subject.format(name=tournament.name)
        if subject
        else record.item.text.rstrip(".")
    )
    return emails.GameBrief(
        game=None,
        url=emails.absolute(record.item.url),
        title=tournament.name,
        owed=record.item.text,
        headline=headline,
        action="Open the table" if record.game_id else "See the tournament",
    )


def _owes(game: Game, user_id: int) -> bool:
    owing = set((game.deadlines or {}).keys())
    return any(
        seat.user_id == user_id and str(seat.position) in owing
        for seat in game.seats.all()
    )


def push_tag(record: Notification) -> str:
    """The push message's tag: a tournament's news replace each other."""
    return f"mdeal-tournament-{record.tournament_id}"
