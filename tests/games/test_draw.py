"""A game that ends with nobody able to draw or play reads as a draw everywhere."""

import random

import pytest

from django.urls import reverse

from games.engines import deal as engine
from games.models import Game
from tests.engines.deal.test_draw import everything_on_the_table
from tests.games.factories import fresh, make_game
from tests.games.test_views import client_for, prompt_of

pytestmark = pytest.mark.django_db

DRAW_LINE = "The game ended in a draw: nobody could draw or play."


def drawn_state():
    """Every card on the table and nothing to draw: end turns until the draw."""
    state = everything_on_the_table("1 loose: Multicolour Wild, Multicolour Wild")
    rng = random.Random(0)
    while not state.over:
        for event in engine.decide(state, engine.EndTurn(seat=state.active), rng):
            state = engine.evolve(state, event)
    assert state.winner is None
    return state


@pytest.fixture
def drawn_game(user, other_user):
    game = make_game(creator=user, players=[other_user])
    Game.objects.filter(pk=game.pk).update(
        snapshot=engine.to_json(drawn_state()),
        status=Game.Status.FINISHED,
        winner=None,
        deadlines={},
        deadline_at=None,
    )
    return fresh(game)


def test_the_table_of_a_drawn_game_says_it_is_a_draw(drawn_game, user):
    html = client_for(user).get(drawn_game.get_absolute_url()).content.decode()
    assert DRAW_LINE in html
    assert "A draw." in prompt_of(html)
    assert "is-drawn" in html
    assert "The game is over." not in html


def test_my_games_lists_a_drawn_game_as_a_draw(drawn_game, user):
    html = client_for(user).get(reverse("games:mine")).content.decode()
    row = html[html.index(f'data-game="{drawn_game.pk}"') :]
    row = row[: row.index("</article>")]
    assert "Draw" in row
    assert "Over" not in row
