"""The inbox lines of a game's end: its result for each player, and the
rating each rated player's game moved (written in the transaction that
finishes the game, from the seats the write path holds: two queries, only
when a game ends).
"""

from django.urls import reverse

from games import kinds
from games.notifications import emails, inbox
from games.notifications.models import InboxItem
from games.ratings.models import RatingChange


def results_record(*, game, seats, now) -> None:
    """Tell each human seated at the finished `game` how it ended, and, if it
    was rated, how their rating moved."""
    humans = [seat for seat in seats if seat.user_id is not None]
    if not humans:
        return
    names = {seat.position: seat.name for seat in seats}
    winner = next((s for s in seats if s.pk == game.winner_id), None)
    url = reverse("games:table", args=[game.pk])
    entries = []
    for seat in humans:
        others = [name for p, name in sorted(names.items()) if p != seat.position]
        title = emails.title_with(game, others)
        if winner is None:
            text = f"{title} ended in a draw."
        elif winner.pk == seat.pk:
            text = f"You won {title}."
        else:
            text = f"{winner.name} won {title}."
        entries.append(
            inbox.Entry(
                user_id=seat.user_id,
                kind=InboxItem.Kind.RESULT,
                key=inbox.game_key(game.pk),
                text=text,
                url=url,
                game_id=game.pk,
            )
        )
    if game.rated:
        people = {seat.user_id: seat.user for seat in humans}
        label = kinds.label(game.kind)
        query = "" if game.kind == kinds.DEFAULT else f"?kind={game.kind}"
        changes = RatingChange.objects.filter(
            game=game, user_id__in=list(people)
        ).values_list("user_id", "value_before", "value_after")
        for user_id, before, after in changes:
            delta = after - before
            entries.append(
                inbox.Entry(
                    user_id=user_id,
                    kind=InboxItem.Kind.RATING,
                    key=inbox.game_key(game.pk),
                    text=f"Your {label} rating: {before} → {after} "
                    f"({delta:+d}) after game {game.pk}.",
                    url=reverse("players:player", args=[people[user_id].username])
                    + query,
                    game_id=game.pk,
                )
            )
    inbox.items_record(entries, now=now)


def cancelled_record(*, game, seats, by, now) -> None:
    """Tell the players seated at an open `game` that its creator `by`
    cancelled it before it started."""
    entries = [
        inbox.Entry(
            user_id=seat.user_id,
            kind=InboxItem.Kind.RESULT,
            key=inbox.game_key(game.pk),
            text=f"{by.name} cancelled {kinds.label(game.kind)} game {game.pk} "
            "before it started.",
            url=reverse("games:table", args=[game.pk]),
            game_id=game.pk,
        )
        for seat in seats
        if seat.user_id is not None and seat.user_id != by.pk
    ]
    inbox.items_record(entries, now=now)
