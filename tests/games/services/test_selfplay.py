"""Random games through the services, with forged and illegal moves mixed in.

Every legal move is accepted, every refused one changes nothing, and at the
end the events replay to the snapshot.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import services
from games.engines import deal as engine
from games.engines.deal import bots
from games.errors import BadMove, GameError, NotAPlayer, StaleVersion
from games.models import Game
from tests.games.factories import awaited_seat, fresh, make_game, table_rows

pytestmark = pytest.mark.django_db


def forged_move(rng: random.Random, state, seat: int):
    """Something a tampered form could send for `seat`."""
    others = [p for p in range(len(state.players)) if p != seat]
    someone_else = rng.choice(others)
    hidden = state.players[someone_else].hand or state.draw or (0,)
    return rng.choice(
        [
            {"type": "BankCard", "card": rng.choice(hidden)},
            {"type": "Pay", "cards": [rng.choice(hidden)]},
            {"type": "BankCard", "card": rng.choice([-5, -1, 106, 150, 10**9])},
            {"type": "SlyDeal", "card": 0, "target": seat, "take": 0},
            {"type": rng.choice(["Nope", "GameWon", "State", "Move"])},
            {"type": "Discard", "cards": ["x"]},
            rng.choice(["", "[]", None, 3]),
        ]
    )


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_random_play_with_forgeries_keeps_the_events_true(user_factory, seed, players):
    rng = random.Random(seed)
    people = [user_factory() for _ in range(players)]
    stranger = user_factory()
    game = make_game(creator=people[0], players=people[1:])
    for _ in range(60):
        game = fresh(game)
        if game.status != Game.Status.ACTIVE:
            break
        state = game.state()
        seat = awaited_seat(game)
        roll = rng.random()
        if roll < 0.6:
            move = bots.random_bot(state, seat.position, rng)
            services.move_submit(
                game_id=game.pk, user=seat.user, move=move, version=game.version
            )
            assert fresh(game).version > game.version
            continue
        before = table_rows(game)
        user, move, version = seat.user, engine.EndTurn(seat=seat.position), None
        if roll < 0.75:
            move, expected = forged_move(rng, state, seat.position), BadMove
        elif roll < 0.85:
            version, expected = game.version - rng.randrange(1, 4), StaleVersion
        else:
            user, expected = stranger, NotAPlayer
        with pytest.raises(GameError) as refused:
            services.move_submit(
                game_id=game.pk,
                user=user,
                move=move,
                version=game.version if version is None else version,
            )
        assert isinstance(refused.value, expected), refused.value
        assert table_rows(game) == before
    game = fresh(game)
    events = [e.event(game.engine) for e in game.events.order_by("seq")]
    assert len(events) == game.version
    assert engine.to_json(engine.replay(events)) == game.snapshot
