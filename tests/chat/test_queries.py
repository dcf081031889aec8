"""The chat partial costs a fixed number of queries, however many messages,
mutes and players; the table page only one more than without a chat."""

import pytest

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.chat import services
from games.chat.models import Message
from games.models import Game
from tests.chat.conftest import client_for

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
# user, game, seats (with users), messages (muted users left out); the session
# comes from the cache
MAX_CHAT_QUERIES = 4


def queries(client, url, **kwargs) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, **kwargs)
    assert response.status_code in (200, 204)
    return len(captured)


def write(game, authors, count: int) -> None:
    Message.objects.bulk_create(
        Message(
            game=game, room="players", author=authors[n % len(authors)], text=f"m{n}"
        )
        for n in range(count)
    )


def test_the_chat_partial_queries_do_not_grow_with_messages(
    game, ada, bea, cy, user_factory
):
    client = client_for(ada)
    url = reverse("chat:chat", args=[game.pk])
    queries(client, url, **HTMX)  # warm the session
    write(game, [ada, bea], 3)
    few = queries(client, url, **HTMX)
    few_after = queries(client, url, data={"after": 1}, **HTMX)

    write(game, [ada, bea], 150)
    for n in range(5):
        services.user_mute(user=ada, muted_id=user_factory(f"noisy{n}").pk)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    write(game, [cy], 30)  # spectators too, now both rooms are read
    many = queries(client, url, **HTMX)
    many_after = queries(client, url, data={"after": 1}, **HTMX)

    assert few == many <= MAX_CHAT_QUERIES
    assert few_after == many_after <= MAX_CHAT_QUERIES


def test_the_table_page_pays_one_query_for_its_chat(game, ada, bea):
    client = client_for(ada)
    url = game.get_absolute_url()
    queries(client, url)
    write(game, [ada, bea], 120)
    with_chat = queries(client, url)
    partial = queries(client, url, **HTMX)  # no chat in the table partial
    assert with_chat == partial + 1
