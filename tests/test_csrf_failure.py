"""A form refused for its CSRF token (`mdeal_site.csrf`): a table open for
days outlives its token when the player signs in again elsewhere. The move is
not made; an htmx page is told to load afresh, with a message saying so
(Django's bare 'Forbidden' page used to be swapped into the table, which then
stopped updating); a plain form gets a page saying so, with a way back."""

import json

import pytest

from django.test import Client
from django.urls import reverse

from mdeal_site.csrf import NOT_DONE
from tests.games.factories import awaited_seat, default_move, fresh
from tests.games.test_views import HTMX, as_json

pytestmark = pytest.mark.django_db


def strict_client_for(user) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def stale_post(client, game, **headers):
    seat = awaited_seat(game)
    data = {
        "move": json.dumps(as_json(default_move(game, seat))),
        "version": game.version,
        "csrfmiddlewaretoken": "x" * 64,  # a token of another sign-in
    }
    return client.post(reverse("games:move", args=[game.pk]), data, **headers)


def test_an_htmx_move_with_a_stale_token_reloads_the_page_and_says_why(
    two_player_game,
):
    game = two_player_game
    client = strict_client_for(awaited_seat(game).user)
    client.cookies["csrftoken"] = "y" * 32

    response = stale_post(client, game, **HTMX)

    assert response.status_code == 403
    assert response["HX-Refresh"] == "true"
    assert fresh(game).version == game.version  # not made
    page = client.get(game.get_absolute_url()).content.decode()
    assert NOT_DONE.replace("'", "&#x27;") in page
    assert 'id="table"' in page


def test_a_plain_form_with_a_stale_token_gets_a_page_with_a_way_back(
    two_player_game,
):
    game = two_player_game
    client = strict_client_for(awaited_seat(game).user)
    client.cookies["csrftoken"] = "y" * 32
    table = f"http://testserver{game.get_absolute_url()}"

    response = stale_post(client, game, HTTP_REFERER=table)

    assert response.status_code == 403
    html = response.content.decode()
    assert "This page was out of date" in html and "Forbidden" not in html
    assert f'href="{table}"' in html
    assert fresh(game).version == game.version


def test_the_way_back_never_leads_off_the_site(two_player_game):
    client = strict_client_for(awaited_seat(two_player_game).user)
    response = stale_post(
        client, two_player_game, HTTP_REFERER="https://elsewhere.example/phish"
    )
    assert response.status_code == 403
    assert "elsewhere.example" not in response.content.decode()
