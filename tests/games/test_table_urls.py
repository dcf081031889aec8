"""A table's addresses are reversed once per game (games.selectors.table
`table_urls`), not by a `{% url %}` each on every render: the links and
forms point where `reverse` says."""

import re

import pytest

import django.urls
from django.urls import reverse

from tests.games.factories import awaited_seat, make_game
from tests.games.test_views import client_for

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_a_table_render_reverses_no_address_of_its_game(user, other_user, monkeypatch):
    game = make_game(creator=user, players=[other_user])
    client = client_for(user)
    client.get(game.get_absolute_url(), **HTMX)  # the addresses, reversed once
    reversed_ = []
    # `{% url %}` imports it as it renders.
    monkeypatch.setattr(
        django.urls, "reverse", lambda *a, **k: reversed_.append(a) or reverse(*a, **k)
    )

    response = client.get(game.get_absolute_url(), **HTMX)

    assert response.status_code == 200
    assert reversed_ == []


def test_the_table_links_and_posts_where_reverse_says(user, other_user):
    game = make_game(creator=user, players=[other_user])
    mover = awaited_seat(game).user  # their page has move buttons
    html = client_for(mover).get(game.get_absolute_url()).content.decode()

    for name in ("table", "history", "replay", "resign", "standing", "move"):
        assert f'"{reverse(f"games:{name}", args=[game.pk])}"' in html, name
    assert f'href="{reverse("games:mine")}"' in html
    assert f'data-url="{reverse("chat:chat", args=[game.pk])}"' in html


def test_a_waiting_room_offers_its_forms_at_their_addresses(user):
    game = make_game(creator=user, players=[], seat_count=3, start=False)
    html = client_for(user).get(game.get_absolute_url()).content.decode()

    actions = set(re.findall(r'action="([^"]+)"', html))
    assert reverse("games:add_bots", args=[game.pk]) in actions
    assert reverse("games:leave", args=[game.pk]) in actions
