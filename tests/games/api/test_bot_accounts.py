"""Bot accounts: the upgrade (by the API or the tokens page; for good; only
with no rated game played), a bot's web moves refused while its API moves
go on, the BOT mark where its name shows, the leaderboard's tab of its own,
and a human's choice of whether bots may challenge them."""

import json
import random

import pytest

from django.urls import reverse

from accounts.models import User
from games.api.models import Scope
from games.engines import deal as engine
from games.engines.deal.bots import sensible_bot
from games.models import Game, Rating
from tests.games.api.test_api import api, post_move, token
from tests.games.factories import awaited_seat, fresh, make_game

pytestmark = pytest.mark.django_db

MARK = 'class="tag tag--bot"'


def upgrade(user):
    return api(token(user, [Scope.READ, Scope.PLAY])).post(reverse("api:bot_upgrade"))


def is_bot(user) -> bool:
    return User.objects.get(pk=user.pk).is_bot


def test_an_account_with_no_rated_game_becomes_a_bot_by_the_api(user):
    refused = api(token(user, [Scope.READ])).post(reverse("api:bot_upgrade"))
    assert refused.status_code == 403 and not is_bot(user)
    done = upgrade(user)
    assert done.status_code == 200 and done.json() == {"username": "ada", "bot": True}
    assert is_bot(user)
    assert upgrade(user).status_code == 200  # twice is once
    account = api(token(user)).get(reverse("api:account")).json()
    assert account["bot"] is True


def test_an_account_that_played_a_rated_game_cannot_become_a_bot(user, other_user):
    make_game(creator=user, players=[other_user])  # rated, started
    refused = upgrade(user)
    assert refused.status_code == 409
    assert "rated games" in refused.json()["error"]
    assert not is_bot(user)


def test_a_casual_game_or_an_open_table_does_not_stop_the_upgrade(
    user, other_user, user_factory
):
    from games import services

    services.game_create(creator=user, seat_count=2, seconds_per_decision=3600)
    casual = services.game_create(
        creator=other_user, seat_count=2, seconds_per_decision=3600, rated=False
    )
    services.game_join(game_id=casual.pk, user=user)
    assert fresh(casual).status == Game.Status.ACTIVE
    assert upgrade(user).status_code == 200


def test_the_tokens_page_upgrades_after_the_tick(client_logged_in, user):
    page = client_logged_in.get(reverse("api:tokens")).content.decode()
    assert "Make this a bot account" in page
    client_logged_in.post(reverse("api:bot_upgrade_page"))
    assert not is_bot(user)  # no tick: nothing
    client_logged_in.post(reverse("api:bot_upgrade_page"), {"for_good": "yes"})
    assert is_bot(user)
    page = client_logged_in.get(reverse("api:tokens")).content.decode()
    assert "Make this a bot account" not in page and MARK in page


def test_the_tokens_page_says_why_an_upgrade_is_refused(
    client_logged_in, user, other_user
):
    make_game(creator=user, players=[other_user])
    page = client_logged_in.post(
        reverse("api:bot_upgrade_page"), {"for_good": "yes"}, follow=True
    )
    assert "has played rated games" in page.content.decode()
    assert not is_bot(user)


def _bot_game(user, other_user):
    """A casual game whose awaited seat is a bot account's."""
    from games import services

    game = services.game_create(
        creator=user, seat_count=2, seconds_per_decision=3600, rated=False
    )
    services.game_join(game_id=game.pk, user=other_user)
    seat = awaited_seat(fresh(game))
    seat.user.is_bot = True
    seat.user.save(update_fields=["is_bot"])
    return fresh(game), seat


def test_a_bot_accounts_web_moves_are_refused_its_api_moves_played(user, other_user):
    game, seat = _bot_game(user, other_user)
    move = engine.to_json(sensible_bot(game.state(), seat.position, random.Random(1)))
    from django.test import Client

    web = Client()
    web.force_login(seat.user)
    for name, data in (
        ("games:move", {"move": json.dumps(move), "version": game.version}),
        ("games:play", {"version": game.version}),
        ("games:charge_pay", {"version": game.version}),
    ):
        refused = web.post(reverse(name, args=[game.pk]), data)
        assert refused.status_code == 403, name
        assert "bot account" in refused.content.decode()
        assert fresh(game).version == game.version
    played = post_move(api(token(seat.user)), game, move)
    assert played.status_code == 200
    assert fresh(game).version > game.version


def test_the_bot_mark_shows_where_the_name_does(client_logged_in, user, other_user):
    from games import services

    other_user.is_bot = True
    other_user.save(update_fields=["is_bot"])
    open_table = services.game_create(
        creator=other_user, seat_count=3, seconds_per_decision=3600
    )
    lobby = client_logged_in.get(reverse("games:lobby")).content.decode()
    assert MARK in lobby
    services.game_join(game_id=open_table.pk, user=user)
    services.game_add_bots(game_id=open_table.pk, user=other_user)
    table = client_logged_in.get(reverse("games:table", args=[open_table.pk]))
    assert table.content.decode().count(MARK) >= 1
    page = client_logged_in.get(reverse("players:player", args=["bea"]))
    assert MARK in page.content.decode()
    mine = client_logged_in.get(reverse("players:player", args=["ada"])).content
    heading = mine.decode().split("<h1>", 1)[1].split("</h1>", 1)[0]
    assert MARK not in heading  # a person's name: no mark
    assert 'Bea <span class="tag tag--bot"' in mine.decode()  # her game, listed


def test_bot_accounts_have_their_own_leaderboard_tab(
    client_logged_in, user, user_factory
):
    bot = user_factory("robo", display_name="Robo", is_bot=True)
    person = user_factory("cleo", display_name="Cleo")
    for account, value in ((bot, 1500), (person, 1200)):
        Rating.objects.create(user=account, kind="deal", value=value, games=12)
    board = reverse("players:leaderboard")
    rated = client_logged_in.get(board + "?list=established&period=all")
    names = [r.user.username for r in rated.context["board"].rows]
    assert "cleo" in names and "robo" not in names
    bots = client_logged_in.get(board + "?list=bots&period=all")
    assert [r.user.username for r in bots.context["board"].rows] == ["robo"]
    assert MARK in bots.content.decode() and 'aria-current="page">Bot accounts' in (
        bots.content.decode()
    )
    # A person's rank counts people only.
    page = client_logged_in.get(reverse("players:player", args=["cleo"]))
    assert page.context["p"].rank == 1
    assert (
        client_logged_in.get(reverse("players:player", args=["robo"])).context["p"].rank
        is None
    )


def test_the_friends_page_keeps_whether_bots_may_challenge(client_logged_in, user):
    page = client_logged_in.get(reverse("social:friends"))
    assert page.context["settings_form"]["bot_challenges"].value() is True
    client_logged_in.post(reverse("social:settings"), {"challenges_from": "everyone"})
    page = client_logged_in.get(reverse("social:friends"))
    assert page.context["settings_form"]["bot_challenges"].value() is False
    client_logged_in.post(
        reverse("social:settings"),
        {"challenges_from": "everyone", "bot_challenges": "on"},
    )
    page = client_logged_in.get(reverse("social:friends"))
    assert page.context["settings_form"]["bot_challenges"].value() is True
