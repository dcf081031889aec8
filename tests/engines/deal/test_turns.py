import random

from games.engines.deal import (
    DECK,
    BankCard,
    CardsDrawn,
    DeckReshuffled,
    Discard,
    EndTurn,
    HandDiscarded,
    IllegalMove,
    Options,
    PassGo,
    TurnStarted,
    awaiting,
    decide,
    evolve,
    new_game,
    replay,
    scenario,
    setup,
)

from .support import all_cards, apply, events_of, held, names, refused


def test_new_game_deals_five_each_and_the_first_player_draws_two():
    s = new_game(3, seed=7)
    hands = sorted(len(p.hand) for p in s.players)
    assert hands == [5, 5, 7]
    assert len(s.players[s.active].hand) == 7
    assert len(s.draw) == 106 - 17
    assert s.discard == ()
    assert all_cards(s) == list(range(106))


def test_setup_is_reproducible_from_the_seed_and_replay_needs_no_rng():
    events = setup(4, Options(), random.Random(11))
    assert events == setup(4, Options(), random.Random(11))
    assert replay(events) == new_game(4, seed=11)


def test_game_needs_two_to_five_players():
    for seats in (1, 6):
        try:
            setup(seats, Options(), random.Random(0))
        except IllegalMove as err:
            assert "2 to 5" in err.message
        else:
            raise AssertionError(f"accepted a game of {seats}")


def test_turn_starts_with_a_draw_of_two():
    s = scenario("0 hand: 1M\n1 hand: 2M\ndraw: Boardwalk, Park Place, 3M")
    s = apply(s, EndTurn(seat=0))
    assert s.active == 1
    assert names(s.players[1].hand) == ["2M", "Boardwalk", "Park Place"]


def test_player_with_an_empty_hand_draws_five():
    s = scenario("0 hand: 1M\ndraw: 1M, 2M, 3M, 4M, 5M, 10M")
    s = apply(s, EndTurn(seat=0))
    assert names(s.players[1].hand) == ["1M", "2M", "3M", "4M", "5M"]


def test_discard_pile_is_reshuffled_when_the_draw_pile_runs_out_mid_draw():
    s = scenario(
        """
        seats: 3
        0 hand: 1M
        1 hand: 2M
        draw: 10M
        discard: Pass Go, 3M, 4M
        rest: 2 hand
        """
    )
    evs = events_of(s, EndTurn(seat=0))
    kinds = [type(e) for e in evs]
    assert DeckReshuffled in kinds
    assert kinds.index(DeckReshuffled) < kinds.index(CardsDrawn)
    drawn = next(e for e in evs if isinstance(e, CardsDrawn))
    assert DECK[drawn.cards[0]].name == "10M"
    assert len(drawn.cards) == 2
    after = apply(s, EndTurn(seat=0))
    assert after.discard == ()
    assert len(after.draw) == 2
    assert all_cards(after) == list(range(106))


def test_when_both_piles_are_empty_a_player_draws_what_there_is():
    s = scenario("seats: 3\n0 hand: 1M\n1 hand: 2M\ndraw: 10M\nrest: 2 hand")
    s = apply(s, EndTurn(seat=0))
    assert names(s.players[1].hand) == ["2M", "10M"]
    assert s.draw == () and s.discard == ()


def test_pass_go_draws_two_more_cards():
    s = scenario("0 hand: Pass Go\ndraw: 5M, 4M")
    s = apply(s, PassGo(seat=0, card=held(s, 0, "Pass Go")))
    assert names(s.players[0].hand) == ["5M", "4M"]
    assert DECK[s.discard[-1]].name == "Pass Go"
    assert s.plays == 1


def test_a_player_has_three_plays_a_turn():
    s = scenario("0 hand: 1M, 2M, 3M, 4M")
    s = apply(
        s,
        BankCard(seat=0, card=held(s, 0, "1M")),
        BankCard(seat=0, card=held(s, 0, "2M")),
        BankCard(seat=0, card=held(s, 0, "3M")),
    )
    refused(s, BankCard(seat=0, card=held(s, 0, "4M")), "You have no plays left")


def test_only_the_active_player_may_play():
    s = scenario("0 hand: 1M\n1 hand: 2M")
    refused(s, BankCard(seat=1, card=held(s, 1, "2M")), "It is not your turn.")
    refused(s, EndTurn(seat=1), "It is not your turn.")


def test_ending_the_turn_passes_to_the_next_seat_with_fresh_plays():
    s = scenario("seats: 3\nturn: 2  plays: 3\n2 hand: 1M")
    evs = events_of(s, EndTurn(seat=2))
    assert TurnStarted(seat=0) in evs
    s = apply(s, EndTurn(seat=2))
    assert s.active == 0 and s.plays == 0


def test_over_seven_cards_the_player_discards_to_the_bottom_of_the_draw_pile():
    s = scenario("0 hand: 1M, 1M, 1M, 1M, 2M, 2M, 2M, 2M, 3M")
    s = apply(s, EndTurn(seat=0))
    assert s.active == 0
    (a,) = awaiting(s)
    assert (a.kind, a.count) == ("discard", 2)
    refused(s, BankCard(seat=0, card=held(s, 0, "3M")), "discard down to 7")
    drop = (held(s, 0, "3M"), held(s, 0, "2M"))
    refused(s, Discard(seat=0, cards=drop[:1]), "Discard exactly 2 cards.")
    evs = events_of(s, Discard(seat=0, cards=drop))
    assert HandDiscarded(seat=0, cards=drop, to_draw_pile=True) in evs
    s = apply(s, Discard(seat=0, cards=drop))
    assert len(s.players[0].hand) == 7
    assert s.active == 1
    assert s.draw[-2:] == drop


def test_house_rule_discards_go_to_the_discard_pile():
    s = scenario(
        "options: discard_to_discard_pile\n0 hand: 1M, 1M, 1M, 1M, 2M, 2M, 2M, 2M"
    )
    drop = (held(s, 0, "2M"),)
    s = apply(s, EndTurn(seat=0), Discard(seat=0, cards=drop))
    assert s.discard == drop


def test_discard_in_the_play_phase_ends_the_turn():
    s = scenario("0 hand: 1M, 1M, 1M, 1M, 2M, 2M, 2M, 2M")
    s = apply(s, Discard(seat=0, cards=(held(s, 0, "1M"),)))
    assert s.active == 1


def test_cannot_discard_with_seven_cards_or_fewer():
    s = scenario("0 hand: 1M, 2M")
    refused(s, Discard(seat=0, cards=(held(s, 0, "1M"),)), "nothing to discard")


def test_a_reshuffle_order_comes_from_the_rng_and_is_recorded():
    s = scenario("seats: 3\n0 hand: 1M\n1 hand: 2M\nrest: discard")
    assert s.draw == ()
    a = decide(s, EndTurn(seat=0), random.Random(1))
    b = decide(s, EndTurn(seat=0), random.Random(2))
    orders = {e.order for e in a + b if isinstance(e, DeckReshuffled)}
    assert len(orders) == 2
    state = s
    for e in a:
        state = evolve(state, e)
    assert state == apply(s, EndTurn(seat=0), seed=1)
