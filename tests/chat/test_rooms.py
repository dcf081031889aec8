"""Players' and spectators' chats: apart while the game is played, both open
to everyone once it is over; who may write where."""

import html as html_lib

import pytest

from django.urls import reverse

from games.chat.errors import ChatClosed, NotInRoom
from games.chat.models import Message
from games.errors import GameNotFound
from games.models import Game
from tests.chat.conftest import client_for, say
from tests.games.factories import make_game

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def chat_html(user, game) -> str:
    response = client_for(user).get(reverse("chat:chat", args=[game.pk]), **HTMX)
    assert response.status_code == 200
    return response.content.decode()


def table_html(user, game) -> str:
    response = client_for(user).get(game.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()


def finish(game):
    """End the game (as the engine would at a win): the chats open."""
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)


def test_players_and_spectators_read_only_their_own_room_during_the_game(
    game, ada, bea, cy
):
    say(game, ada, "Good luck, Bea")
    say(game, cy, "Ada will win this", room="spectators")

    for player in (ada, bea):
        for html in (chat_html(player, game), table_html(player, game)):
            assert "Good luck, Bea" in html
            assert "Ada will win this" not in html
    for html in (chat_html(cy, game), table_html(cy, game)):
        assert "Ada will win this" in html
        assert "Good luck, Bea" not in html


def test_both_rooms_are_open_to_everyone_once_the_game_is_over(game, ada, bea, cy):
    say(game, ada, "Good luck, Bea")
    say(game, cy, "Ada will win this", room="spectators")
    finish(game)

    for reader in (ada, bea, cy):
        html = chat_html(reader, game)
        assert "Good luck, Bea" in html
        assert "Ada will win this" in html
    # The whole chat page too, and the new messages (after=0).
    page = client_for(bea).get(reverse("chat:chat", args=[game.pk]))
    assert "Ada will win this" in page.content.decode()


def test_a_spectator_cannot_post_to_the_players_chat(game, cy):
    with pytest.raises(NotInRoom):
        say(game, cy, "Play the Deal Breaker!")
    response = client_for(cy).post(
        reverse("chat:post", args=[game.pk]),
        {"room": "players", "text": "Play the Deal Breaker!"},
    )
    assert response.status_code == 403
    assert "Only the players of this game can write" in response.content.decode()
    assert not Message.objects.exists()


def test_a_player_cannot_post_to_the_spectators_chat(game, ada):
    response = client_for(ada).post(
        reverse("chat:post", args=[game.pk]),
        {"room": "spectators", "text": "Hello watchers"},
        **HTMX,
    )
    assert response.status_code == 403
    assert "the spectators' chat is theirs" in html_lib.unescape(
        response.content.decode()
    )
    assert not Message.objects.exists()


def test_outsiders_of_a_private_game_find_no_chat(ada, bea, cy):
    private = make_game(creator=ada, players=[bea], public=False)
    with pytest.raises(GameNotFound):
        say(private, cy, "hello", room="spectators")
    client = client_for(cy)
    assert client.get(reverse("chat:chat", args=[private.pk])).status_code == 404
    response = client.post(
        reverse("chat:post", args=[private.pk]), {"room": "players", "text": "hi"}
    )
    assert response.status_code == 404


def test_no_chat_before_the_game_starts(ada, bea):
    waiting = make_game(creator=ada, seat_count=3, start=False)
    with pytest.raises(ChatClosed):
        say(waiting, ada, "anyone?")
    assert 'id="chat"' not in table_html(ada, waiting)


def test_without_javascript_a_message_posts_and_redirects_to_the_table(game, bea):
    client = client_for(bea)
    response = client.post(
        reverse("chat:post", args=[game.pk]), {"room": "players", "text": "Hi all"}
    )
    assert response.status_code == 302
    assert response.url == game.get_absolute_url() + "#chat"
    page = client.get(response.url).content.decode()
    assert "Hi all" in page
    assert Message.objects.get().author == bea


def test_new_messages_are_asked_for_after_the_last_one_shown(game, ada, bea):
    first = say(game, ada, "one")
    client = client_for(bea)
    url = reverse("chat:chat", args=[game.pk])
    assert client.get(url, {"after": first.pk}, **HTMX).status_code == 204
    second = say(game, ada, "two")
    response = client.get(url, {"after": first.pk}, **HTMX)
    html = response.content.decode()
    assert f'data-id="{second.pk}"' in html
    assert f'data-id="{first.pk}"' not in html


def test_an_htmx_post_answers_the_new_messages_and_clears_the_note(game, ada, bea):
    first = say(game, bea, "hello")
    response = client_for(ada).post(
        reverse("chat:post", args=[game.pk]),
        {"room": "players", "text": "hi Bea", "after": first.pk},
        **HTMX,
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "hi Bea" in html and "hello" not in html
    assert 'id="chat-note"' in html and 'hx-swap-oob="true"' in html


def test_a_seat_taken_over_by_a_bot_stays_in_the_players_room(game, ada, bea):
    game.seats.filter(user=bea).update(status="left")
    say(game, bea, "I had to go, sorry")
    assert "I had to go" in chat_html(ada, game)


def test_the_report_form_posts_where_the_report_url_is(game, ada, bea):
    message = say(game, bea, "hello")
    url = reverse("chat:report", args=[game.pk, message.pk])
    assert f'action="{url}"' in chat_html(ada, game)
