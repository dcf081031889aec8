from games.engines.deal import (
    Accept,
    Birthday,
    DealBreaker,
    JustSayNoPlayed,
    Pay,
    SayNo,
    SlyDeal,
    awaiting,
    legal_moves,
    scenario,
)

from .support import (
    apply,
    bank_total,
    events_of,
    held,
    names,
    on_table,
    refused,
    set_names,
)

DEAL_BREAKER_TABLE = """
    plays: 1
    0 hand: Deal Breaker, Just Say No
    1 hand: Just Say No, Just Say No
    1 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue +House]
    """


def _deal_breaker(s):
    return apply(
        s, DealBreaker(seat=0, card=held(s, 0, "Deal Breaker"), target=1, set_index=0)
    )


def test_just_say_no_window_is_offered_to_every_target_whatever_they_hold():
    s = scenario("seats: 3\n0 hand: It's My Birthday\n1 hand: Just Say No")
    s = apply(s, Birthday(seat=0, card=held(s, 0, "It's My Birthday")))
    assert [(a.seat, a.kind) for a in awaiting(s)] == [(1, "respond"), (2, "respond")]
    assert legal_moves(s, 2) == [Accept(seat=2), *legal_moves(s, 2)[1:]]
    assert SayNo(seat=1, card=held(s, 1, "Just Say No")) in legal_moves(s, 1)


def test_just_say_no_cancels_a_deal_breaker():
    s = _deal_breaker(scenario(DEAL_BREAKER_TABLE))
    s = apply(s, SayNo(seat=1, card=held(s, 1, "Just Say No")))
    assert [(a.seat, a.kind, a.to) for a in awaiting(s)] == [(0, "respond", 1)]
    s = apply(s, Accept(seat=0))
    assert s.pending is None
    assert set_names(s, 0) == []
    assert len(s.players[1].sets) == 1


def test_just_say_no_chain_two_deep_on_a_deal_breaker_restores_the_deal():
    s = _deal_breaker(scenario(DEAL_BREAKER_TABLE))
    s = apply(
        s,
        SayNo(seat=1, card=held(s, 1, "Just Say No")),
        SayNo(seat=0, card=held(s, 0, "Just Say No")),
    )
    assert [(a.seat, a.kind) for a in awaiting(s)] == [(1, "respond")]
    s = apply(s, Accept(seat=1))
    assert set_names(s, 0) == [
        ("red", ["Kentucky Avenue", "Indiana Avenue", "Illinois Avenue"])
    ]
    assert s.players[0].sets[0].house is not None
    assert s.players[1].sets == ()
    assert s.plays == 2  # answering with Just Say No cost no play


def test_just_say_no_chain_three_deep_on_a_deal_breaker_cancels_it():
    s = _deal_breaker(scenario(DEAL_BREAKER_TABLE))
    s = apply(
        s,
        SayNo(seat=1, card=held(s, 1, "Just Say No")),
        SayNo(seat=0, card=held(s, 0, "Just Say No")),
        SayNo(seat=1, card=held(s, 1, "Just Say No", 1)),
    )
    assert s.pending.target(1).nos == 3
    assert not [m for m in legal_moves(s, 0) if isinstance(m, SayNo)]
    assert [(a.seat, a.kind) for a in awaiting(s)] == [(0, "respond")]
    s = apply(s, Accept(seat=0))
    assert s.players[1].sets[0].full
    assert s.players[0].sets == ()
    assert names(s.discard).count("Just Say No") == 3


def test_one_just_say_no_cancels_the_charge_for_that_target_only():
    s = scenario(
        """
        seats: 3
        0 hand: It's My Birthday
        1 hand: Just Say No
        1 bank: 2M
        2 bank: 2M
        """
    )
    s = apply(
        s,
        Birthday(seat=0, card=held(s, 0, "It's My Birthday")),
        SayNo(seat=1, card=held(s, 1, "Just Say No")),
        Accept(seat=0),
    )
    assert [(a.seat, a.kind, a.amount) for a in awaiting(s)] == [(2, "respond", 2)]
    s = apply(s, Accept(seat=2), Pay(seat=2, cards=s.players[2].bank))
    assert bank_total(s, 1) == 2
    assert bank_total(s, 0) == 2


