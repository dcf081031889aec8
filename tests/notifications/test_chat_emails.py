"""Chat emails: off by default; for a player who asks, one email per batch of
the other players' messages, after the grace time, with unsubscribe."""

import pytest

from django.test import Client
from django.urls import reverse

from games.chat import services as chat
from games.notifications.models import Notification, Outcome
from tests.games.factories import make_game
from tests.notifications.conftest import SITE, emails_to, html_of, sweep

pytestmark = pytest.mark.django_db


def chat_emails(user):
    return [m for m in emails_to(user) if "chat message" in m.subject]


def say(game, user, text, room="players"):
    return chat.message_post(game_id=game.pk, user=user, room=room, text=text)


@pytest.fixture
def players(user_factory):
    ada = user_factory("ada", display_name="Ada", chat_emails=True)
    bea = user_factory("bea", display_name="Bea")
    return ada, bea


def test_no_chat_email_by_default(clock, user_factory):
    ada, bea = user_factory("ada"), user_factory("bea")
    game = make_game(creator=ada, players=[bea])
    say(game, bea, "hello")
    clock.past_grace()
    sweep()
    assert not chat_emails(ada)
    assert not Notification.objects.filter(kind=Notification.Kind.CHAT).exists()


def test_one_email_for_a_batch_of_messages_after_the_grace_time(clock, players):
    ada, bea = players
    game = make_game(creator=ada, players=[bea])
    say(game, bea, "hello <Ada>")
    clock.advance(30)
    say(game, bea, "are you there?")
    say(game, ada, "my own words")
    assert Notification.objects.filter(kind=Notification.Kind.CHAT).count() == 1
    sweep()
    assert not chat_emails(ada)  # not before the grace time

    clock.past_grace()
    sweep()
    sweep()
    [message] = chat_emails(ada)
    assert (
        message.subject
        == f"2 new chat messages in Monopoly Deal game {game.pk} with Bea"
    )
    assert "Bea: hello <Ada>" in message.body
    assert "Bea: are you there?" in message.body
    assert "my own words" not in message.body
    assert "hello &lt;Ada&gt;" in html_of(message)
    assert f"{SITE}/games/{game.pk}/#chat" in message.body
    assert (
        message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    )
    assert not chat_emails(bea)  # Bea did not ask

    # A message after the batch went out starts a new batch.
    say(game, bea, "ok, later then")
    clock.past_grace()
    sweep()
    assert len(chat_emails(ada)) == 2
    assert "ok, later then" in chat_emails(ada)[-1].body
    assert "are you there?" not in chat_emails(ada)[-1].body


def test_no_email_of_messages_read_at_the_table(clock, players):
    ada, bea = players
    game = make_game(creator=ada, players=[bea])
    say(game, bea, "hello")
    clock.advance(10)
    client = Client()
    client.force_login(ada)
    client.get(game.get_absolute_url())
    clock.past_grace()
    sweep()
    assert not chat_emails(ada)
    record = Notification.objects.get(kind=Notification.Kind.CHAT)
    assert record.outcome == Outcome.SEEN


def test_no_email_of_muted_players_or_of_the_spectators(clock, players, user_factory):
    ada, bea = players
    cy = user_factory("cy", display_name="Cy")
    game = make_game(creator=ada, players=[bea])
    chat.user_mute(user=ada, muted_id=bea.pk)
    say(game, bea, "muted words")
    say(game, cy, "spectator words", room="spectators")
    clock.past_grace()
    sweep()
    assert not chat_emails(ada)
    assert not Notification.objects.filter(kind=Notification.Kind.CHAT).exists()


def test_the_unsubscribe_link_turns_chat_emails_off(clock, players):
    ada, bea = players
    game = make_game(creator=ada, players=[bea])
    say(game, bea, "hello")
    clock.past_grace()
    sweep()
    [message] = chat_emails(ada)
    link = message.extra_headers["List-Unsubscribe"].strip("<>")
    response = Client(enforce_csrf_checks=True).post(
        link.removeprefix(SITE),
        "List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 200
    ada.refresh_from_db()
    assert ada.chat_emails is False
    assert ada.notify == ada.Notify.EACH_MOVE  # only that kind


def test_the_profile_offers_chat_emails(user):
    client = Client()
    client.force_login(user)
    page = client.get(reverse("profile")).content.decode()
    assert "Email me chat messages in my games" in page
    client.post(
        reverse("profile"),
        {
            "display_name": "",
            "time_zone": "UTC",
            "notify": "each_move",
            "reminders": "on",
            "chat_emails": "on",
        },
    )
    user.refresh_from_db()
    assert user.chat_emails is True
