"""What each seat sees, the history lines, and the JSON round trip."""

import json

import pytest

from games.engines.classic import (
    CARDS,
    AcceptOffer,
    Bid,
    Build,
    DeclineBuy,
    DeclineOffer,
    OfferTrade,
    Roll,
    WithdrawOffer,
    from_json,
    new_game,
    open_view,
    redact,
    scenario,
    setup,
    to_json,
    view,
)
from games.engines.classic import describe as describe_event
from games.engines.classic.moves import MOVE_TYPES

from .support import Dice, apply, events_of

NAMES = ("Ann", "Bea", "Cal")


def _auction():
    s = scenario("seats: 3\n0 at: 36")
    return apply(s, Roll(seat=0), DeclineBuy(seat=0), Bid(seat=1, amounts=(99,)),
                 dice=(1, 2))  # fmt: skip


def test_a_sealed_bid_is_hidden_from_everyone_but_its_bidder_until_closing():
    s = _auction()
    assert view(s, 1)["auction"]["your_bid"] == [99]
    for seat in (0, 2, None):
        v = view(s, seat)
        assert v["auction"]["your_bid"] is None and "99" not in json.dumps(v["auction"])
    (placed,) = events_of(_auction_before(), Bid(seat=1, amounts=(99,)))
    assert redact(placed, 0)["amounts"] is None
    assert describe_event(placed, 0, NAMES) == "Bea placed a sealed bid."
    assert describe_event(placed, 1, NAMES) == "You bid $99."


def _auction_before():
    s = scenario("seats: 3\n0 at: 36")
    return apply(s, Roll(seat=0), DeclineBuy(seat=0), dice=(1, 2))


def test_the_decks_order_is_hidden_until_the_game_is_over():
    s = new_game(3, 5)
    v = view(s, 0)
    assert v["chance"] is None and v["chance_count"] == 16
    (started, *_) = setup(3, s.options, Dice())
    assert redact(started, 0)["chance"] is None


def test_an_open_offer_is_seen_only_by_its_two_parties():
    s = apply(scenario("seats: 3\n0 owns: Boardwalk"),
              OfferTrade(seat=0, to=1, give_deeds=(39,)))  # fmt: skip
    assert view(s, 1)["offers"] and view(s, 0)["offers"]
    assert view(s, 2)["offers"] == [] and view(s, None)["offers"] == []
    assert all(a["kind"] != "answer" for a in view(s, 2)["awaiting"])


def test_the_open_view_shows_every_sealed_bid_and_offer_but_not_the_decks():
    """For a finished game's replay: every secret a player held, mid-auction."""
    s = _auction()
    assert open_view(s)["auction"]["bids"] == {"1": [99]}
    assert "bids" not in view(s, None)["auction"]
    offer = apply(scenario("seats: 3\n0 owns: Boardwalk"),
                  OfferTrade(seat=0, to=1, give_deeds=(39,)))  # fmt: skip
    assert [o["give_deeds"] for o in open_view(offer)["offers"]] == [[39]]
    assert any(a["kind"] == "answer" for a in open_view(offer)["awaiting"])
    assert open_view(s)["chance"] is None and open_view(s)["chance_count"] == 16


def test_public_facts_are_in_every_view():
    s = scenario("0 cash: 321\n0 owns: Boardwalk +2, Park Place +2\n1 jail: 1")
    v = view(s, 1)
    assert v["players"][0]["cash"] == 321 and v["players"][1]["in_jail"]
    assert v["houses"] == 28
    assert next(d for d in v["deeds"] if d["space"] == 39)["level"] == 2


def test_moves_events_and_states_round_trip_through_json():
    s = _auction()
    assert from_json(json.loads(json.dumps(to_json(s)))) == s
    for cls in MOVE_TYPES:
        kwargs = {"seat": 1}
        m = cls(**{**kwargs, **_sample_fields(cls)})
        assert from_json(to_json(m)) == m


def _sample_fields(cls):
    import typing

    values = {int: 3, str: "x", tuple[int, ...]: (1, 2),
              tuple[str, ...]: ("ch_jail_free",)}  # fmt: skip
    hints = typing.get_type_hints(cls)
    return {name: values[tp] for name, tp in hints.items() if name != "seat"}


