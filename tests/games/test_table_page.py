"""Issue 11's smaller fixes: what the pages say, and saying it truthfully."""

import re
import zoneinfo

import pytest

from django.urls import reverse

from games import services
from games.models import Game, GameEvent
from tests.games.factories import make_game
from tests.games.test_views import client_for

pytestmark = pytest.mark.django_db


def test_a_cancelled_table_says_so_and_offers_nothing(user, other_user, user_factory):
    game = make_game(creator=user, seat_count=3, players=[other_user], start=False)
    services.game_leave(game_id=game.pk, user=user)
    for who in (user, other_user, user_factory("cy")):
        html = client_for(who).get(game.get_absolute_url()).content.decode()
        assert "cancelled" in html
        assert "waiting for players" not in html
        assert "listed in the lobby" not in html
        for button in ("Take a seat", "Start now", "Cancel this table", "Leave"):
            assert f">{button}" not in html


def test_history_times_are_in_the_players_time_zone(user, other_user):
    user.time_zone = "Asia/Tokyo"  # UTC+9 all year: no daylight saving
    user.save()
    game = make_game(creator=user, players=[other_user])
    html = client_for(user).get(reverse("games:history", args=[game.pk])).content
    at = GameEvent.objects.filter(game=game).latest("seq").created_at
    tokyo = at.astimezone(zoneinfo.ZoneInfo("Asia/Tokyo"))
    assert tokyo.strftime("%H:%M").encode() in html
    assert at.strftime("%H:%M").encode() not in html


def test_the_home_page_says_what_the_site_does():
    from django.test import Client

    html = Client().get("/").content.decode()
    assert "five minutes" in html
    assert "careful bot" not in html
    assert "simplest move" in html


def test_after_resigning_the_status_line_says_so(user, other_user, user_factory):
    cy = user_factory("cy", display_name="Cy")
    game = make_game(creator=user, players=[other_user, cy])
    services.game_resign(game_id=game.pk, user=cy)
    html = client_for(cy).get(game.get_absolute_url()).content.decode()
    line = re.search(r'<p class="status__line[^"]*">([^<]*)</p>', html).group(1)
    assert line.startswith("You resigned")


def create_form(client) -> dict:
    html = client.get(reverse("games:lobby")).content.decode()
    token = re.search(r'name="once" value="([^"]+)"', html).group(1)
    return {
        "seat_count": 2,
        "seconds_per_decision": 3600,
        "public": "on",
        "once": token,
    }


def test_sending_the_create_form_twice_makes_one_table(user):
    client = client_for(user)
    form = create_form(client)
    first = client.post(reverse("games:create"), form)
    again = client.post(reverse("games:create"), form)
    assert Game.objects.filter(created_by=user).count() == 1
    assert first["Location"] == again["Location"]
    client.post(reverse("games:create"), create_form(client))
    assert Game.objects.filter(created_by=user).count() == 2


def test_the_last_seat_of_an_invitation_says_it_starts_the_game(
    user, other_user, user_factory
):
    game = make_game(creator=user, seat_count=3, players=[other_user], start=False)
    join = reverse("games:join", args=[game.invite_token])
    html = client_for(user_factory("cy")).get(join).content.decode()
    assert "taking it starts the game at once" in html
    roomy = make_game(creator=user, seat_count=3, start=False)
    join = reverse("games:join", args=[roomy.invite_token])
    html = client_for(other_user).get(join).content.decode()
    assert "starts the game at once" not in html
    host = client_for(user).get(roomy.get_absolute_url()).content.decode()
    assert "starts by itself when every seat is taken" in host


def test_spectators_of_a_public_game_get_the_socket_address(
    two_player_game, user_factory
):
    html = client_for(user_factory("cy")).get(two_player_game.get_absolute_url())
    assert f'data-ws="/ws/games/{two_player_game.pk}/"' in html.content.decode()
