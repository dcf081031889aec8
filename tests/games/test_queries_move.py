"""A move costs the same few queries however long the game's history is."""

import pytest

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from tests.games.factories import awaited_seat, default_move, fresh, make_game

pytestmark = pytest.mark.django_db

# Lock the game, its seats, insert the events, update the game, insert the
# notifications the next decision calls for (notifications.decisions: one bulk
# insert, only when a human owes a new decision); plus the savepoint pair of
# the transaction inside the test's own.
MOVE_QUERIES = 7


def queries_for_one_move(game) -> int:
    game = fresh(game)
    seat = awaited_seat(game)
    move = default_move(game, seat)
    with CaptureQueriesContext(connection) as queries:
        services.move_submit(
            game_id=game.pk, user=seat.user, move=move, version=game.version
        )
    return len(queries)


def test_a_move_costs_the_same_queries_after_500_events(
    user, other_user, django_assert_max_num_queries
):
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

    game = fresh(long)
    seat = awaited_seat(game)
    move = default_move(game, seat)
    with django_assert_max_num_queries(MOVE_QUERIES):
        services.move_submit(
            game_id=game.pk, user=seat.user, move=move, version=game.version
        )
