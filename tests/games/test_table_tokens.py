"""A table rendered for a request carries that browser's CSRF token in every
form (the render marks it, games.views puts it in): its move forms post, and
no mark is left, whatever the fragments kept from other requests."""

import re

import pytest

from django.test import Client
from django.urls import reverse

from games import pushed
from tests.games.factories import awaited_seat, fresh, make_game

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]*)"')
FORM = re.compile(r'<form class="move"[^>]*action="([^"]+)"[^>]*>(.*?)</form>', re.S)


def browser(user) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    client.get(reverse("games:lobby"))  # its CSRF cookie
    return client


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "partial"])
def test_the_tables_forms_post_with_the_token_they_carry(user, other_user, headers):
    game = make_game(creator=user, players=[other_user])
    mover = awaited_seat(game).user
    for _ in range(2):  # the second from kept fragments
        client = browser(mover)
        html = client.get(game.get_absolute_url(), **headers).content.decode()
        assert pushed.CSRF_MARK not in html
        assert len(set(TOKEN.findall(html))) == 1
    action, fields = FORM.search(html).groups()
    data = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', fields))
    data = {k: v.replace("&quot;", '"') for k, v in data.items()}

    response = client.post(action, data, **HTMX)

    assert response.status_code == 200
    assert pushed.CSRF_MARK not in response.content.decode()
    assert fresh(game).version > game.version
