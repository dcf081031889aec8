"""Games finishing at once: each player's games apply one after the other.

Real threads, each with its own connection and transaction: on PostgreSQL the
rating rows are locked (select_for_update, in user id order); SQLite serializes
writers itself. Run with DATABASE_URL set to see the PostgreSQL case.
"""

import threading

import pytest

from django.db import connection, transaction

from games import ratings, services
from games.models import Game, Rating, RatingChange
from tests.games.ratings.test_ratings import play_to_end

pytestmark = pytest.mark.django_db(transaction=True)


def casual_game(creator, *others):
    game = services.game_create(
        creator=creator,
        seat_count=1 + len(others),
        seconds_per_decision=3600,
        rated=False,
    )
    for other in others:
        services.game_join(game_id=game.pk, user=other)
    game = play_to_end(game)
    # Finished but not rated yet: as if its finishing transaction were now.
    Game.objects.filter(pk=game.pk).update(rated=True)
    return Game.objects.get(pk=game.pk)


def at_once(*calls) -> list:
    """Run the calls in threads released together; their results in order."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait()
            with transaction.atomic():
                results[i] = call()
        except Exception as error:
            results[i] = error
        finally:
            connection.close()

    threads = [
        threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


def test_two_games_sharing_players_finishing_at_once_both_count(user_factory):
    ada, bea, cy = user_factory(), user_factory(), user_factory()
    first = casual_game(ada, bea, cy)
    second = casual_game(cy, ada)
    results = at_once(
        lambda: ratings.game_rate(game=first), lambda: ratings.game_rate(game=second)
    )
    assert results == [True, True]
    for person in (ada, cy):
        rows = list(RatingChange.objects.filter(user=person).order_by("id"))
        assert len(rows) == 2
        # The later one started from what the earlier one left: no lost update.
        assert (rows[1].mu_before, rows[1].sigma_before) == (
            rows[0].mu_after,
            rows[0].sigma_after,
        )
        rating = Rating.objects.get(user=person)
        assert (rating.games, rating.mu) == (2, rows[1].mu_after)
    assert ratings.ratings_differences(ratings.ratings_compute()) == []


def test_one_game_rated_twice_at_once_counts_once(user_factory):
    ada, bea = user_factory(), user_factory()
    game = casual_game(ada, bea)
    results = at_once(
        lambda: ratings.game_rate(game=game), lambda: ratings.game_rate(game=game)
    )
    assert sorted(results) == [False, True]
    assert RatingChange.objects.filter(game=game).count() == 2
    assert Rating.objects.get(user=ada).games == 1
