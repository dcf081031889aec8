"""Answers racing each other, for real: two threads, two connections.

The challenge row lock (select_for_update on PostgreSQL; BEGIN IMMEDIATE on
SQLite) serialises them: two players accepting at once make one game, and an
acceptance racing a withdrawal either starts the game (the withdrawal is
refused) or loses to it (the acceptance is refused). The answer is slowed
down while the lock is held so that the two truly overlap.
"""

import time

import pytest

from games.models import Game
from games.social import services
from games.social.errors import ChallengeClosed
from games.social.models import Challenge, Invitee
from tests.games.services.test_concurrent_moves import race
from tests.social.conftest import make_challenge

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def slow_answers(monkeypatch):
    """Hold the challenge's lock a while after reading its answers, before
    writing one."""
    save = Invitee.save

    def slow(self, *args, **kwargs):
        time.sleep(0.3)
        return save(self, *args, **kwargs)

    monkeypatch.setattr(Invitee, "save", slow)


def test_two_players_accepting_at_once_make_one_game(slow_answers, ada, bea, cy):
    challenge = make_challenge(ada, bea, cy)

    def accept(player):
        return lambda: services.challenge_answer(
            challenge_id=challenge.pk, user=player, accept=True
        )

    results = race(accept(bea), accept(cy))

    assert not [r for r in results if isinstance(r, Exception)], results
    challenge.refresh_from_db()
    assert challenge.status == Challenge.Status.STARTED
    assert Game.objects.count() == 1
    assert challenge.game == Game.objects.get()
    assert set(Invitee.objects.values_list("answer", flat=True)) == {"accepted"}
    assert sorted(challenge.game.seats.values_list("user__username", flat=True)) == [
        "ada",
        "bea",
        "cy",
    ]


def test_an_acceptance_racing_a_withdrawal_wins_or_loses_whole(slow_answers, ada, bea):
    challenge = make_challenge(ada, bea)

    def accept():
        return services.challenge_answer(
            challenge_id=challenge.pk, user=bea, accept=True
        )

    def withdraw():
        return services.challenge_withdraw(challenge_id=challenge.pk, user=ada)

    accepted, withdrawn = race(accept, withdraw)
    challenge.refresh_from_db()
    if isinstance(accepted, ChallengeClosed):
        assert accepted.message == "Ada withdrew this challenge."
        assert not isinstance(withdrawn, Exception), withdrawn
        assert challenge.status == Challenge.Status.WITHDRAWN
        assert not Game.objects.exists()
    else:
        assert not isinstance(accepted, Exception), accepted
        assert isinstance(withdrawn, ChallengeClosed), withdrawn
        assert withdrawn.message.startswith("This challenge has started: game")
        assert challenge.status == Challenge.Status.STARTED
        assert Game.objects.count() == 1
