"""Rendering a table costs a fixed number of queries, however long the game."""

import re

import pytest

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import selectors
from games.models import Game, GameEvent, Seat
from tests.games.factories import (
    awaited_seat,
    default_move,
    fresh,
    make_game,
    move_submit_as,
)

pytestmark = pytest.mark.django_db

MAX_QUERIES = 8  # user, game, seats, the last events, and a margin
# The partial a seat asks for after each move: user, game, seats, the last
# events (the session comes from the cache). The presence row was written by
# the first read and is not written again (presence_kept).
PARTIAL_QUERIES = 4


def play_timeouts(game, *, until_version: int):
    """Everyone plays the timeout's move (which never wins) until `until_version`."""
    while game.version < until_version:
        seat = awaited_seat(game)
        move_submit_as(game, seat, default_move(game, seat))
        game = fresh(game)
    return game


def queries_for(client, url, **headers) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, **headers)
    assert response.status_code == 200
    return len(captured)


@pytest.fixture
def long_game(user, user_factory):
    others = [user_factory(f"p{i}") for i in range(4)]
    return make_game(creator=user, players=others)


def test_table_queries_do_not_grow_with_history(long_game, user, presence_kept):
    client = Client()
    client.force_login(user)
    url = long_game.get_absolute_url()
    partial = {"HTTP_HX_REQUEST": "true"}
    queries_for(client, url)  # warm the session and caches

    early_page = queries_for(client, url)
    early_partial = queries_for(client, url, **partial)

    game = play_timeouts(long_game, until_version=520)
    assert GameEvent.objects.filter(game=game).count() >= 500
    queries_for(client, url)

    late_page = queries_for(client, url)
    late_partial = queries_for(client, url, **partial)
    assert late_page == early_page
    assert late_partial == early_partial
    assert late_page <= MAX_QUERIES
    assert late_partial == PARTIAL_QUERIES

    for name in ("games:version", "games:mine", "games:lobby"):
        args = [game.pk] if name == "games:version" else []
        assert queries_for(client, reverse(name, args=args)) <= MAX_QUERIES + 2


def test_the_full_history_page_reads_events_in_one_query(long_game, user):
    client = Client()
    client.force_login(user)
    url = reverse("games:history", args=[long_game.pk])
    queries_for(client, url)
    early = queries_for(client, url)
    play_timeouts(long_game, until_version=120)
    assert queries_for(client, url) == early


# What differs from one response to the next: CSRF tokens, CSP nonces, and
# the minutes a clock shows left.
CSRF = re.compile(
    r'name="csrfmiddlewaretoken" value="[^"]*"|"x-csrftoken": "[^"]*"|nonce="[^"]*"'
    r"|>[^<]*</time>"
)


class OrmReads:
    """A compiled read (mdeal_site.prepared.Prepared) done by its queryset."""

    def __init__(self, build):
        self.build = build

    def __call__(self, *values) -> list:
        return list(self.build(*values))

    def by_id(self, value):
        return self.build(value).first()


def test_the_compiled_reads_show_the_table_the_orm_reads_show(
    long_game, user, monkeypatch
):
    # selectors reads the game, its seats and the last events with SQL compiled
    # once (mdeal_site.prepared); the ORM's querysets must show the same table.
    game = play_timeouts(long_game, until_version=60)
    seated = [s.user for s in Seat.objects.filter(game=game).select_related("user")]
    compiled = {}
    for viewer in seated:
        client = Client()
        client.force_login(viewer)
        for partial in ({}, {"HTTP_HX_REQUEST": "true"}):
            page = client.get(game.get_absolute_url(), **partial)
            compiled[viewer.pk, bool(partial)] = CSRF.sub("", page.content.decode())

    orm_seats = Seat.objects.select_related("user").order_by("position")
    monkeypatch.setattr(
        selectors.viewers,
        "_game_by_id",
        OrmReads(lambda pk: Game.objects.filter(pk=pk)),
    )
    monkeypatch.setattr(
        selectors.viewers,
        "_seats_of_game",
        OrmReads(lambda game_id: orm_seats.filter(game_id=game_id)),
    )
    monkeypatch.setattr(
        selectors.history,
        "_last_events",
        OrmReads(selectors.history._last_events_query),
    )
    for viewer in seated:
        client = Client()
        client.force_login(viewer)
        for partial in ({}, {"HTTP_HX_REQUEST": "true"}):
            page = client.get(game.get_absolute_url(), **partial)
            shown = CSRF.sub("", page.content.decode())
            assert shown == compiled[viewer.pk, bool(partial)]
