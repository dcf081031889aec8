"""Inferring what the other hands lack from a seat's public history."""

import random

from bench.infer_check import forecast_losses
from bench.infer_check import main as check_main
from games.engines.deal import DECK, Action, Options, awaiting, replay, setup, step
from games.engines.deal import events as ev
from games.engines.deal.bots import sensible_bot
from games.engines.deal.bots.guesses import guess, knowledge
from games.engines.deal.bots.infer import JUST_SAY_NO, Lack, lacks, outranked, slots
from games.engines.deal.cards import Colour
from games.engines.deal.serial import to_json
from games.engines.deal.view import redact

ME = 0


def card(name: str, nth: int = 0) -> int:
    return [c.id for c in DECK if c.name == name][nth]


def seen(*events: ev.Event) -> list[dict]:
    """The events as seat ME reads them."""
    return [redact(e, ME) for e in events]


def turn(seat: int, *plays: ev.Event, drawn: tuple[int, ...] = (1, 2)) -> list:
    return [
        ev.TurnStarted(seat=seat),
        ev.CardsDrawn(seat=seat, cards=drawn),
        *plays,
        ev.TurnEnded(seat=seat),
    ]


def found(*events: ev.Event) -> list[Lack]:
    return lacks(seen(*events), ME, Options())


def test_an_early_end_of_turn_leaves_only_cards_the_sensible_bot_keeps():
    banked = ev.CardBanked(seat=1, card=card("1M"))
    lack = found(*turn(1, banked))[-1]  # the first: the bank's
    kept = {DECK[c].name for c in range(len(DECK)) if c not in lack.cards}
    assert kept == {"Just Say No", "Deal Breaker", "Multicolour Wild"}
    assert (lack.seat, lack.drawn) == (1, 0)


def test_a_bank_of_money_says_no_property_nor_bigger_note_was_held():
    three = ev.CardBanked(seat=1, card=card("3M"))
    plays = [
        ev.PropertyPlayed(
            seat=1, card=card("Boardwalk"), colour=Colour.dark_blue, set_index=0
        )
    ]
    x = found(*turn(1, *plays, three, ev.CardBanked(seat=1, card=card("1M"))))
    after_three = x[0]
    assert card("Park Place") in after_three.cards
    assert card("5M") in after_three.cards
    assert card("3M") not in after_three.cards  # another 3M ties: it may stay
    assert card("1M") not in after_three.cards
    assert not after_three.cards & JUST_SAY_NO


def test_pass_go_outranks_a_bank_only_with_two_plays_left():
    pass_go = card("Pass Go")
    assert pass_go in outranked(150.0, 2)
    assert pass_go not in outranked(150.0, 1)


def test_a_deal_breaker_let_through_means_no_just_say_no_was_held():
    breaker = ev.DealBreakerPlayed(
        seat=ME, card=card("Deal Breaker"), target=1, set_index=0, colour=Colour.green
    )
    x = found(
        *turn(1, drawn=(3, 4)),
        breaker,
        ev.Accepted(seat=1, target=1),
        ev.SetTaken(seat=ME, target=1, set_index=0),
        ev.TurnStarted(seat=1),
        ev.CardsDrawn(seat=1, cards=(5, 6)),
    )
    no = [lack for lack in x if lack.cards == JUST_SAY_NO]
    assert [(lack.seat, lack.drawn) for lack in no] == [(1, 2)]


def test_a_payment_says_no_just_say_no_only_when_it_cost_seven_or_more():
    big = ev.PaymentMade(seat=1, to=ME, cards=(card("5M"), card("2M")))
    small = ev.PaymentMade(seat=2, to=ME, cards=(card("5M"), card("1M")))
    prop = ev.PaymentMade(seat=3, to=ME, cards=(card("Boardwalk"), card("1M")))
    assert [x.seat for x in found(big, small, prop)] == [1, 3]


def test_the_seats_own_moves_say_nothing_to_it():
    assert found(*turn(ME, ev.CardBanked(seat=ME, card=card("1M")))) == []


def test_the_reading_uses_only_what_every_seat_sees():
    # Seat 0's history and the unredacted events give the same lacks.
    state_events, _ = self_play(3, 11, 150)
    public = [redact(e, ME) for e in state_events]
    every = [to_json(e) for e in state_events]
    assert lacks(public, ME, Options()) == lacks(every, ME, Options())
    assert lacks(public, ME, Options())


