import json
import random
from dataclasses import fields

from games.engines.deal import (
    DECK,
    Accept,
    Accepted,
    CardsDrawn,
    CollectDebt,
    Colour,
    DealBreaker,
    DeckReshuffled,
    EndTurn,
    Event,
    HandDiscarded,
    JustSayNoPlayed,
    MoveWild,
    Options,
    PaymentMade,
    Resign,
    awaiting,
    decide,
    describe,
    evolve,
    legal_moves,
    new_game,
    scenario,
    view,
)
from games.engines.deal.events import EVENT_TYPES

from .support import apply, held

NAMES = ["Ann", "Bea", "Cal", "Dee", "Eve"]
CARD_KEYS = {
    "hand",
    "bank",
    "cards",
    "house",
    "hotel",
    "loose",
    "discard",
    "card",
    "take",
    "give",
    "doubles",
}
NOT_CARD_KEYS = {
    "seat",
    "active",
    "plays_left",
    "amount",
    "to",
    "count",
    "hand_count",
    "bank_total",
    "size",
    "needed",
    "rent",
    "full_sets",
    "draw_count",
    "winner",
    "actor",
    "base",
    "set_index",
    "nos",
    "max_missed_deadlines",
    "turn",
}


def _cards_in(tree, key=None, found=None):
    found = set() if found is None else found
    if isinstance(tree, dict):
        for k, v in tree.items():
            _cards_in(v, k, found)
    elif isinstance(tree, list):
        for v in tree:
            _cards_in(v, key, found)
    elif isinstance(tree, int) and not isinstance(tree, bool):
        assert key in CARD_KEYS | NOT_CARD_KEYS, f"unknown integer key {key!r}"
        if key in CARD_KEYS:
            found.add(tree)
    return found


def _hidden(state, seat):
    hidden = set(state.draw)
    for i, p in enumerate(state.players):
        if i != seat:
            hidden |= set(p.hand)
    return hidden


def _random_game(seed, seats):
    rng = random.Random(seed)
    s = new_game(seats, seed=seed)
    yield s, None
    for _ in range(3000):
        if s.over:
            return
        a = rng.choice(awaiting(s))
        moves = [
            m for m in legal_moves(s, a.seat) if not isinstance(m, Resign | MoveWild)
        ]
        for e in decide(s, rng.choice(moves), rng):
            s = evolve(s, e)
            yield s, e


def test_view_hides_other_hands_and_the_draw_pile_from_every_seat():
    for seed in range(4):
        seats = 2 + seed % 4
        for state, _ in _random_game(seed, seats):
            for seat in [None, *range(seats)]:
                seen = view(state, seat)
                assert json.loads(json.dumps(seen)) == seen
                if state.over:
                    continue
                assert not _cards_in(seen) & _hidden(state, seat)
                assert seen["hands"] is None
                if seat is not None:
                    assert seen["you"]["hand"] == list(state.players[seat].hand)


def test_history_never_names_a_card_hidden_from_the_reader():
    names_of = {c.id: c.name for c in DECK if sum(d.name == c.name for d in DECK) == 1}
    for seed in range(3):
        seats = 3
        for state, event in _random_game(seed, seats):
            if event is None or state.over:
                continue
            for seat in [None, *range(seats)]:
                line = describe(event, seat, NAMES)
                assert line is None or isinstance(line, str)
                if not line:
                    continue
                hidden = _hidden(state, seat)
                if isinstance(event, HandDiscarded) and event.seat == seat:
                    hidden -= set(event.cards)
                for c in hidden:
                    if c in names_of and DECK[c].kind != "money":
                        assert names_of[c] not in line, (line, names_of[c])


def test_view_after_the_game_reveals_every_hand():
    s = scenario("0 hand: 5M\n1 hand: 4M, 3M")
    s = apply(s, Resign(seat=0))
    seen = view(s, 0)
    assert seen["phase"] == "over" and seen["winner"] == 1
    assert seen["hands"] == {"0": [], "1": list(s.players[1].hand)}


