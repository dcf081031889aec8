"""A decision the deadline made shows in the history, marked as such."""

import pytest

from django.urls import reverse

from games import selectors, services
from games.models import GameEvent
from tests.games.factories import ONE_HOUR, awaited_seat, fresh, make_game
from tests.games.test_views import client_for

pytestmark = pytest.mark.django_db


def test_a_timed_out_turn_is_marked_in_the_history(clock, user, other_user):
    game = make_game(creator=user, players=[other_user])
    late = awaited_seat(game)
    clock.advance(ONE_HOUR)
    assert services.deadline_expire(game_id=game.pk, version=game.version)
    game = fresh(game)
    assert GameEvent.objects.filter(game=game, cause="timeout").exists()

    html = client_for(user).get(reverse("games:history", args=[game.pk]))
    html = html.content.decode()
    assert f"Time ran out for {late.name}: the turn ended." in html
    lines = selectors.history_lines(game=game, viewer=None, limit=None)
    marked = [line for line in lines if line["timeout"]]
    assert [line["text"] for line in marked] == [
        f"Time ran out for {late.name}: the turn ended."
    ]
    # Newest first: the timeout's line comes after (below) the next turn's.
    texts = [line["text"] for line in lines]
    assert texts.index(marked[0]["text"]) > texts.index(f"{other(game, late)}'s turn.")
    table = client_for(user).get(game.get_absolute_url()).content.decode()
    assert 'class="is-timeout"' in table
    # The export tells the same line, with the event the deadline made.
    export = client_for(user).get(reverse("games:export", args=[game.pk])).json()
    told = [e["text"] for e in export["events"] if e["cause"] == "timeout"]
    assert told[0] == f"Time ran out for {late.name}: the turn ended."


def other(game, seat) -> str:
    return next(s.name for s in game.seats.all() if s.pk != seat.pk)


def test_moves_made_in_time_are_not_marked(two_player_game, user):
    lines = selectors.history_lines(game=two_player_game, viewer=None, limit=None)
    assert lines and not any("time ran out" in line["text"] for line in lines)
