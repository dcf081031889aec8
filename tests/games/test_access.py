"""Holes a review found: the admin's snapshot, forged invite tokens, and the
hand of a seat a bot took over."""

import pytest

from django.urls import reverse

from games.models import Game, Seat
from tests.games.factories import make_game
from tests.games.test_hidden import exposed_cards
from tests.second_factor import staff_client

pytestmark = pytest.mark.django_db


def test_the_admin_hides_a_live_games_snapshot(user_factory):
    staff = user_factory("staff", is_staff=True, is_superuser=True)
    game = make_game(creator=user_factory("ada"), bots=1)
    client = staff_client(staff)

    page = client.get(reverse("admin:games_game_change", args=[game.pk]))

    assert page.status_code == 200
    assert "Snapshot" not in page.text
    assert '"hand"' not in page.text


def test_the_admin_shows_a_finished_games_snapshot(user_factory):
    staff = user_factory("staff", is_staff=True, is_superuser=True)
    game = make_game(creator=user_factory("ada"), bots=1)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    client = staff_client(staff)

    page = client.get(reverse("admin:games_game_change", args=[game.pk]))

    assert "Snapshot" in page.text


@pytest.mark.parametrize("token", ["%00abc", "a%20b", "bad.token"])
def test_a_forged_invite_token_is_not_found(client, user, token):
    client.force_login(user)

    assert client.get(f"/games/join/{token}/").status_code == 404
    assert client.post(f"/games/join/{token}/").status_code == 404


def test_a_player_whose_seat_a_bot_took_over_no_longer_sees_its_hand(
    client, user_factory
):
    ada = user_factory("ada")
    bea = user_factory("bea")
    game = make_game(creator=ada, players=[bea], public=False)
    seat = Seat.objects.get(game=game, user=bea)
    hand = set(game.state().players[seat.position].hand)
    client.force_login(bea)
    assert hand <= exposed_cards(client.get(game.get_absolute_url()).text)

    Seat.objects.filter(pk=seat.pk).update(status=Seat.Status.LEFT, bot="sensible")
    page = client.get(game.get_absolute_url())

    assert page.status_code == 200
    assert not hand & exposed_cards(page.text)