def test_view_shows_sets_pending_and_awaiting():
    s = scenario(
        """
        0 hand: Debt Collector
        0 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue +House]
        0 loose: Multicolour Wild
        """
    )
    seen = view(s, 1)
    assert seen["you"] == {"hand": []}
    (red,) = seen["players"][0]["sets"]
    assert red == {
        "colour": "red",
        "cards": list(s.players[0].sets[0].cards),
        "house": s.players[0].sets[0].house,
        "hotel": None,
        "size": 3,
        "needed": 0,
        "full": True,
        "rent": 6 + 3,
    }
    assert seen["players"][0]["loose"] == list(s.players[0].loose)
    assert seen["phase"] == "play" and seen["plays_left"] == 3
    s = apply(s, CollectDebt(seat=0, card=held(s, 0, "Debt Collector"), target=1))
    seen = view(s, None)
    assert seen["you"] is None
    assert seen["phase"] == "respond"
    assert seen["pending"]["kind"] == "debt"
    assert seen["pending"]["targets"] == [
        {"seat": 1, "status": "waiting", "amount": 5, "nos": 0}
    ]
    assert seen["awaiting"][0]["kind"] == "respond"
    assert seen["awaiting"][0]["detail"].endswith("Say no or accept.")


def test_others_read_only_how_many_cards_were_drawn():
    s = scenario("0 hand: 1M\n1 hand: 2M\ndraw: Boardwalk, 2M")
    evs = decide(s, EndTurn(seat=0), random.Random(0))
    drawn = next(e for e in evs if isinstance(e, CardsDrawn))
    assert describe(drawn, 0, NAMES) == "Bea drew 2 cards."
    assert describe(drawn, None, NAMES) == "Bea drew 2 cards."
    assert describe(drawn, 1, NAMES) == "You drew Boardwalk and 2M."


def test_discards_to_the_draw_pile_are_hidden_and_to_the_discard_pile_public():
    e = HandDiscarded(seat=1, cards=(22, 23), to_draw_pile=True)
    assert describe(e, 0, NAMES) == (
        "Bea discarded 2 cards to the bottom of the draw pile."
    )
    assert "Reading Railroad" in describe(e, 1, NAMES)
    e = HandDiscarded(seat=1, cards=(22,), to_draw_pile=False)
    assert describe(e, 0, NAMES) == "Bea discarded Reading Railroad."


def test_a_reshuffle_keeps_its_order_secret():
    line = describe(DeckReshuffled(order=(22, 23)), 0, NAMES)
    assert "Reading" not in line and "22" not in line


def test_history_lines_read_as_sentences_for_the_players_involved():
    s = scenario(
        """
        0 hand: Deal Breaker
        1 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue]
        1 bank: 3M, 2M
        """
    )
    evs = decide(
        s,
        DealBreaker(seat=0, card=held(s, 0, "Deal Breaker"), target=1, set_index=0),
        random.Random(0),
    )
    assert describe(evs[0], 1, NAMES) == "Ann played Deal Breaker on your Red set."
    assert describe(evs[0], 2, NAMES) == "Ann played Deal Breaker on Bea's Red set."
    s = apply(
        s, DealBreaker(seat=0, card=held(s, 0, "Deal Breaker"), target=1, set_index=0)
    )
    (accepted, taken) = decide(s, Accept(seat=1), random.Random(0))
    assert describe(accepted, 1, NAMES) == "You accepted."
    assert describe(taken, 0, NAMES) == "You took a full set from Bea."
    paid = PaymentMade(seat=1, to=0, cards=s.players[1].bank)
    assert describe(paid, 0, NAMES) == "Bea paid you 5M: 3M and 2M."
    assert describe(PaymentMade(seat=1, to=0, cards=()), 2, NAMES) == (
        "Bea had nothing to pay."
    )


def test_every_kind_of_event_has_a_history_line_or_none_for_every_reader():
    samples = {
        int: 1,
        tuple[int, ...]: (22, 23),
        Colour: Colour.red,
        Colour | None: Colour.red,
        Options: Options(),
        bool: True,
    }
    for cls in EVENT_TYPES:
        kwargs = {}
        for f in fields(cls):
            kwargs[f.name] = samples[f.type]
        event = cls(**kwargs)
        assert isinstance(event, Event)
        for seat in (None, 0, 1, 2):
            line = describe(event, seat, NAMES)
            assert line is None or (line[0].isupper() and line.endswith((".", "!")))


def test_an_actor_letting_a_no_stand_reads_plainly():
    assert describe(Accepted(seat=0, target=1), 1, NAMES) == (
        "Ann let your Just Say No stand."
    )
    assert describe(Accepted(seat=0, target=1), 0, NAMES) == (
        "You let Bea's Just Say No stand."
    )


def test_just_say_no_lines_tell_a_refusal_from_an_answer():
    assert describe(JustSayNoPlayed(seat=1, card=54, target=1), 0, NAMES) == (
        "Bea said no with a Just Say No."
    )
    assert describe(JustSayNoPlayed(seat=0, card=55, target=1), 1, NAMES) == (
        "Ann answered your Just Say No with another."
    )
