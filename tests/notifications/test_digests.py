"""The daily digest: at 08:00 in each player's own time zone, once a local day,
what awaits them, what finished, their open tables; nothing to say, no email."""

from datetime import UTC, datetime, timedelta

import pytest

from games import services
from games.notifications import tasks
from games.notifications.models import Digest, Outcome
from tests.games.factories import make_game
from tests.notifications.conftest import SITE, emails_to, owe

pytestmark = pytest.mark.django_db

DIGEST_ZONES = ("Europe/Paris", "America/New_York", "Asia/Tokyo")


def test_digests_go_out_at_eight_local_once_a_day_in_three_zones(
    time_machine, user_factory
):
    start = datetime(2026, 1, 15, 0, 0, tzinfo=UTC)
    time_machine.move_to(start, tick=False)
    readers = {}
    for zone in DIGEST_ZONES:
        reader = user_factory(time_zone=zone, notify="daily_digest")
        make_game(creator=reader, seat_count=3, start=False)  # an open table
        readers[zone] = reader
    idle = user_factory(time_zone="Europe/Paris", notify="daily_digest")

    sent_at = {zone: [] for zone in DIGEST_ZONES}
    for step in range(48 * 4):  # two days, every 15 minutes as beat does
        now = start + timedelta(minutes=15 * step)
        time_machine.move_to(now, tick=False)
        tasks.digests_start()
        for zone, reader in readers.items():
            if len(emails_to(reader)) > len(sent_at[zone]):
                sent_at[zone].append(now)

    def utc(day, hour):
        return datetime(2026, 1, day, hour, 0, tzinfo=UTC)

    assert sent_at == {
        "Europe/Paris": [utc(15, 7), utc(16, 7)],
        # At the start it is 19:00 on the 14th in New York and 09:00 on the
        # 15th in Tokyo: past 08:00 with no digest yet, so one goes out at once.
        "America/New_York": [utc(15, 0), utc(15, 13), utc(16, 13)],
        "Asia/Tokyo": [utc(15, 0), utc(15, 23), utc(16, 23)],
    }
    assert emails_to(idle) == []  # nothing to say
    assert set(Digest.objects.filter(user=idle).values_list("outcome", flat=True)) == {
        Outcome.EMPTY
    }
    message = emails_to(readers["Europe/Paris"])[0]
    assert message.subject == "Your mdeal digest: what happened at your tables"
    assert "open tables, waiting for players" in message.body.lower()
    assert "1 of 3 seats taken." in message.body
    assert message.extra_headers["List-Unsubscribe-Post"] == (
        "List-Unsubscribe=One-Click"
    )


def test_the_digest_lists_games_awaiting_with_time_left_and_results(
    time_machine, user_factory
):
    time_machine.move_to(datetime(2026, 3, 3, 6, 0, tzinfo=UTC), tick=False)
    reader = user_factory(
        "dora", display_name="Dora", time_zone="Europe/Paris", notify="daily_digest"
    )
    rival = user_factory("rival", display_name="Rival")
    waiting = make_game(
        creator=rival, players=[reader], seconds_per_decision=24 * 60 * 60
    )
    owe(waiting, reader)
    lost = make_game(creator=rival, players=[reader])
    services.game_resign(game_id=lost.pk, user=reader)

    time_machine.move_to(datetime(2026, 3, 3, 7, 0, tzinfo=UTC), tick=False)
    tasks.digests_start()  # 08:00 in Paris

    [message] = emails_to(reader)
    assert message.subject == "Your mdeal digest: 1 game awaits you"
    body = message.body
    assert f"{SITE}/games/{waiting.pk}/" in body
    assert "23 hours" in body  # time left
    assert "Wednesday 4 March" in body  # the deadline, in Paris
    assert f"{SITE}/games/{lost.pk}/" in body
    assert "Rival won." in body
    assert Digest.objects.get(user=reader).outcome == Outcome.SENT

    # Later the same day: nothing more.
    time_machine.move_to(datetime(2026, 3, 3, 20, 0, tzinfo=UTC), tick=False)
    tasks.digests_start()
    assert len(emails_to(reader)) == 1


def test_no_digest_for_players_who_chose_each_move_emails(time_machine, user):
    time_machine.move_to(datetime(2026, 3, 3, 9, 0, tzinfo=UTC), tick=False)
    make_game(creator=user, seat_count=3, start=False)
    tasks.digests_start()
    assert emails_to(user) == []
    assert not Digest.objects.exists()
