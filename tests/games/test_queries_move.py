"""A move costs the same few queries however long the game's history is."""

import pytest

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import GameCheckpoint
from tests.games.factories import awaited_seat, default_move, fresh, make_game

pytestmark = pytest.mark.django_db

# Lock the game, its seats, insert the events, update the game, look up the
# Web Push devices of the players owing a new decision and insert the
# notifications it calls for (notifications.decisions: one query each, only
# when a human owes a new decision); plus the savepoint pair of the
# transaction inside the test's own. A move whose events cross a multiple of
# GameCheckpoint.EVERY also inserts that replay checkpoint: one query more.
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
