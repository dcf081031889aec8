"""A move costs the same few queries however long the game's history is."""

import json
import re

import pytest

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.engines import deal as engine
from games.models import GameCheckpoint
from games.notifications import vapid
from tests.games.factories import awaited_seat, default_move, fresh, make_game

pytestmark = pytest.mark.django_db

# Lock the game, its seats, insert the events, update the game, fold the
# decision into the player's inbox line, look up the Web Push devices of the
# players owing a new decision and insert the notifications it calls for
# (notifications.decisions: one query each, only when a human owes a new
# decision); plus the savepoint pair of the transaction inside the test's own.
# A move whose events cross a multiple of GameCheckpoint.EVERY also inserts
# that replay checkpoint: one query more.
MOVE_QUERIES = 8


def crossed_checkpoint(before: int, after: int) -> bool:
    return after // GameCheckpoint.EVERY > before // GameCheckpoint.EVERY


def one_move(game) -> tuple[list[str], bool]:
    """The SQL of the awaited seat's default move, and whether it crossed a
    multiple of GameCheckpoint.EVERY."""
    game = fresh(game)
    seat = awaited_seat(game)
    move = default_move(game, seat)
    with CaptureQueriesContext(connection) as queries:
        services.move_submit(
            game_id=game.pk, user=seat.user, move=move, version=game.version
        )
    crossed = crossed_checkpoint(game.version, fresh(game).version)
    return [q["sql"] for q in queries], crossed


def queries_for_one_move(game) -> int:
    """The move's queries, less the checkpoint insert when it wrote one."""
    queries, crossed = one_move(game)
    return len(queries) - crossed


def test_a_move_costs_the_same_queries_after_500_events(user, other_user):
    new = make_game(creator=user, players=[other_user])
    on_a_new_game = queries_for_one_move(new)
    assert on_a_new_game <= MOVE_QUERIES

    long = make_game(creator=user, players=[other_user])
    # Default moves never win: the game goes on as long as we like.
    while fresh(long).version < 500:
        game = fresh(long)
        seat = awaited_seat(game)
        services.move_submit(
            game_id=game.pk,
            user=seat.user,
            move=default_move(game, seat),
            version=game.version,
        )
    assert fresh(long).events.count() >= 500
    assert queries_for_one_move(long) == on_a_new_game

    queries, crossed = one_move(long)
    assert len(queries) <= MOVE_QUERIES + crossed


def test_only_a_move_crossing_a_multiple_of_the_interval_writes_a_checkpoint(
    user, other_user
):
    game = make_game(creator=user, players=[other_user])
    crossings = 0
    while fresh(game).version < 2 * GameCheckpoint.EVERY + 5:
        queries, crossed = one_move(game)
        inserts = [sql for sql in queries if "games_gamecheckpoint" in sql]
        assert len(inserts) == crossed
        assert len(queries) - crossed <= MOVE_QUERIES
        crossings += crossed
    assert crossings == 2
    seqs = GameCheckpoint.objects.filter(game=game).values_list("seq", flat=True)
    assert list(seqs) == [GameCheckpoint.EVERY, 2 * GameCheckpoint.EVERY]


# The whole move POST answered with the table partial: the user (the session
# comes from the cache), the move's own queries (less the Web Push lookup: the
# seats read says it; the inbox line is one more since issue 28), and the last
# events for the history. The game and its seats are not read again for the
# answer: the service hands them over.
MOVE_POST_QUERIES = 8


def move_post_queries(client, game, seat) -> list[str]:
    """The SQL of posting the seat's default move as htmx, savepoints left out
    (the test's own transaction makes them; a real request has none)."""
    move = default_move(game, seat)
    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            reverse("games:move", args=[game.pk]),
            {"move": json.dumps(engine.to_json(move)), "version": game.version},
            HTTP_HX_REQUEST="true",
        )
    assert response.status_code == 200
    assert f'data-version="{fresh(game).version}"' in response.content.decode()
    return [q["sql"] for q in queries if "SAVEPOINT" not in q["sql"]]


def test_a_move_post_with_its_partial_costs_at_most_8_queries(user, other_user):
    assert vapid.server_key() is not None  # Web Push on: its lookup is joined
    game = make_game(creator=user, players=[other_user])
    clients = {}
    for player in (user, other_user):
        clients[player.pk] = Client()
        clients[player.pk].force_login(player)
    counts = []
    for _ in range(12):
        game = fresh(game)
        seat = awaited_seat(game)
        queries = move_post_queries(clients[seat.user_id], game, seat)
        crossed = crossed_checkpoint(game.version, fresh(game).version)
        counts.append(len(queries) - crossed)
        assert len([q for q in queries if 'FROM "games_game"' in q]) == 1, queries
        assert len([q for q in queries if 'FROM "games_seat"' in q]) == 1, queries
        pushes = 'FROM "notifications_pushsubscription"'
        assert not [q for q in queries if q.split(" WHERE ")[0].endswith(pushes)]
    assert max(counts) <= MOVE_POST_QUERIES, counts


CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def test_the_move_answer_is_the_table_a_fresh_read_shows(user, other_user):
    # The answer is rendered from the game the service holds, not read again:
    # it must be what the next GET of the table shows, to the letter.
    game = make_game(creator=user, players=[other_user])
    clients = {}
    for player in (user, other_user):
        clients[player.pk] = Client()
        clients[player.pk].force_login(player)
    for _ in range(8):
        game = fresh(game)
        seat = awaited_seat(game)
        client = clients[seat.user_id]
        move = default_move(game, seat)
        answer = client.post(
            reverse("games:move", args=[game.pk]),
            {"move": json.dumps(engine.to_json(move)), "version": game.version},
            HTTP_HX_REQUEST="true",
        )
        again = client.get(game.get_absolute_url(), HTTP_HX_REQUEST="true")
        assert CSRF.sub("", answer.content.decode()) == CSRF.sub(
            "", again.content.decode()
        )
