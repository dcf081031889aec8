"""The expert bot on the site: chosen for empty seats, rated, thinking in the
worker within its budget, and announced as thinking while it does."""

import dataclasses

import pytest

from django.test import Client
from django.urls import reverse

from games import services
from games.engines import deal as engine
from games.engines.deal import bots
from games.engines.deal.bots import expert
from games.kinds.deal.table import status_line
from games.models import Game, GameEvent, Seat
from games.ratings import bot_accounts
from games.ratings.models import Rating
from tests.games.factories import (
    awaited_seat,
    default_move,
    fresh,
    make_game,
    move_submit_as,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick_expert(settings):
    # A hundredth of a second a decision: these tests check the wiring.
    settings.BOT_EXPERT_SECONDS = 0.01


def test_the_host_fills_empty_seats_with_expert_bots(user):
    game = make_game(creator=user, seat_count=3, start=False)
    client = Client()
    client.force_login(user)
    response = client.post(reverse("games:add_bots", args=[game.pk]), {"bot": "expert"})
    assert response.status_code == 302
    game = fresh(game)
    assert game.status == Game.Status.ACTIVE
    assert sorted(s.bot for s in game.seats.all()) == ["", "expert", "expert"]


def test_the_waiting_room_offers_each_bot_strength(user):
    game = make_game(creator=user, seat_count=3, start=False)
    client = Client()
    client.force_login(user)
    page = client.get(game.get_absolute_url()).content.decode()
    assert 'name="bot"' in page
    for value in ("sensible", "random", "expert"):
        assert f'value="{value}"' in page


def test_expert_bots_play_in_the_worker_with_the_budget_setting(user, monkeypatch):
    budgets = []
    real = bots.bot_move

    def spy(state, seat, name="sensible", rng=None, **budget):
        if name == "expert":
            budgets.append(budget["seconds"])
            assert budget["clock"] is not None  # the engine has no clock
        return real(state, seat, name, rng, **budget)

    monkeypatch.setattr(bots, "bot_move", spy)
    game = make_game(creator=user, seat_count=2, start=False)
    services.game_add_bots(game_id=game.pk, user=user, bot=Seat.Bot.EXPERT)
    # The human plays what a timeout would; the worker's task plays the bot.
    for _ in range(20):
        if budgets:
            break
        seat = awaited_seat(game)
        if seat.user_id is None:
            game = fresh(game)
            assert services.bots_play(game_id=game.pk, version=game.version)
        else:
            move_submit_as(game, seat, default_move(game, seat))
    assert budgets and set(budgets) == {0.01}
    game = fresh(game)
    assert game.is_over or awaited_seat(game).user_id == user.pk


def test_an_expert_seat_is_rated_as_its_own_account():
    ids = bot_accounts(["expert"])
    rating = Rating.objects.get(user_id=ids["expert"])
    assert rating.bot == "expert"
    assert rating.user.username == "expert-bot"
    assert bot_accounts(["expert"]) == ids  # made once


def test_the_status_line_says_a_bot_is_thinking():
    view = {
        "phase": "play",
        "awaiting": [{"seat": 1, "kind": "play"}],
        "plays_left": 3,
    }
    names = ["Ann", "Bot 2 (expert)"]
    assert status_line(view, names, 0, bots={1}) == "Bot 2 (expert) is thinking."
    assert status_line(view, names, 0) == "Bot 2 (expert) is playing."


def _expert_calls(user, monkeypatch, wanted: int):
    """Play a two-seat game against the expert until it has moved `wanted`
    times: (seat, history it was given, events stored then) a move."""
    calls = []
    real = bots.bot_move

    def spy(state, seat, name="sensible", rng=None, **kw):
        if name == "expert":
            stored = GameEvent.objects.filter(game=game).count()
            calls.append((seat, kw["history"], stored))
        return real(state, seat, name, rng, **kw)

    monkeypatch.setattr(bots, "bot_move", spy)
    game = make_game(creator=user, seat_count=2, start=False)
    services.game_add_bots(game_id=game.pk, user=user, bot=Seat.Bot.EXPERT)
    for _ in range(30):
        if len(calls) >= wanted:
            break
        seat = awaited_seat(game)
        game = fresh(game)
        if seat.user_id is None:
            services.bots_play(game_id=game.pk, version=game.version)
        else:
            move_submit_as(game, seat, default_move(game, seat))
    assert len(calls) >= wanted
    return game, calls


def test_the_expert_reads_only_its_seats_public_history(user, monkeypatch):
    monkeypatch.setattr(expert, "STYLE", dataclasses.replace(expert.STYLE, infer=True))
    game, calls = _expert_calls(user, monkeypatch, 3)
    stored = [
        engine.from_json(data)
        for data in GameEvent.objects.filter(game=game)
        .order_by("seq")
        .values_list("data", flat=True)
    ]
    for seat, history, count in calls:
        # Every event so far, each as that seat may read it: no other hand.
        assert history == [engine.redact(e, seat) for e in stored[:count]]
        assert history[0]["order"] is None
        for other in history:
            if other["type"] in ("CardsDealt", "CardsDrawn") and other["seat"] != seat:
                assert other["cards"] is None
    assert calls[-1][2] > calls[0][2]


def test_the_site_loads_no_history_for_an_expert_that_does_not_read_it(
    user, monkeypatch
):
    monkeypatch.setattr(expert, "STYLE", dataclasses.replace(expert.STYLE, infer=False))
    _, calls = _expert_calls(user, monkeypatch, 2)
    assert [history for _, history, _ in calls] == [None] * len(calls)
