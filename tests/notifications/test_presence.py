"""Seen at the table: the record the your-move email checks."""

from datetime import timedelta
from unittest import mock

import pytest
import time_machine

from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.notifications.models import Presence
from games.notifications.presence import REFRESH, table_seen
from tests.games.factories import make_game

pytestmark = pytest.mark.django_db


def test_an_id_beyond_any_game_records_nothing_and_logs_no_error(user, caplog):
    for game_id in (10**19, -1, 0, "x"):
        table_seen(game_id=game_id, user=user)
    assert not Presence.objects.exists()
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


@pytest.fixture
def two_player_game(user, other_user):
    return make_game(creator=user, players=[other_user])


def seen(user, game) -> object:
    return Presence.objects.get(user=user, game=game).seen_at


def test_a_table_seen_again_within_the_refresh_costs_no_query(two_player_game, user):
    table_seen(game_id=two_player_game.pk, user=user)
    first = seen(user, two_player_game)

    with CaptureQueriesContext(connection) as queries:
        table_seen(game_id=two_player_game.pk, user=user)
    assert len(queries) == 0

    cache.clear()  # the mark expires after REFRESH (in Redis, by Redis's clock)
    with time_machine.travel(timezone.now() + REFRESH + timedelta(seconds=1)):
        with CaptureQueriesContext(connection) as queries:
            table_seen(game_id=two_player_game.pk, user=user)
        assert len(queries) == 1
    assert seen(user, two_player_game) > first


def test_with_the_cache_unreachable_it_is_recorded_as_before(two_player_game, user):
    table_seen(game_id=two_player_game.pk, user=user)
    Presence.objects.update(seen_at=timezone.now() - 2 * REFRESH)
    # mdeal_site.cache: an unreachable Redis answers every `add` "stored".
    with mock.patch.object(cache, "add", return_value=True):
        table_seen(game_id=two_player_game.pk, user=user)
    assert seen(user, two_player_game) > timezone.now() - REFRESH
