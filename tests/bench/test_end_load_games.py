"""Before a load run: the games earlier runs left in play are ended, and
their unsent emails closed (bench/management/commands/end_load_games.py)."""

import pytest

from django.core.management import CommandError, call_command

from games.models import Game
from games.notifications.models import Notification, Outcome
from tests.games.factories import fresh, make_game

pytestmark = pytest.mark.django_db


def pending(game) -> int:
    return Notification.objects.filter(game=game, done_at__isnull=True).count()


def test_the_load_players_games_end_and_their_emails_close(user_factory):
    ada, bea = user_factory("load0001"), user_factory("load0002")
    cy, dan = user_factory("cy"), user_factory("dan")
    playing = make_game(creator=ada, players=[bea])
    waiting = make_game(creator=ada, seat_count=3, start=False)
    theirs = make_game(creator=cy, players=[dan])
    assert pending(playing) >= 1 and pending(theirs) >= 1

    call_command("end_load_games", "--prefix", "load", "--force")

    for game in (playing, waiting):
        game = fresh(game)
        assert game.status == Game.Status.ABANDONED
        assert game.deadline_at is None and game.deadlines == {}
    assert pending(playing) == 0
    closed = Notification.objects.filter(game=playing).first()
    assert closed.outcome == Outcome.MOVED
    # Anyone else's game, and its emails, as they were.
    assert fresh(theirs).status == Game.Status.ACTIVE
    assert fresh(theirs).deadline_at is not None
    assert pending(theirs) >= 1


def test_it_refuses_without_force_when_debug_is_off(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="--force"):
        call_command("end_load_games")
