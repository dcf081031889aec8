"""What a committed change announces: the table's browsers, the bots' task,
the deadline's task.

`game_announce` runs inside the transaction and sends nothing itself: it asks
for both on commit, so nothing is announced that was rolled back.
"""

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.models import Game
from mdeal_site.broadcast import group_send

# Deadlines further away than this are left to the beat sweep (every 30 s).
# An ETA task waits unacknowledged in a worker's memory until it is due, so only
# the next few minutes' deadlines are queued: that bounds what a worker holds,
# and stays well inside Redis's visibility timeout (an hour), past which Redis
# would hand the task to a second worker (harmless, deadline_expire is
# idempotent, but wasted).
DEADLINE_ETA_HORIZON = timedelta(minutes=10)


def game_announce(
    game: Game,
    *,
    bots_owe: bool = False,
    humans_play: bool = False,
    movers: list[int] = (),
) -> None:
    """On commit: tell the table's browsers, and queue bots and the deadline.

    The message carries the game's stamp: its version once started, and a
    number that moves with joins and leaves while it waits for players; and
    the users who moved (`movers`), whose move's answer brings their table:
    their sockets are told the version alone (games.consumers). The bots of a
    table where humans play are queued ahead of games of bots only.
    """
    game_id, version, deadline_at = game.pk, game.stamp, game.deadline_at
    message = {"type": "game.changed", "version": version}
    if movers:
        message["movers"] = list(movers)

    def tell_browsers() -> None:
        group_send(f"game-{game_id}", message)

    def queue_tasks() -> None:
        from games import tasks

        if bots_owe:
            tasks.bots_play_queue(game_id, version, urgent=humans_play)
            return  # The earliest deadline is the bot's: bots_play moves now.
        horizon = getattr(settings, "GAMES_DEADLINE_ETA_HORIZON", DEADLINE_ETA_HORIZON)
        if deadline_at is not None and deadline_at - timezone.now() <= horizon:
            tasks.deadline_expire.apply_async((game_id, version), eta=deadline_at)

    transaction.on_commit(tell_browsers, robust=True)
    transaction.on_commit(queue_tasks, robust=True)


def clocks_announce(game_id: int) -> None:
    """On commit: tell the table's browsers that its clocks moved (a player
    went away or came back) though the version did not: they fetch the table
    again."""

    def tell_browsers() -> None:
        group_send(f"game-{game_id}", {"type": "game.clocks"})

    transaction.on_commit(tell_browsers, robust=True)


def game_finished(game: Game) -> None:
    """On commit: move on what waits for this game's end (its tournament), and
    queue its review by the expert (games.reviews) when its kind has a judge."""
    game_id = game.pk

    def queue() -> None:
        from games.tournaments import tasks

        tasks.tournament_game_over.delay(game_id)

    def queue_review() -> None:
        from games import tasks

        tasks.game_review.delay(game_id)

    transaction.on_commit(queue, robust=True)
    if settings.REVIEW_AFTER_GAME and game.game_kind.judge is not None:
        transaction.on_commit(queue_review, robust=True)
