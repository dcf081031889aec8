"""Seen at the table: the record the your-move email checks."""

import pytest

from games.notifications.models import Presence
from games.notifications.presence import table_seen

pytestmark = pytest.mark.django_db


def test_an_id_beyond_any_game_records_nothing_and_logs_no_error(user, caplog):
    for game_id in (10**19, -1, 0, "x"):
        table_seen(game_id=game_id, user=user)
    assert not Presence.objects.exists()
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
