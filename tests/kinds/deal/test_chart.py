"""The finished game's chart: inline SVG per seat, computed once."""

import re

import pytest

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.engines import deal as engine
from games.kinds.deal.chart import game_chart, table_value
from games.models import GameEvent
from tests.games.factories import fresh, make_game, play_out

pytestmark = pytest.mark.django_db


def test_the_finished_tables_page_draws_a_chart_per_seat(user, other_user):
    client = Client()
    client.force_login(user)
    game = make_game(creator=user, players=[other_user], bots=1)
    assert 'id="chart"' not in client.get(game.get_absolute_url()).content.decode()

    game = play_out(game)
    page = client.get(game.get_absolute_url()).content.decode()
    chart = re.search(r'<section id="chart".*?</section>', page, re.S).group(0)
    assert chart.count('<svg class="chart__svg"') == 3
    assert chart.count('class="chart__money"') == 3
    assert " style=" not in chart and "<script" not in chart
    for name in ("Ada", "Bea"):
        assert f'<span class="chart__name">{name}</span>' in chart
    replay = client.get(reverse("games:replay", args=[game.pk]) + "?step=5")
    assert chart in replay.content.decode()


def test_the_chart_ends_at_each_seats_final_money_and_sets(user, other_user):
    game = play_out(make_game(creator=user, players=[other_user]))
    final = engine.from_json(fresh(game).snapshot)
    chart = game_chart(fresh(game))
    assert chart["turns"] == final.turn
    for seat, player in zip(chart["seats"], final.players, strict=True):
        assert seat["final_money"] == table_value(player)
        assert seat["final_sets"] == min(len(player.full_colours()), 3)
        assert seat["winner"] == (seat["position"] == final.winner)
        points = seat["money_line"].split()
        assert len(points) == final.turn + 1
        assert float(points[-1].split(",")[0]) == chart["width"]


def test_the_chart_is_computed_once_per_version(user, other_user):
    game = fresh(play_out(make_game(creator=user, players=[other_user])))
    with CaptureQueriesContext(connection) as first:
        game_chart(game)
    with CaptureQueriesContext(connection) as again:
        assert game_chart(game) == game_chart(game)
    reads = [q for q in first if GameEvent._meta.db_table in q["sql"]]
    assert len(reads) == 1
    assert len(again) == 0
