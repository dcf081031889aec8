"""What a message may be: plain text, escaped, at most 500 characters, at
most 5 in 10 seconds per user, and nothing from a suspended user."""

import html
from datetime import timedelta

import pytest

from django.urls import reverse
from django.utils import timezone

from games.chat import services
from games.chat.errors import ChatSuspended, EmptyMessage, MessageTooLong, TooFast
from games.chat.models import Message, Suspension
from tests.chat.conftest import client_for, say
from tests.games.factories import make_game

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def post(user, game, text, **headers):
    return client_for(user).post(
        reverse("chat:post", args=[game.pk]),
        {"room": "players", "text": text},
        **headers,
    )


def test_a_script_message_shows_as_text(game, ada, bea):
    say(game, ada, '<script>alert("hi")</script> <b>bold</b>')
    page = client_for(bea).get(game.get_absolute_url()).content.decode()
    assert "&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;" in page
    assert '<script>alert("hi")' not in page
    assert "<b>bold</b>" not in page
    partial = client_for(bea).get(
        reverse("chat:chat", args=[game.pk]), {"after": 0}, **HTMX
    )
    assert "&lt;script&gt;" in partial.content.decode()


def test_a_link_is_shown_as_text_and_not_made_a_link(game, ada, bea):
    say(game, ada, "look https://example.com/win?x=1&y=2")
    page = client_for(bea).get(game.get_absolute_url()).content.decode()
    assert "https://example.com/win?x=1&amp;y=2" in page
    assert 'href="https://example.com' not in page


def test_newlines_are_kept_and_control_characters_dropped(game, ada):
    message = say(game, ada, "  line one\r\nline two\x07\x00 \u202egnp.exe  ")
    assert message.text == "line one\nline two gnp.exe"


def test_500_characters_pass_and_501_are_refused_with_400(game, ada):
    assert say(game, ada, "x" * 500).text == "x" * 500
    with pytest.raises(MessageTooLong):
        say(game, ada, "y" * 501)
    response = post(ada, game, "y" * 501)
    assert response.status_code == 400
    assert "at most 500 characters; yours has 501" in response.content.decode()
    # The text comes back in the form, to shorten.
    assert "y" * 501 in response.content.decode()
    assert Message.objects.count() == 1


def test_an_empty_message_is_refused(game, ada):
    with pytest.raises(EmptyMessage):
        say(game, ada, "   \n ")
    assert post(ada, game, "", **HTMX).status_code == 400


def test_five_messages_in_ten_seconds_then_429(game, ada, bea, time_machine):
    time_machine.move_to(timezone.now(), tick=False)
    for n in range(5):
        say(game, ada, f"message {n}")
        time_machine.shift(timedelta(seconds=1))
    response = post(ada, game, "one too many", **HTMX)
    assert response.status_code == 429
    note = html.unescape(response.content.decode())
    assert "too fast: at most 5 in 10 seconds" in note
    assert "Wait 5 seconds" in note
    # Another user is not held back, and the same user is again once the
    # oldest message is 10 seconds old.
    say(game, bea, "my turn to talk")
    time_machine.shift(timedelta(seconds=5))
    say(game, ada, "back again")
    assert Message.objects.filter(author=ada).count() == 6


def test_the_limit_counts_every_game_of_the_user(game, ada, bea, time_machine):
    time_machine.move_to(timezone.now(), tick=False)
    other = make_game(creator=ada, players=[bea])
    for n in range(5):
        say(game if n % 2 else other, ada, f"message {n}")
    with pytest.raises(TooFast):
        say(game, ada, "six")


def test_a_suspended_user_is_refused_with_the_reason(game, ada, bea):
    Suspension.objects.create(user=ada, reason="abuse")
    with pytest.raises(ChatSuspended, match="suspended your chat"):
        say(game, ada, "hello")
    response = post(ada, game, "hello", **HTMX)
    assert response.status_code == 403
    assert "suspended your chat" in html.unescape(response.content.decode())
    # A suspension that ran out no longer holds.
    Suspension.objects.update(until=timezone.now() - timedelta(minutes=1))
    say(game, ada, "hello again")
    # One until a date says so.
    Suspension.objects.create(user=bea, until=timezone.now() + timedelta(days=2))
    with pytest.raises(ChatSuspended, match="until"):
        services.message_post(game_id=game.pk, user=bea, room="players", text="hi")
