"""What a deadline does for a silent player (RULES.md, "Waiting for players
who do not answer")."""

from games.engines.deal import (
    Accept,
    Birthday,
    Discard,
    EndTurn,
    SayNo,
    default_move,
    scenario,
)

from .support import apply, held, names


def test_deadline_ends_the_active_players_turn():
    s = scenario("0 hand: 5M, Boardwalk")
    assert default_move(s, 0) == EndTurn(seat=0)


def test_deadline_over_seven_discards_the_lowest_value_cards():
    s = scenario("0 hand: 10M, 5M, 4M, 1M, Boardwalk, Deal Breaker, 3M, 2M, 1M")
    move = default_move(s, 0)
    assert isinstance(move, Discard)
    assert sorted(names(move.cards)) == ["1M", "1M"]
    s = apply(s, move)
    assert s.active == 1
    assert len(s.players[0].hand) == 7


def test_deadline_in_the_discard_phase_discards_too():
    s = scenario("0 hand: 10M, 5M, 4M, 1M, Boardwalk, Deal Breaker, 3M, 2M")
    s = apply(s, EndTurn(seat=0))
    assert default_move(s, 0) == Discard(seat=0, cards=(held(s, 0, "1M"),))


def test_deadline_for_a_player_who_may_say_no_accepts():
    s = scenario(
        """
        seats: 3
        0 hand: It's My Birthday, Just Say No
        1 hand: Just Say No
        """
    )
    s = apply(s, Birthday(seat=0, card=held(s, 0, "It's My Birthday")))
    assert default_move(s, 1) == Accept(seat=1)
    assert default_move(s, 0) is None  # the actor only waits
    s = apply(s, SayNo(seat=1, card=held(s, 1, "Just Say No")))
    assert default_move(s, 0) == Accept(seat=0, target=1)
