"""Only people write in the chat: the site posts nothing there, so nothing
about a hand can ever reach it. A game played by players and bots, with a
resignation, leaves the chat empty, and the only code that creates a message is
`chat.services.message_post`, called from the chat's own view and from the
Bot API's chat door (a player's own program writing for them)."""

import ast
from pathlib import Path

import pytest

from games import services
from games.chat.models import Message
from games.engines import deal as engine
from tests.games.factories import awaited_seat, fresh, make_game, move_submit_as

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_a_whole_game_of_moves_bots_and_a_resignation_writes_no_message(ada, bea):
    game = make_game(creator=ada, players=[bea], seat_count=3, start=False)
    services.game_add_bots(game_id=game.pk, user=ada)
    for _ in range(300):
        game = fresh(game)
        if game.is_over:
            break
        seat = awaited_seat(game)
        if seat.user_id is None:
            services.bots_play(game_id=game.pk, version=game.version)
        else:
            move_submit_as(game, seat, engine.default_move(game.state(), seat.position))
    if not fresh(game).is_over:
        services.game_resign(game_id=game.pk, user=ada)
    assert fresh(game).version > 10
    assert not Message.objects.exists()


def _writers() -> list[str]:
    """Every place in the site's code that creates a chat Message."""
    found = []
    for path in sorted((ROOT / "games").rglob("*.py")) + sorted(
        (ROOT / "accounts").rglob("*.py")
    ):
        if "migrations" in path.parts:
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            text = ast.unparse(node.func)
            if text in ("Message.objects.create", "Message.objects.bulk_create") or (
                text.endswith("message_post")
            ):
                found.append(f"{path.relative_to(ROOT)}:{text}")
    return found


def test_only_the_chat_view_posts_and_only_the_service_creates_messages():
    assert _writers() == [
        "games/api/views.py:message_post",
        "games/chat/services.py:Message.objects.create",
        "games/chat/views.py:services.message_post",
    ]
