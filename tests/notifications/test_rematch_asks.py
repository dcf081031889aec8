"""A rematch offer waiting for a player's answer is something asked of them:
it goes out as their "your move" email and push, reminder and digest, once,
after the grace time, and not when they answered or opened the table meanwhile.
"""

from datetime import UTC, datetime, timedelta

import pytest

from django.test import Client

from games import services
from games.models import Game, Seat
from games.notifications import tasks
from games.notifications.models import Notification, Outcome
from games.rematch import services as rematches
from tests.games.factories import fresh, make_game, play_out
from tests.notifications.conftest import SITE, emails_to, html_of, sweep
from tests.notifications.push_service import Device, PushService
from tests.notifications.test_push import subscribe

pytestmark = pytest.mark.django_db

FOUR_HOURS = 4 * 60 * 60


@pytest.fixture
def ada(user_factory):
    return user_factory("ada", display_name="Ada")


@pytest.fixture
def bea(user_factory):
    return user_factory("bea", display_name="Bea", time_zone="Europe/Paris")


@pytest.fixture
def finished(clock, ada, bea):
    """Ada, Bea and a sensible bot, four hours a decision; both resigned."""
    game = make_game(
        creator=ada, players=[bea], bots=1, seconds_per_decision=FOUR_HOURS
    )
    for user in (ada, bea):
        services.game_resign(game_id=game.pk, user=user)
    game = play_out(fresh(game))
    assert game.status == Game.Status.FINISHED
    return game


def offer(game, user):
    return rematches.rematch_offer(game_id=game.pk, user=user, seen=None)


def test_the_asked_player_gets_an_email_after_the_grace_time(clock, finished, ada, bea):
    sent = len(emails_to(bea))
    offer(finished, ada)
    sweep()
    assert len(emails_to(bea)) == sent  # the grace time is not over

    clock.past_grace()
    sweep()
    sweep()

    [message] = emails_to(bea)[sent:]
    assert message.subject == f"Ada wants a rematch of game {finished.pk}"
    assert "Ada wants a rematch: accept or decline." in message.body
    assert f"{SITE}/games/{finished.pk}/" in message.body
    assert "Ada wants a rematch: accept or decline." in html_of(message)
    # Four hours from 12:00 UTC: 17:00 in Paris.
    assert "Tuesday 3 March, 17:00 CET" in message.body
    assert not [m for m in emails_to(ada) if "rematch" in m.subject]
    record = Notification.objects.get(user=bea, decision="rematch", kind="move")
    assert (record.position, record.outcome) == (
        Seat.objects.get(game=finished, user=bea).position,
        Outcome.SENT,
    )


def test_no_email_once_answered_or_seen_at_the_table(clock, finished, ada, bea):
    rematch = offer(finished, ada)
    rematches.rematch_answer(
        game_id=finished.pk, rematch_id=rematch.pk, user=bea, accept=False
    )
    clock.past_grace()
    sweep()
    assert not [m for m in emails_to(bea) if "rematch" in m.subject]
    record = Notification.objects.get(user=bea, decision="rematch", kind="move")
    assert record.outcome == Outcome.MOVED

    clock.advance(60)
    again = rematches.rematch_offer(game_id=finished.pk, user=ada, seen=rematch.pk)
    client = Client()
    client.force_login(bea)
    client.get(finished.get_absolute_url())
    clock.past_grace()
    sweep()
    assert not [m for m in emails_to(bea) if "rematch" in m.subject]
    record = Notification.objects.get(
        user=bea, decision="rematch", kind="move", deadline_at=again.expires_at
    )
    assert record.outcome == Outcome.SEEN


def test_a_reminder_before_the_offer_lapses(clock, finished, ada, bea):
    offer(finished, ada)
    clock.past_grace()
    sweep()
    clock.advance(3 * 60 * 60)  # a quarter of four hours is left
    sweep()
    [reminder] = [m for m in emails_to(bea) if "left to answer" in m.subject]
    assert reminder.subject.endswith(
        f"left to answer the rematch in Monopoly Deal game {finished.pk} "
        "with Ada and Bot 3 (sensible)"
    )
    assert "the offer lapses" in reminder.body
    assert "simplest move" not in reminder.body


def test_the_rematch_is_pushed_to_a_device(clock, finished, ada, bea, settings):
    settings.PUSH_ALLOW_LOCAL_ENDPOINTS = True
    with PushService() as service:
        device = Device()
        subscribe(bea, device, service.endpoint("phone"))
        offer(finished, ada)
        clock.past_grace()
        sweep()
        sweep()
        [received] = service.received
    message = device.read(received.body)
    assert message["title"] == f"Ada wants a rematch of game {finished.pk}"
    assert message["body"].startswith("Ada wants a rematch: accept or decline.")
    assert message["url"] == f"{SITE}/games/{finished.pk}/"


def test_the_digest_lists_the_offer_awaiting_an_answer(
    time_machine, finished, ada, bea
):
    bea.notify = bea.Notify.DAILY_DIGEST
    bea.save(update_fields=["notify"])
    offer(finished, ada)
    time_machine.move_to(datetime(2026, 3, 3, 14, 0, tzinfo=UTC), tick=False)
    tasks.digests_start()  # 15:00 in Paris
    [digest] = emails_to(bea)
    assert "1 game awaits you" in digest.subject
    assert "WAITING FOR YOU" in digest.body
    assert "Ada wants a rematch: accept or decline." in digest.body
    assert (
        "Ada wants a rematch: accept or decline."
        not in digest.body.split("FINISHED SINCE")[1]
    )
    assert "Ada wants a rematch" in html_of(digest)
    time_machine.shift(timedelta(days=1))
    tasks.digests_start()  # the offer expired meanwhile: nothing awaits
    assert all("awaits" not in m.subject for m in emails_to(bea)[1:])
