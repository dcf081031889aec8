"""An event keeps the time of the change that made it: the move, the timeout,
the deal, as the service writing it says, even when the change takes a while;
the history page and the export show that time."""

from datetime import UTC, datetime, timedelta

import pytest

from django.urls import reverse
from django.utils import timezone

from games import services
from games.models import GameEvent
from tests.games.factories import ONE_HOUR, awaited_seat, fresh, make_game
from tests.games.test_views import client_for

pytestmark = pytest.mark.django_db

START = datetime(2026, 11, 26, 9, 0, tzinfo=UTC)
# How long the engine takes over each move here (a bot thinking, a busy worker).
SLOW = timedelta(minutes=2)


@pytest.fixture
def slow_engine(time_machine, monkeypatch):
    """The clock stands at START and moves on by SLOW while each move is decided."""
    time_machine.move_to(START, tick=False)
    decide = services.table.Table.check

    def check(table, move):
        events = decide(table, move)
        time_machine.shift(SLOW)
        return events

    monkeypatch.setattr(services.table.Table, "check", check)
    return time_machine


def test_a_move_is_stamped_when_it_was_made(slow_engine, user, other_user):
    game = make_game(creator=user, players=[other_user])
    made = timezone.now()
    resigning = awaited_seat(game)
    services.game_resign(game_id=game.pk, user=resigning.user)
    game = fresh(game)
    last = game.events.order_by("-seq").first()
    assert last.type == "GameWon"
    assert last.created_at == game.finished_at
    assert last.created_at == made


def test_a_timeout_is_stamped_when_the_deadline_was_enforced(
    slow_engine, user, other_user
):
    game = make_game(creator=user, players=[other_user])
    late = awaited_seat(game)
    enforced = game.deadline_at + timedelta(seconds=30)  # the sweep came by
    slow_engine.move_to(enforced, tick=False)
    assert services.deadline_expire(game_id=game.pk, version=game.version)

    game = fresh(game)
    timed_out = GameEvent.objects.filter(game=game, cause="timeout")
    assert timed_out.filter(seat=late.position).exists()
    assert {e.created_at for e in timed_out} == {enforced}
    # The next player's hour runs from the same moment.
    assert game.deadline_at == enforced + timedelta(seconds=ONE_HOUR)

    history = client_for(user).get(reverse("games:history", args=[game.pk]))
    assert f">{enforced:%b %-d, %H:%M}</time>" in history.content.decode()
    assert f">{enforced + SLOW:%H:%M}</time>" not in history.content.decode()
    exported = client_for(user).get(reverse("games:export", args=[game.pk])).json()
    times = {e["at"] for e in exported["events"] if e["cause"] == "timeout"}
    assert times == {enforced.isoformat()}
