"""Two writers racing for the same version, for real: two threads, two connections.

The game row lock (select_for_update on PostgreSQL; BEGIN IMMEDIATE on SQLite)
serialises them, so the second sees the first's version and is refused. The
engine is slowed down while the lock is held so the two truly overlap.
"""

import threading
import time

import pytest

from django.db import connection

from games import services
from games.engines import deal as engine
from games.errors import StaleVersion
from tests.games.factories import awaited_seat, fresh, make_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def slow_engine(monkeypatch):
    """Hold the game lock a while during every decision."""
    decide = services.table.Table.check

    def slow_check(self, move):
        time.sleep(0.3)
        return decide(self, move)

    monkeypatch.setattr(services.table.Table, "check", slow_check)


def race(*calls):
    """Run the calls at once in threads, each on its own connection."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait(timeout=10)
            results[index] = call()
        except Exception as error:
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def test_two_moves_for_the_same_version_exactly_one_wins(slow_engine, user, other_user):
    game = fresh(make_game(creator=user, players=[other_user]))
    seat = awaited_seat(game)
    version = game.version  # what both browsers show

    def submit():
        return services.move_submit(
            game_id=game.pk,
            user=seat.user,
            move=engine.EndTurn(seat=seat.position),
            version=version,
        )

    results = race(submit, submit)
    stale = [r for r in results if isinstance(r, StaleVersion)]
    won = [r for r in results if not isinstance(r, Exception)]
    assert (len(won), len(stale)) == (1, 1), results
    after = fresh(game)
    assert after.version == won[0].version > version
    assert after.events.count() == after.version
    assert list(after.events.values_list("seq", flat=True)) == list(
        range(1, after.version + 1)
    )
    assert after.events.filter(seq__gt=version, type="TurnEnded").count() == 1


def test_a_move_and_a_timeout_for_the_same_version_exactly_one_wins(
    slow_engine, clock, user, other_user
):
    game = fresh(make_game(creator=user, players=[other_user]))
    seat = awaited_seat(game)
    version = game.version
    clock.advance(game.seconds_per_decision + 1)

    def submit():
        return services.move_submit(
            game_id=game.pk,
            user=seat.user,
            move=engine.EndTurn(seat=seat.position),
            version=version,
        )

    def expire():
        return services.deadline_expire(game_id=game.pk, version=version)

    moved, expired = race(submit, expire)
    after = fresh(game)
    if isinstance(moved, StaleVersion):
        assert expired is True
        assert after.seats.get(position=seat.position).missed_deadlines == 1
    else:
        assert not isinstance(moved, Exception), moved
        assert expired is False
        assert after.seats.get(position=seat.position).missed_deadlines == 0
    assert after.events.filter(seq__gt=version, type="TurnEnded").count() == 1
    assert after.events.count() == after.version
