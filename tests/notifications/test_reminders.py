"""Reminders: once per deadline when a quarter of the time is left (at least
30 minutes before it runs out), none once the player has moved, and only
for players who want them."""

from datetime import timedelta

import pytest

from games.engines import deal as engine
from games.notifications.decisions import reminder_time
from games.notifications.models import Notification, Outcome
from tests.games.factories import awaited_seat, make_game, move_submit_as
from tests.notifications.conftest import START, emails_to, owe, sweep

pytestmark = pytest.mark.django_db

DAY = 24 * 60 * 60


def reminders_to(user):
    return [m for m in emails_to(user) if "left for your move" in m.subject]


def test_reminder_times():
    assert reminder_time(START, START + timedelta(days=1)) == START + timedelta(
        hours=18
    )
    assert reminder_time(START, START + timedelta(hours=1)) == START + timedelta(
        minutes=30
    )
    # Thirty minutes or less per decision: the "your move" email says it all.
    assert reminder_time(START, START + timedelta(minutes=30)) is None


@pytest.fixture
def ada(user_factory):
    return user_factory("ada", display_name="Ada", time_zone="America/New_York")


def test_a_reminder_when_a_quarter_of_the_time_is_left(clock, ada, other_user):
    game = make_game(creator=ada, players=[other_user], seconds_per_decision=DAY)
    owe(game, ada)
    clock.advance(18 * 60 * 60 - 60)
    sweep()
    assert reminders_to(ada) == []

    clock.advance(60)
    sweep()
    sweep()

    [message] = reminders_to(ada)
    assert (
        message.subject
        == f"6 hours left for your move in Monopoly Deal game {game.pk} with Bea"
    )
    # 12:00 UTC on 4 March is 07:00 in New York.
    assert "Wednesday 4 March, 07:00 EST" in message.body
    assert f"https://mdeal.example/games/{game.pk}/" in message.body
    assert "/notifications/unsubscribe/" in message.extra_headers["List-Unsubscribe"]


def test_no_reminder_once_the_player_has_moved(clock, ada, other_user):
    game = make_game(creator=ada, players=[other_user])
    owe(game, ada)
    clock.advance(10 * 60)
    seat = awaited_seat(game)
    move_submit_as(game, seat, engine.EndTurn(seat=seat.position))
    clock.advance(25 * 60)
    sweep()
    assert reminders_to(ada) == []
    assert set(
        Notification.objects.filter(user=ada, kind="reminder").values_list(
            "outcome", flat=True
        )
    ) == {Outcome.MOVED}


def test_no_reminder_for_a_player_who_turned_them_off(clock, user_factory, other_user):
    quiet = user_factory("quiet", reminders=False)
    game = make_game(creator=quiet, players=[other_user])
    owe(game, quiet)
    clock.advance(40 * 60)
    sweep()
    assert reminders_to(quiet) == []
    assert not Notification.objects.filter(user=quiet, kind="reminder").exists()


def test_a_worker_down_past_the_reminder_time_sends_it_late_once(
    clock, ada, other_user
):
    game = make_game(creator=ada, players=[other_user])
    owe(game, ada)
    # Nothing runs for 45 minutes (the reminder was due after 30).
    clock.advance(45 * 60)
    sweep()
    clock.advance(60)
    sweep()
    [message] = reminders_to(ada)
    assert message.subject.startswith("15 minutes left")


def test_no_reminder_after_time_ran_out(clock, ada, other_user):
    game = make_game(creator=ada, players=[other_user])
    owe(game, ada)
    clock.advance(61 * 60)  # past the deadline, before any timeout ran
    sweep()
    assert reminders_to(ada) == []