def test_just_say_no_in_answer_costs_no_play_even_with_none_left():
    s = scenario(DEAL_BREAKER_TABLE.replace("plays: 1", "plays: 2"))
    s = _deal_breaker(s)
    assert s.plays == 3
    s = apply(
        s,
        SayNo(seat=1, card=held(s, 1, "Just Say No")),
        SayNo(seat=0, card=held(s, 0, "Just Say No")),
    )
    assert s.plays == 3


def test_house_rule_just_say_no_costs_a_play_on_your_own_turn():
    table = "options: just_say_no_costs_play\n" + DEAL_BREAKER_TABLE
    s = _deal_breaker(scenario(table))
    evs = events_of(s, SayNo(seat=1, card=held(s, 1, "Just Say No")))
    assert evs[0] == JustSayNoPlayed(
        seat=1, card=held(s, 1, "Just Say No"), target=1, costs_play=False
    )
    s = apply(s, SayNo(seat=1, card=held(s, 1, "Just Say No")))
    s2 = apply(s, SayNo(seat=0, card=held(s, 0, "Just Say No")))
    assert s2.plays == 3
    no_plays = scenario(table.replace("plays: 1", "plays: 2"))
    no_plays = apply(
        _deal_breaker(no_plays), SayNo(seat=1, card=held(no_plays, 1, "Just Say No"))
    )
    refused(
        no_plays,
        SayNo(seat=0, card=held(no_plays, 0, "Just Say No")),
        "You have no plays left this turn.",
    )
    assert not [m for m in legal_moves(no_plays, 0) if isinstance(m, SayNo)]


def test_say_no_needs_a_just_say_no_card_and_something_to_answer():
    s = scenario(
        """
        seats: 3
        0 hand: Deal Breaker, Just Say No
        1 hand: Just Say No
        1 bank: 1M
        1 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue]
        2 hand: Just Say No
        """
    )
    refused(s, SayNo(seat=1, card=held(s, 1, "Just Say No")), "nothing to answer")
    s = _deal_breaker(s)
    refused(s, SayNo(seat=1, card=on_table(s, 1, "1M")), "You do not hold that card.")
    refused(s, SayNo(seat=2, card=held(s, 2, "Just Say No")), "nothing to answer")
    refused(s, Accept(seat=2), "nothing to answer")
    refused(s, SayNo(seat=0, card=held(s, 0, "Just Say No")), "has not said no to you")


def test_actor_answers_only_the_targets_who_said_no():
    s = scenario(
        """
        seats: 3
        0 hand: It's My Birthday, Just Say No
        1 hand: Just Say No
        """
    )
    s = apply(
        s,
        Birthday(seat=0, card=held(s, 0, "It's My Birthday")),
        SayNo(seat=1, card=held(s, 1, "Just Say No")),
    )
    refused(s, Accept(seat=0, target=2), "has not said no to you")
    moves = legal_moves(s, 0)
    assert SayNo(seat=0, card=held(s, 0, "Just Say No"), target=1) in moves
    assert Accept(seat=0, target=1) in moves


def test_sly_deal_refused_with_just_say_no_keeps_the_card():
    s = scenario(
        """
        0 hand: Sly Deal
        1 hand: Just Say No
        1 sets: pink[St. Charles Place]
        """
    )
    take = on_table(s, 1, "St. Charles Place")
    s = apply(
        s,
        SlyDeal(seat=0, card=held(s, 0, "Sly Deal"), target=1, take=take),
        SayNo(seat=1, card=held(s, 1, "Just Say No")),
        Accept(seat=0),
    )
    assert set_names(s, 1) == [("pink", ["St. Charles Place"])]
    assert s.plays == 1


def test_each_seat_is_told_in_a_sentence_what_it_owes():
    s = _deal_breaker(scenario(DEAL_BREAKER_TABLE))
    (a,) = awaiting(s)
    assert a.detail == "A Deal Breaker takes your Red set. Say no or accept."
    s = apply(s, SayNo(seat=1, card=held(s, 1, "Just Say No")))
    (a,) = awaiting(s)
    assert a.detail == (
        "Your Deal Breaker was refused with a Just Say No. Say no back or accept."
    )
    s = apply(s, SayNo(seat=0, card=held(s, 0, "Just Say No")))
    (a,) = awaiting(s)
    assert a.detail.startswith("Your Just Say No was answered with another.")
