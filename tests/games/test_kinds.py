"""The registry of game kinds: every entry is complete, and the games made
before there were kinds are Monopoly Deal."""

import pytest

from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.template.loader import get_template

from games import kinds
from games.engines.protocol import Engine
from games.models import Game, Seat


@pytest.mark.parametrize("kind", kinds.all_kinds(), ids=lambda k: k.key)
def test_every_kind_is_a_whole_entry(kind):
    assert isinstance(kind.engine, Engine)
    assert Game.MIN_SEATS <= kind.min_seats < kind.max_seats <= Game.MAX_SEATS
    assert kind.bots and set(kind.bots) <= set(Seat.Bot.values) - {""}
    assert "sensible" in kind.bots  # what a refused default move falls back to
    get_template(kind.table_template)
    assert kinds.get(kind.key) is kind
    assert kinds.label(kind.key) == kind.label
    words = kind.replay
    assert words.open_link and words.open_view and words.spectator


def test_the_kinds_are_monopoly_deal_first_then_classic():
    assert kinds.choices() == [
        ("deal", "Monopoly Deal"),
        ("classic", "Classic Monopoly"),
    ]
    assert kinds.DEFAULT == "deal"
    assert kinds.label("gone") == "gone"


@pytest.mark.django_db(transaction=True)
def test_the_migration_makes_every_existing_game_monopoly_deal(user):
    executor = MigrationExecutor(connection)
    before, after = (
        [("games", "0008_game_bot_strengths")],
        [("games", "0009_game_kind")],
    )
    try:
        executor.migrate(before)
        old = executor.loader.project_state(before).apps.get_model("games", "Game")
        game = old.objects.create(
            created_by_id=user.pk, seat_count=2, seconds_per_decision=3600
        )
        executor.loader.build_graph()
        executor.migrate(after)
    finally:
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
    assert Game.objects.get(pk=game.pk).kind == "deal"
