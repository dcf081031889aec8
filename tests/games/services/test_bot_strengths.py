"""Bot strengths chosen on the create form: for the bots that fill empty seats
(at once or from the waiting room) and for the bot that plays on for a leaver.
A strength the site does not offer is refused and nothing is made."""

import pytest

from django.test import Client
from django.urls import reverse

from games import services
from games.errors import BadSettings
from games.models import Game, Seat
from tests.games.factories import fresh, make_game

pytestmark = pytest.mark.django_db

STRENGTHS = ("random", "sensible", "expert")


@pytest.fixture(autouse=True)
def quick_expert(settings):
    settings.BOT_EXPERT_SECONDS = 0.01  # the wiring, not the thinking


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def create(client, **fields):
    data = {"seat_count": 3, "seconds_per_decision": 3600, "public": "on"}
    return client.post(reverse("games:create"), {**data, **fields})


def test_the_create_form_offers_each_strength_for_bots_and_for_leavers(user):
    html = client_for(user).get(reverse("games:lobby")).content.decode()
    for name in ("bot", "leaver_bot"):
        assert f'name="{name}"' in html
    for value in STRENGTHS:
        assert html.count(f'value="{value}"') == 2
    assert 'name="bots_now"' in html


def test_a_game_created_with_bots_now_starts_against_bots_of_that_strength(user):
    response = create(client_for(user), bot="expert", bots_now="on")
    game = Game.objects.get(created_by=user)
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    assert game.status == Game.Status.ACTIVE
    assert sorted(s.bot for s in game.seats.all()) == ["", "expert", "expert"]
    assert game.seats.get(position=0).user == user


def test_without_bots_now_the_table_waits_and_offers_its_strength_first(user):
    client = client_for(user)
    create(client, bot="random")
    game = Game.objects.get(created_by=user)
    assert (game.status, game.bot, game.leaver_bot) == ("open", "random", "sensible")
    page = client.get(game.get_absolute_url()).content.decode()
    assert '<option value="random" selected>' in page
    assert '<option value="sensible" selected>' not in page
    # The waiting room's button without a choice seats the game's strength.
    client.post(reverse("games:add_bots", args=[game.pk]))
    assert sorted(s.bot for s in fresh(game).seats.all()) == ["", "random", "random"]


def test_the_table_names_the_bot_that_plays_on_for_a_leaver(user):
    client = client_for(user)
    create(client, option_bot_replaces_leaver="on", leaver_bot="expert")
    game = Game.objects.get(created_by=user)
    assert game.leaver_bot == "expert"
    page = client.get(game.get_absolute_url()).content.decode()
    assert "(Expert bot plays on.)" in page


def test_a_form_without_strengths_gets_sensible_bots(user):
    create(client_for(user), bots_now="on")
    game = Game.objects.get(created_by=user)
    assert (game.bot, game.leaver_bot) == ("sensible", "sensible")
    assert sorted(s.bot for s in game.seats.all()) == ["", "sensible", "sensible"]


@pytest.mark.parametrize(
    "forged",
    [
        {"bot": "god"},
        {"bot": "expert ", "bots_now": "on"},
        {"leaver_bot": "human"},
        {"leaver_bot": "<b>", "bots_now": "on"},
    ],
)
def test_a_forged_strength_is_refused_and_nothing_is_created(user, forged):
    response = create(client_for(user), **forged)
    assert response.status_code == 400
    [field] = [name for name in forged if name != "bots_now"]
    assert "Select a valid choice" in str(response.context["form"].errors[field])
    assert "Select a valid choice" in response.content.decode()
    assert not Game.objects.exists()
    assert not Seat.objects.exists()


@pytest.mark.parametrize("field", ["bot", "leaver_bot"])
def test_the_service_refuses_a_bot_it_does_not_know(user, field):
    with pytest.raises(BadSettings, match="There is no such bot"):
        services.game_create(
            creator=user, seat_count=2, seconds_per_decision=60, **{field: "cheater"}
        )
    assert not Game.objects.exists()


def test_the_waiting_room_refuses_a_forged_bot_and_leaves_the_seats_empty(user):
    game = make_game(creator=user, seat_count=3, start=False)
    response = client_for(user).post(
        reverse("games:add_bots", args=[game.pk]), {"bot": "god"}
    )
    assert response.status_code == 400
    assert "There is no such bot." in response.content.decode()
    game = fresh(game)
    assert game.status == Game.Status.OPEN
    assert [s.user for s in game.seats.all()] == [user]
