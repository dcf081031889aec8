import json
import random

import pytest

from games.engines.deal import (
    Accept,
    ChargeRent,
    Colour,
    Discard,
    GameStarted,
    MoveWild,
    Options,
    Pay,
    PlayProperty,
    RentCharged,
    Resign,
    SayNo,
    State,
    awaiting,
    decide,
    evolve,
    from_json,
    legal_moves,
    new_game,
    replay,
    scenario,
    setup,
    to_json,
)

from .support import apply, held


def _round_trip(obj):
    data = json.loads(json.dumps(to_json(obj)))
    back = from_json(data)
    assert back == obj
    assert type(back) is type(obj)
    return back


def test_moves_round_trip_exactly():
    for move in (
        PlayProperty(seat=1, card=35, colour=Colour.yellow),
        MoveWild(seat=0, card=37, colour=Colour.red, set_index=2),
        ChargeRent(
            seat=0,
            card=49,
            colour=Colour.green,
            set_index=0,
            target=2,
            doubles=(84, 85),
        ),
        Pay(seat=2, cards=(86, 90)),
        Discard(seat=0, cards=()),
        SayNo(seat=0, card=54, target=3),
        Accept(seat=1),
    ):
        _round_trip(move)
    back = _round_trip(ChargeRent(seat=0, card=49, colour=Colour.green, doubles=(84,)))
    assert isinstance(back.doubles, tuple)
    assert back.colour is Colour.green


def test_events_round_trip_with_type_and_schema_version():
    events = setup(3, Options(hotel_replaces_house=True), random.Random(5))
    for e in events:
        _round_trip(e)
    data = to_json(events[0])
    assert data["type"] == "GameStarted" and data["v"] == 1
    started = from_json(data)
    assert isinstance(started, GameStarted)
    assert isinstance(started.order, tuple)
    assert started.options == Options(hotel_replaces_house=True)
    rent = RentCharged(
        seat=0,
        card=41,
        colour=Colour.red,
        set_index=0,
        targets=(1, 2),
        amount=6,
        base=3,
        doubles=(84,),
    )
    assert _round_trip(rent).colour is Colour.red


def test_state_round_trips_exactly_mid_action():
    s = scenario(
        """
        seats: 3
        options: just_say_no_costs_play
        0 hand: Red/Yellow Rent, Double the Rent
        0 sets: red[Kentucky Avenue, Red/Yellow Wild], yellow[Atlantic Avenue]
        0 loose: Multicolour Wild
        1 hand: Just Say No
        2 resigned
        """
    )
    s = apply(
        s,
        ChargeRent(
            seat=0,
            card=held(s, 0, "Red/Yellow Rent"),
            colour="red",
            doubles=(held(s, 0, "Double the Rent"),),
        ),
        SayNo(seat=1, card=held(s, 1, "Just Say No")),
    )
    assert s.pending is not None
    back = _round_trip(s)
    assert isinstance(back, State)
    assert back.pending.colour is Colour.red
    assert legal_moves(back, 0) == legal_moves(s, 0)


def test_new_game_state_round_trips():
    _round_trip(new_game(5, seed=99))


def test_a_game_replays_from_its_stored_events_to_the_same_state():
    rng = random.Random(8)
    events = setup(4, Options(just_say_no_costs_play=True), rng)
    s = replay(events)
    for _ in range(400):
        if s.over:
            break
        seat = rng.choice(awaiting(s)).seat
        moves = [m for m in legal_moves(s, seat) if not isinstance(m, Resign)]
        new = decide(s, rng.choice(moves), rng)
        for e in new:
            s = evolve(s, e)
        events += new
    stored = [json.loads(json.dumps(to_json(e))) for e in events]
    assert replay(from_json(d) for d in stored) == s


def test_from_json_of_malformed_data_raises_value_error():
    rent = {"type": "ChargeRent", "seat": 0, "card": 1, "colour": "red"}
    for data in (
        {**rent, "doubles": None},
        {**rent, "doubles": [[1]]},
        {**rent, "card": "1"},
        {**rent, "card": True},
        {**rent, "colour": "purple"},
        {"type": "Pay", "seat": 0, "cards": None},
        {"type": "Pay", "seat": 0, "cards": 5},
        {"type": "Pay", "seat": 0},
        {"type": "Pay", "seat": "0", "cards": []},
        {"type": "NoSuchMove", "seat": 0},
        {"type": ["Pay"], "seat": 0},
        {"seat": 0},
        {"type": "State"},
        None,
        [],
        "EndTurn",
    ):
        with pytest.raises(ValueError):
            from_json(data)
    assert from_json({**rent, "doubles": []}) == ChargeRent(
        seat=0, card=1, colour=Colour.red
    )
