"""Two senders claiming the same records at once, for real: two threads, two
connections. The claim is a conditional UPDATE, so one wins and one email
goes out. Sending is slowed down so the second claim truly overlaps."""

import time

import pytest

from django.core import mail
from django.db import connection

from games.notifications import delivery, emails
from games.notifications.models import Notification, Outcome
from tests.games.factories import make_game
from tests.games.services.test_concurrent_moves import race
from tests.notifications.conftest import owe

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def slow_compose(monkeypatch):
    compose = emails.compose

    def slow(**kwargs):
        time.sleep(0.3)
        return compose(**kwargs)

    monkeypatch.setattr(emails, "compose", slow)


def test_two_senders_racing_for_the_same_decision_send_one_email(
    clock, slow_compose, user, other_user
):
    if connection.vendor == "sqlite":
        print("SQLite: writers take the whole database lock; racing anyway")
    game = make_game(creator=user, players=[other_user])
    owe(game, user)
    clock.past_grace()

    def send():
        return delivery.moves_send(user_id=user.pk)

    results = race(send, send, send)

    errors = [r for r in results if isinstance(r, Exception)]
    assert not errors, errors
    assert sorted(results) == [0, 0, 1]
    assert [m.to for m in mail.outbox] == [[user.email]]
    record = Notification.objects.get(user=user, game=game, kind="move")
    assert record.outcome == Outcome.SENT


def test_the_sweep_and_a_late_task_racing_send_one_reminder(
    clock, slow_compose, user, other_user
):
    game = make_game(creator=user, players=[other_user])
    owe(game, user)
    clock.advance(31 * 60)
    reminder = Notification.objects.get(user=user, game=game, kind="reminder")

    def send():
        return delivery.reminder_send(notification_id=reminder.pk)

    results = race(send, send)

    assert sorted(results) == [0, 1], results
    reminders = [m for m in mail.outbox if "left for your move" in m.subject]
    assert len(reminders) == 1
