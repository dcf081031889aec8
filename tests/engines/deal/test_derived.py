"""What a record works out and keeps (a State's awaiting, a Player's full
colours, payable value and payable cards) is not part of it: equality,
copies and pickles never see it."""

import pickle

from games.engines.deal import awaiting, new_game
from games.engines.deal.cards import Colour
from games.engines.deal.state import DERIVED, Player, PropertySet, replace, with_hand


def test_a_state_pickles_the_same_before_and_after_it_is_asked_questions():
    state = new_game(3, 5)
    before = pickle.dumps(state)
    awaiting(state)
    for player in state.players:
        player.has_won()
        player.full_colours()
        player.payable_value()
        player.payable()
    assert pickle.dumps(state) == before
    loaded = pickle.loads(before)
    assert loaded == state
    assert awaiting(loaded) == awaiting(state)  # a loaded record can be asked
    assert loaded.players[0].full_colours() == state.players[0].full_colours()


def test_a_copy_does_not_keep_what_was_worked_out_from_the_original():
    state = new_game(2, 7)
    player = state.players[0]
    assert player.full_colours() == frozenset()
    assert awaiting(state)[0].kind == "play"
    moved = replace(state, active=1)
    assert awaiting(moved)[0].seat == 1
    assert replace(player, hand=()).full_colours() == frozenset()


def test_a_copy_with_another_bank_or_set_is_worth_what_it_holds_now():
    brown = PropertySet(colour=Colour.brown, cards=(0,))  # Mediterranean, 1M
    player = Player(bank=(92,), sets=(brown,))  # 2M
    assert player.payable_value() == 3
    assert player.payable() == (92, 0)
    assert player.payable_value() == 3  # asked again: the kept answers
    assert player.payable() == (92, 0)

    richer = replace(player, bank=(92, 93))
    fuller = replace(player, sets=(replace(brown, cards=(0, 1)),))

    assert richer.payable_value() == 5
    assert fuller.payable_value() == 4
    assert richer.payable() == (92, 93, 0)
    assert fuller.payable() == (92, 0, 1)
    assert player.payable_value() == 3


def test_a_copy_with_another_hand_keeps_what_was_worked_out_from_the_table():
    brown = PropertySet(colour=Colour.brown, cards=(0, 1))  # a full set
    player = Player(hand=(92,), bank=(93,), sets=(brown,))
    assert player.full_colours() == frozenset({Colour.brown})
    assert player.payable_value() == 4

    drawn = with_hand(player, (92, 94))

    assert drawn == replace(player, hand=(92, 94))
    assert drawn.__dict__[DERIVED] is player.__dict__[DERIVED]  # not worked out again
    assert drawn.full_colours() == frozenset({Colour.brown})
    assert drawn.payable_value() == 4
    assert pickle.dumps(drawn) == pickle.dumps(replace(player, hand=(92, 94)))