@pytest.mark.parametrize(
    "bad",
    [None, {}, {"type": "Nope"}, {"type": "Roll"}, {"type": "Roll", "seat": True},
     {"type": "Bid", "seat": 0, "amounts": None}],
)  # fmt: skip
def test_from_json_of_anything_else_raises_value_error(bad):
    with pytest.raises(ValueError):
        from_json(bad)


def test_a_move_with_fields_of_the_wrong_type_is_refused_with_a_sentence():
    from .support import refused

    refused(new_game(2, 1), Roll(seat=True), "not well formed")
    refused(new_game(2, 1), Bid(seat=0, amounts=("1",)), "not well formed")


def test_a_completed_trade_is_public_while_the_open_offer_was_not():
    s = scenario("seats: 3\n0 owns: Boardwalk")
    (made,) = events_of(s, OfferTrade(seat=0, to=1, give_deeds=(39,), get_cash=5))
    assert redact(made, 2)["offer"] is None and redact(made, 1)["offer"]
    s = apply(s, OfferTrade(seat=0, to=1, give_deeds=(39,), get_cash=5))
    (done,) = events_of(s, AcceptOffer(seat=1, offer=1))
    assert "redacted" not in redact(done, 2) and redact(done, 2)["offer"]
    assert describe_event(done, 2, NAMES)
    assert view(apply(s, AcceptOffer(seat=1, offer=1)), 2)["players"][1]["cash"] == (
        1495
    )


def test_every_roll_and_every_card_drawn_is_public():
    s = scenario("seats: 3\n0 at: 4\nchance: ch_dividend")
    events = events_of(s, Roll(seat=0), dice=(1, 2))
    lines = [describe_event(e, 2, NAMES) for e in events]
    assert "Ann rolled 1 and 2." in lines
    assert f"Ann drew: {CARDS['ch_dividend'].text}" in lines
    assert all("redacted" not in redact(e, 2) for e in events)
    assert view(apply(s, Roll(seat=0), dice=(1, 2)), 2)["last_roll"] == [1, 2]


def _voided_brown_offer():
    """Ann offers Bea Mediterranean Avenue, builds on the browns, and Bea's
    acceptance finds the offer void; Cal sits outside it."""
    s = scenario("seats: 3\n0 owns: Mediterranean Avenue, Baltic Avenue")
    s = apply(s, OfferTrade(seat=0, to=1, give_deeds=(1,), get_cash=60))
    s = apply(s, Build(seat=0, space=1))
    (voided,) = events_of(s, AcceptOffer(seat=1, offer=1))
    return voided


def test_why_an_offer_was_void_is_told_only_to_its_two_seats():
    voided = _voided_brown_offer()
    assert "brown group has buildings" in voided.reason
    for party in (0, 1):
        assert redact(voided, party)["reason"] == voided.reason
        assert "brown" in describe_event(voided, party, NAMES)
    for outsider in (2, None):
        told = redact(voided, outsider)
        assert told["reason"] is None and told["redacted"]
        assert "brown" not in json.dumps(told)
        assert describe_event(voided, outsider, NAMES) is None


def test_a_declined_or_withdrawn_offer_is_told_only_to_its_two_seats():
    s = scenario("seats: 3\n0 owns: Boardwalk")
    s = apply(s, OfferTrade(seat=0, to=1, give_deeds=(39,), get_cash=5))
    (declined,) = events_of(s, DeclineOffer(seat=1, offer=1))
    (withdrawn,) = events_of(s, WithdrawOffer(seat=0, offer=1))
    for ended in (declined, withdrawn):
        assert describe_event(ended, 0, NAMES) and describe_event(ended, 1, NAMES)
        assert describe_event(ended, 2, NAMES) is None
        assert describe_event(ended, None, NAMES) is None


def test_an_offers_end_written_before_it_named_both_seats_still_reads():
    old = {"type": "OfferVoided", "v": 1, "offer": 1, "reason": "The brown group..."}
    voided = from_json(old)
    assert voided.between == ()
    assert all(redact(voided, seat)["reason"] is None for seat in (0, 1, 2, None))
    declined = from_json({"type": "OfferDeclined", "v": 1, "seat": 1, "offer": 1})
    assert describe_event(declined, 1, NAMES) == "You declined a trade."
    assert describe_event(declined, 2, NAMES) is None
