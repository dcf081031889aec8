from games.engines.deal import (
    Accept,
    Birthday,
    ChargeRent,
    CollectDebt,
    EndTurn,
    Pay,
    Resign,
    SayNo,
    awaiting,
    legal_moves,
    scenario,
)

from .support import all_cards, apply, bank_total, held, refused


def test_resigning_puts_hand_and_table_in_the_discard_pile_and_the_game_goes_on():
    s = scenario(
        """
        seats: 3
        1 hand: 5M, Boardwalk
        1 bank: 10M
        1 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue +House]
        """
    )
    s = apply(s, Resign(seat=1))
    assert s.players[1].resigned
    assert s.players[1].hand == () and s.players[1].table_cards() == ()
    assert len(s.discard) == 7
    assert s.winner is None
    assert s.active == 0
    assert all_cards(s) == list(range(106))


def test_resigned_players_are_skipped_and_cannot_act():
    s = scenario("seats: 3\n1 hand: 1M")
    s = apply(s, Resign(seat=1), EndTurn(seat=0))
    assert s.active == 2
    refused(s, Resign(seat=1), "You have left this game.")
    assert legal_moves(s, 1) == []


def test_last_player_left_wins():
    s = scenario("seats: 3")
    s = apply(s, Resign(seat=1), Resign(seat=0))
    assert s.winner == 2
    refused(s, Resign(seat=2), "The game is over.")


def test_active_player_resigning_passes_the_turn():
    s = scenario("seats: 3\nturn: 1\ndraw: 1M, 2M")
    s = apply(s, Resign(seat=1))
    assert s.active == 2
    assert s.plays == 0
    assert [a.seat for a in awaiting(s)] == [2]


def test_resigning_while_owing_a_payment_settles_it_with_nothing_paid():
    s = scenario(
        """
        seats: 3
        0 hand: It's My Birthday
        1 bank: 2M
        2 bank: 5M
        """
    )
    s = apply(
        s,
        Birthday(seat=0, card=held(s, 0, "It's My Birthday")),
        Accept(seat=1),
        Resign(seat=1),
    )
    assert [(a.seat, a.kind) for a in awaiting(s)] == [(2, "respond")]
    s = apply(s, Accept(seat=2), Pay(seat=2, cards=s.players[2].bank))
    assert s.pending is None
    assert bank_total(s, 0) == 5


def test_resigning_while_the_only_target_leaves_the_active_player_to_go_on():
    s = scenario("seats: 3\n0 hand: Debt Collector\n1 bank: 5M")
    s = apply(
        s,
        CollectDebt(seat=0, card=held(s, 0, "Debt Collector"), target=1),
        Resign(seat=1),
    )
    assert s.pending is None
    assert [(a.seat, a.kind) for a in awaiting(s)] == [(0, "play")]


def test_actor_resigning_mid_chain_drops_the_charge_and_passes_the_turn():
    s = scenario(
        """
        seats: 3
        0 hand: Red/Yellow Rent
        0 sets: red[Kentucky Avenue]
        1 hand: Just Say No
        1 bank: 5M
        2 bank: 5M
        """
    )
    s = apply(
        s,
        ChargeRent(seat=0, card=held(s, 0, "Red/Yellow Rent"), colour="red"),
        SayNo(seat=1, card=held(s, 1, "Just Say No")),
        Resign(seat=0),
    )
    assert s.pending is None
    assert s.active == 1
    assert bank_total(s, 2) == 5
    assert all_cards(s) == list(range(106))


def test_resigning_while_owing_a_discard_ends_the_turn():
    s = scenario("seats: 3\n0 hand: 1M, 1M, 1M, 1M, 2M, 2M, 2M, 2M")
    s = apply(s, EndTurn(seat=0), Resign(seat=0))
    assert s.active == 1
    assert [a.kind for a in awaiting(s)] == ["play"]
