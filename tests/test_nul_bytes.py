"""A NUL byte in a request meets a clear refusal, never a query.

PostgreSQL refuses NUL in text (a DataError, so a 500, wherever a URL part or
a cookie reached a query: /players/%00/ did). mdeal_site.middleware turns
them away first: in the path, no page (404); in a cookie, the cookie is
ignored (the table's WebSocket too: mdeal_site.asgi). Query strings and
form fields are refused or cleaned by the views and forms that read them.
Run with DATABASE_URL pointing at PostgreSQL for these to mean the most.
"""

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from django.conf import settings
from django.test import Client
from django.urls import reverse

from games.chat.models import Message
from mdeal_site.asgi import application
from tests.games.factories import make_game

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize(
    "path",
    [
        "/players/%00/",
        "/players/ada%00/",
        "/notifications/unsubscribe/%00/",
        "/games/join/%00abc/",
        "/accounts/password/reset/key/%00-x/",
        "/admin/accounts/user/%00/change/",
    ],
)
def test_a_nul_in_the_path_is_no_page(user, path):
    response = signed_in(user).get(path)

    assert response.status_code == 404


# In a query or a form field a NUL needs no check of its own: the views and
# forms already refuse or strip it before any query. These hold them to it.


def test_a_nul_in_a_query_string_is_read_as_no_filter(user):
    response = signed_in(user).get("/players/ada/", {"result": "won\x00"})

    assert response.status_code == 200


def test_a_nul_in_a_chat_message_is_stripped_with_the_other_control_characters(
    user, other_user
):
    game = make_game(creator=user, players=[other_user])

    response = signed_in(user).post(
        reverse("chat:post", args=[game.pk]),
        {"room": "players", "text": "hello\x00there"},
    )

    assert response.status_code == 302
    assert Message.objects.get().text == "hellothere"


@pytest.mark.parametrize("field", ["login", "password"])
def test_a_nul_in_a_login_is_refused_by_the_form(user, client, field):
    data = {"login": user.username, "password": user.raw_password} | {field: "x\x00y"}

    response = client.post(reverse("account_login"), data)

    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_a_session_cookie_holding_a_nul_is_ignored(client):
    # An octal escape in a quoted cookie value is read as the character.
    cookie = f'{settings.SESSION_COOKIE_NAME}="abcdefgh\\000ijklmnop"'

    response = client.get(reverse("profile"), HTTP_COOKIE=cookie)

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_table_socket_with_a_session_cookie_holding_a_nul_is_anonymous(
    user, other_user, channel_layer
):
    game = await sync_to_async(make_game)(creator=user, players=[other_user])
    cookie = f'{settings.SESSION_COOKIE_NAME}="abcdefgh\\000ijklmnop"'.encode()
    socket = WebsocketCommunicator(
        application,
        f"/ws/games/{game.pk}/",
        headers=[(b"origin", b"http://localhost"), (b"cookie", cookie)],
    )

    connected, code = await socket.connect()

    assert not connected
    assert code == 4403  # as any visitor who is not signed in
