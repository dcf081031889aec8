"""What a record works out and keeps (a State's awaiting, a Player's full
colours) is not part of it: equality, copies and pickles never see it."""

import pickle

from games.engine import awaiting, new_game
from games.engine.state import replace


def test_a_state_pickles_the_same_before_and_after_it_is_asked_questions():
    state = new_game(3, 5)
    before = pickle.dumps(state)
    awaiting(state)
    for player in state.players:
        player.has_won()
        player.full_colours()
    assert pickle.dumps(state) == before
    assert pickle.loads(before) == state


def test_a_copy_does_not_keep_what_was_worked_out_from_the_original():
    state = new_game(2, 7)
    player = state.players[0]
    assert player.full_colours() == frozenset()
    assert awaiting(state)[0].kind == "play"
    moved = replace(state, active=1)
    assert awaiting(moved)[0].seat == 1
    assert replace(player, hand=()).full_colours() == frozenset()