def test_slots_bar_only_the_cards_older_than_the_draws_since():
    lack = Lack(seat=1, cards=JUST_SAY_NO, drawn=2)
    bars = slots([lack], [3, 4, 2], ME)
    assert bars[0] is None and bars[2] is None
    # Four cards, two drawn since: the two oldest were held then.
    assert bars[1] == (JUST_SAY_NO, JUST_SAY_NO, frozenset(), frozenset())
    assert slots([lack], [3, 2, 0], ME) == (None, None, None)


def self_play(seats: int, seed: int, decisions: int):
    """A game of sensible bots: its events and the states after each."""
    rng = random.Random(seed)
    events = list(setup(seats, Options(), rng))
    state = replay(events)
    states = []
    for n in range(decisions):
        if state.over:
            break
        seat = awaiting(state)[0].seat
        made, state = step(state, sensible_bot(state, seat, random.Random(n)), rng)
        events += made
        states.append((len(events), state))
    return events, states


def test_what_is_inferred_of_sensible_bots_is_true():
    # A hand lists its cards oldest first: each must be one its slot allows.
    checked = 0
    for seed in range(6):
        seats = 2 + seed % 2
        events, states = self_play(seats, 300 + seed, 400)
        for upto, state in states[::3]:
            history = [redact(e, ME) for e in events[:upto]]
            counts = [len(p.hand) for p in state.players]
            bars = slots(lacks(history, ME, state.options), counts, ME)
            for seat, bar in enumerate(bars):
                if bar is None:
                    continue
                for held, barred in zip(state.players[seat].hand, bar, strict=True):
                    assert held not in barred
                    checked += bool(barred)
    assert checked > 100


def test_a_guess_deals_a_barred_hand_only_cards_it_may_hold():
    _, states = self_play(2, 5, 30)
    state = states[-1][1]
    known = knowledge(state, ME)
    count = known.hand_counts[1]
    assert count >= 2
    only_no = frozenset(range(len(DECK))) - JUST_SAY_NO
    free = [c for c in known.unseen if c in JUST_SAY_NO]
    bars = (None, (only_no,) * count)
    for seed in range(20):
        world = guess(known, random.Random(seed), bars)
        hand = world.players[1].hand
        # As many Just Say Nos as are unseen, then any card.
        assert sum(c in JUST_SAY_NO for c in hand) == min(len(free), count)
        everything = sorted([*hand, *world.draw])
        assert everything == sorted(known.unseen)


def test_a_guess_without_bars_is_the_uniform_one():
    _, states = self_play(3, 8, 40)
    known = knowledge(states[-1][1], ME)
    assert guess(known, random.Random(4)) == guess(known, random.Random(4), ())
    none = (None, None, None)
    assert guess(known, random.Random(4)) == guess(known, random.Random(4), none)


def test_just_say_no_is_never_outranked():
    for score, plays in ((0.0, 1), (0.0, 3), (110.0, 2)):
        assert not outranked(score, plays) & JUST_SAY_NO
    assert all(DECK[c].action is Action.just_say_no for c in JUST_SAY_NO)


def test_the_inferred_guesses_forecast_the_hands_better(capsys):
    hands, means = forecast_losses(6, 2, every=4, guesses=30)
    assert hands >= 20
    for name in ("Just Say No", "a property"):
        assert means[name]["inferred"] < means[name]["uniform"], name
    assert check_main(["--games", "1", "--guesses", "5"]) == 0
    assert "a property: uniform" in capsys.readouterr().out


def test_a_hand_nothing_is_known_of_is_dealt_as_if_nothing_were_known():
    _, states = self_play(3, 8, 40)
    known = knowledge(states[-1][1], ME)
    counts = known.hand_counts
    assert counts[1] and counts[2]
    only_no = frozenset(range(len(DECK))) - JUST_SAY_NO
    for seed in range(10):
        world = guess(known, random.Random(seed), (None, (only_no,) * counts[1], None))
        pool = list(known.unseen)
        random.Random(seed).shuffle(pool)
        # Seat 2 takes the top of the shuffled pool, as the only hand dealt;
        # what seat 1 may not hold stays in the draw pile.
        assert world.players[2].hand == tuple(pool[: counts[2]])
        left = [c for c in pool[counts[2] :] if c not in world.players[1].hand]
        assert list(world.draw) == left
