"""The waiting room refreshes by itself: joins and leaves move the table's stamp
and are announced to the table's group, like a move is."""

import pytest

from django.urls import reverse

from games import services
from tests.games.factories import fresh, make_game
from tests.games.test_views import client_for

pytestmark = pytest.mark.django_db


def test_a_join_moves_the_version_the_host_polls_and_is_announced(
    user, other_user, group_ear, django_capture_on_commit_callbacks
):
    game = make_game(creator=user, seat_count=3, start=False)
    host = client_for(user)
    url = reverse("games:version", args=[game.pk])
    before = host.get(url).json()["version"]
    assert host.get(url, {"since": before}).status_code == 204
    table = group_ear(f"game-{game.pk}")

    with django_capture_on_commit_callbacks(execute=True):
        services.game_join(game_id=game.pk, user=other_user)

    after = host.get(url, {"since": before})
    assert after.status_code == 200
    assert after.json()["version"] != before
    assert table.heard() == {
        "type": "game.changed",
        "version": after.json()["version"],
    }
    html = host.get(game.get_absolute_url()).content.decode()
    assert f'data-version="{after.json()["version"]}"' in html


def test_a_leave_moves_the_version_again(
    user, other_user, group_ear, django_capture_on_commit_callbacks
):
    game = make_game(creator=user, players=[other_user], seat_count=3, start=False)
    host = client_for(user)
    url = reverse("games:version", args=[game.pk])
    joined = host.get(url).json()["version"]
    table = group_ear(f"game-{game.pk}")

    with django_capture_on_commit_callbacks(execute=True):
        services.game_leave(game_id=game.pk, user=other_user)

    left = host.get(url).json()["version"]
    assert left != joined
    assert table.heard()["version"] == left


def test_starting_never_shows_a_stamp_the_waiting_room_had(user, other_user):
    game = make_game(creator=user, seat_count=3, start=False)
    stamps = {fresh(game).stamp}
    for _ in range(20):
        services.game_join(game_id=game.pk, user=other_user)
        stamps.add(fresh(game).stamp)
        services.game_leave(game_id=game.pk, user=other_user)
        stamps.add(fresh(game).stamp)
    services.game_add_bots(game_id=game.pk, user=user)
    started = fresh(game)
    assert started.stamp == started.version
    assert started.stamp not in stamps
