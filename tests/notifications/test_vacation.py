"""No reminder, digest or "your move" email reaches a player on vacation; the
reminder of a decision that waited for them comes after their return."""

from datetime import timedelta

import pytest

from django.core import mail
from django.utils import timezone

from accounts.models import User
from accounts.services import vacation_start
from games.engines import deal as engine
from games.notifications import tasks
from games.notifications.models import Notification, Outcome
from tests.games.factories import awaited_seat, fresh, make_game, move_submit_as
from tests.notifications.conftest import GRACE, START, emails_to, owe, sweep

pytestmark = pytest.mark.django_db

DAY = 24 * 60 * 60


def reminders_to(user):
    return [m for m in emails_to(user) if "left for your move" in m.subject]


def test_no_reminder_while_away_and_one_after_the_return(clock, user, other_user):
    game = make_game(creator=user, players=[other_user], seconds_per_decision=DAY)
    owe(game, user)
    position = awaited_seat(game).position
    deadline = fresh(game).deadline_for(position)
    until = START + timedelta(days=3)
    vacation_start(user=user, until=until)

    # The reminder was due 18 hours in; the player is away for three days.
    for _ in range(3 * 24):
        clock.advance(60 * 60)
        sweep()
    assert reminders_to(user) == []

    # The decision has its day again from the return, less the time used
    # before leaving: a quarter of the time from the return is left at +18h.
    assert fresh(game).deadline_for(position) == deadline + timedelta(days=3)
    clock.advance(17 * 60 * 60)
    sweep()
    assert reminders_to(user) == []
    clock.advance(60 * 60)
    sweep()
    [message] = reminders_to(user)
    assert (
        message.subject
        == f"6 hours left for your move in Monopoly Deal game {game.pk} with Bea"
    )


def test_no_your_move_email_while_away_but_one_after_the_return(
    clock, user, other_user
):
    game = make_game(creator=user, players=[other_user], seconds_per_decision=DAY)
    seat = awaited_seat(game)
    if seat.user == user:  # Start from the other player's turn.
        move_submit_as(game, seat, engine.EndTurn(seat=seat.position))
        clock.past_grace()
        sweep()
    mail.outbox.clear()
    vacation_start(user=user, until=timezone.now() + timedelta(days=2))
    owe(game, user)
    clock.past_grace()
    sweep()
    assert emails_to(user) == []

    clock.advance(2 * DAY - GRACE - 2)
    sweep()
    assert emails_to(user) == []
    clock.past_grace()
    sweep()
    [message] = emails_to(user)
    assert message.subject.startswith("It is your move in")


def test_a_reminder_due_while_away_is_not_sent(clock, user, other_user):
    """Should a reminder fall due while the player is away, it is dropped."""
    game = make_game(creator=user, players=[other_user])
    owe(game, user)
    User.objects.filter(pk=user.pk).update(away_until=START + timedelta(days=1))
    clock.advance(31 * 60)
    sweep()
    assert reminders_to(user) == []
    assert Notification.objects.get(user=user, kind="reminder").outcome == (
        Outcome.OPTED_OUT
    )


def test_no_digest_while_away(clock, user_factory, other_user):
    reader = user_factory("dora", notify="daily_digest")
    game = make_game(creator=reader, players=[other_user])
    owe(game, reader)
    vacation_start(user=reader, until=START + timedelta(days=2))
    clock.advance(DAY)  # 12:00 the next day, past 08:00
    tasks.digests_start()
    assert emails_to(reader) == []

    clock.advance(DAY)  # back
    tasks.digests_start()
    assert len(emails_to(reader)) == 1
