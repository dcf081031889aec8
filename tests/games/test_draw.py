"""A game that ends with nobody able to draw or play reads as a draw everywhere."""

import random
from dataclasses import replace

import pytest

from django.urls import reverse

from games import engine
from games.models import Game
from tests.games.factories import fresh, make_game
from tests.games.test_views import client_for, prompt_of

pytestmark = pytest.mark.django_db

# Every property on the table, nothing in any hand or pile (see
# tests/engine/test_draw.py): three turns with nothing to do end in a draw.
EVERYTHING_ON_THE_TABLE = """
0 sets: brown[Mediterranean Avenue], light_blue[Oriental Avenue, Vermont Avenue]
0 sets: pink[St. Charles Place, States Avenue]
0 sets: orange[St. James Place, Tennessee Avenue]
0 sets: red[Kentucky Avenue, Indiana Avenue], yellow[Atlantic Avenue, Ventnor Avenue]
0 sets: green[Pacific Avenue, North Carolina Avenue], dark_blue[Park Place]
0 sets: railroad[Reading Railroad, Pennsylvania Railroad, B. & O. Railroad]
0 sets: utility[Electric Company]
1 sets: brown[Baltic Avenue]
1 sets: light_blue[Connecticut Avenue, Light Blue/Railroad Wild, Light Blue/Brown Wild]
1 sets: pink[Virginia Avenue, Pink/Orange Wild]
1 sets: orange[New York Avenue, Pink/Orange Wild]
1 sets: red[Illinois Avenue, Red/Yellow Wild], yellow[Marvin Gardens, Red/Yellow Wild]
1 sets: green[Pennsylvania Avenue, Dark Blue/Green Wild], dark_blue[Boardwalk]
1 sets: railroad[Short Line, Green/Railroad Wild, Railroad/Utility Wild]
1 sets: utility[Water Works]
1 loose: Multicolour Wild, Multicolour Wild
rest: discard
"""

DRAW_LINE = "The game ended in a draw: nobody could draw or play."


def drawn_state():
    state = engine.scenario(EVERYTHING_ON_THE_TABLE)
    first = state.players[0]
    first = replace(first, bank=first.bank + state.discard)
    state = replace(state, players=(first, *state.players[1:]), discard=())
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
