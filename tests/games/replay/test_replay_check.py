"""manage.py replay_check: the snapshot must be what the events replay to."""

import dataclasses
from io import StringIO

import pytest

from django.core.management import call_command
from django.core.management.base import CommandError

from games.engines import deal as engine
from games.models import Game
from tests.games.factories import fresh, make_game, play_out

pytestmark = pytest.mark.django_db


def replay_check(*args) -> str:
    out = StringIO()
    call_command("replay_check", *args, stdout=out)
    return out.getvalue()


def tamper(game: Game) -> None:
    """Give the first player a card from the draw pile, in the snapshot only."""
    state = fresh(game).state()
    thief = state.players[0]
    thief = dataclasses.replace(thief, hand=(*thief.hand, state.draw[0]))
    forged = dataclasses.replace(state, players=(thief, *state.players[1:]))
    Game.objects.filter(pk=game.pk).update(snapshot=engine.to_json(forged))


def test_replay_check_passes_good_games(user, other_user):
    make_game(creator=user, players=[other_user])
    play_out(make_game(creator=user, players=[other_user]))
    make_game(creator=user, seat_count=3, start=False)  # no events: skipped
    assert "2 games checked, 0 differ." in replay_check()


def test_replay_check_reports_a_tampered_snapshot(user, other_user):
    good = make_game(creator=user, players=[other_user])
    bad = make_game(creator=user, players=[other_user])
    tamper(bad)
    out = StringIO()
    with pytest.raises(CommandError) as failed:
        call_command("replay_check", stdout=out)
    assert failed.value.returncode == 1
    report = out.getvalue()
    assert f"game {bad.pk}: snapshot differs from the replay" in report
    assert f"game {good.pk}:" not in report
    assert "2 games checked, 1 differ." in report


def test_replay_check_reports_a_wrong_version(user, other_user):
    game = make_game(creator=user, players=[other_user])
    Game.objects.filter(pk=game.pk).update(version=game.version + 1)
    with pytest.raises(CommandError):
        replay_check()


def test_replay_check_fix_rebuilds_the_snapshot(user, other_user):
    game = make_game(creator=user, players=[other_user])
    tamper(game)
    assert f"game {game.pk}: snapshot differs from the replay; rebuilt" in (
        replay_check("--fix")
    )
    assert fresh(game).snapshot == game.snapshot
    assert "1 games checked, 0 differ." in replay_check()
