"""open_view shows every hand at any point; redact hides what describe hides."""

import random

import pytest

from games.engines.deal import (
    CardsDrawn,
    DeckReshuffled,
    GameStarted,
    HandDiscarded,
    awaiting,
    decide,
    evolve,
    open_view,
    redact,
    setup,
    to_json,
    view,
)
from games.engines.deal.bots import sensible_bot
from games.engines.deal.state import Options
from tests.engines.deal.test_selfplay import forbidden_for

EVENT_CARD_KEYS = {"card", "cards", "take", "give", "doubles", "order"}


def cards_named(data: dict) -> set[int]:
    found: set[int] = set()
    for key, value in data.items():
        if key in EVENT_CARD_KEYS and value is not None:
            found |= set(value) if isinstance(value, list) else {value}
    return found


def played(seats: int, seed: int, limit: int = 600):
    """(event, state after it) for a seeded game of sensible bots."""
    rng = random.Random(seed)
    state = None
    for event in setup(seats, Options(), rng):
        state = evolve(state, event)
        yield event, state
    for _ in range(limit):
        if state.over:
            return
        seat = next(a.seat for a in awaiting(state))
        move = sensible_bot(state, seat, rng)
        for event in decide(state, move, rng):
            state = evolve(state, event)
            yield event, state


@pytest.mark.parametrize("seats, seed", [(2, 1), (3, 2), (5, 3)])
def test_a_redacted_event_names_no_card_its_reader_cannot_see(seats, seed):
    hidden_somewhere = 0
    for event, state in played(seats, seed):
        for seat in [*range(seats), None]:
            data = redact(event, seat)
            forbidden = forbidden_for(state, seat)
            if isinstance(event, HandDiscarded) and event.seat == seat:
                forbidden -= set(event.cards)  # "You discarded X to the bottom..."
            assert not cards_named(data) & forbidden, (event, seat)
            if data.get("redacted"):
                hidden_somewhere += 1
                assert data["count"] == len(to_json(event).get("cards") or event.order)
            else:
                assert data == to_json(event)
    assert hidden_somewhere


def test_a_seat_reads_its_own_draw_and_nobody_reads_the_deck_order():
    drawn = CardsDrawn(seat=1, cards=(3, 40))
    assert redact(drawn, 1) == to_json(drawn)
    assert redact(drawn, 0)["cards"] is None
    assert redact(drawn, 0)["count"] == 2
    for event in (
        GameStarted(seats=2, order=tuple(range(106)), first=0, options=Options()),
        DeckReshuffled(order=(5, 6, 7)),
    ):
        for seat in (0, 1, None):
            assert redact(event, seat)["order"] is None


def test_the_open_view_shows_every_hand_at_any_point():
    for _event, state in played(3, 4, limit=60):
        seen = open_view(state)
        assert seen["hands"] == {
            str(i): list(p.hand) for i, p in enumerate(state.players)
        }
        assert {k: v for k, v in seen.items() if k != "hands"} == {
            k: v for k, v in view(state, None).items() if k != "hands"
        }
        assert "draw" not in seen
