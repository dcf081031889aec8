"""A player who chose the daily digest hears of their tournaments in it: a
game of a round ready, a bye, a cancellation, the end and their place. Never
by an email of its own, once whatever runs twice, and never again what an
email already told them."""

import time
from datetime import UTC, datetime, timedelta

import pytest

from django.core import mail
from django.db import connection

from games.models import Game
from games.notifications import digests, emails, tasks
from games.notifications.models import Digest, Notification, Outcome
from games.services import game_resign
from games.tournaments import services as tournaments
from games.tournaments.models import Tournament
from tests.games.services.test_concurrent_moves import race
from tests.notifications.conftest import SITE, emails_to, html_of, owe, sweep

# 06:00 UTC is 07:00 in Paris: the digest goes out an hour later.
MORNING = datetime(2026, 3, 3, 6, 0, tzinfo=UTC)
EIGHT_IN_PARIS = datetime(2026, 3, 3, 7, 0, tzinfo=UTC)


def make(creator, name, **fields):
    fields = {
        "kind": "deal",
        "format": Tournament.Format.SWISS,
        "rounds": 1,
        "seats": 2,
        "seconds_per_decision": 24 * 3600,
        "starts_at": MORNING + timedelta(minutes=5),
        **fields,
    }
    return tournaments.tournament_create(creator=creator, name=name, **fields)


def join(tournament, *players):
    for player in players:
        tournaments.tournament_join(tournament_id=tournament.pk, user=player)


def advance(*tournaments_):
    for tournament in tournaments_:
        tournaments.tournament_advance(tournament_id=tournament.pk)


def game_of(tournament, user) -> Game:
    return Game.objects.get(tournament_pairing__tournament=tournament, seats__user=user)


@pytest.fixture
def reader(user_factory):
    return user_factory(
        "dora", display_name="Dora", time_zone="Europe/Paris", notify="daily_digest"
    )


@pytest.fixture
def rival(user_factory):
    return user_factory("rival", display_name="Rival")


@pytest.mark.django_db
def test_the_digest_tells_a_game_ready_a_bye_and_a_cancellation_once(
    time_machine, reader, rival
):
    time_machine.move_to(MORNING, tick=False)
    cup = make(rival, "Friday cup")
    join(cup, reader)
    # Rival, a bot, then Dora: the last entered has round 1's bye.
    trio = make(rival, "Trio cup")
    tournaments.tournament_add_bot(tournament_id=trio.pk, user=rival, bot="sensible")
    join(trio, reader)
    empty = make(rival, "Monday cup", min_players=3)
    join(empty, reader)
    time_machine.move_to(MORNING + timedelta(minutes=6), tick=False)
    advance(cup, trio, empty)
    game = game_of(cup, reader)
    owe(game, rival)  # Dora's first turn played, if the draw gave her one
    game.refresh_from_db()
    assert set(game.deadlines) == {str(game.seats.get(user=rival).position)}

    # Nothing by email of its own, in the grace time or after it.
    time_machine.move_to(MORNING + timedelta(minutes=30), tick=False)
    sweep()
    assert emails_to(reader) == []
    channels = set(
        Notification.objects.filter(user=reader, kind="tournament").values_list(
            "channel", flat=True
        )
    )
    assert channels == {Notification.Channel.DIGEST}

    time_machine.move_to(EIGHT_IN_PARIS, tick=False)
    tasks.digests_start()
    [digest] = emails_to(reader)
    assert digest.subject == "Your mdeal digest: news from your tournaments"
    body = digest.body
    assert "YOUR TOURNAMENTS" in body
    assert "Friday cup has started. Round 1: your game with Rival is ready." in body
    assert f"{SITE}/games/{game.pk}/" in body
    assert "Trio cup has started. Round 1: you have a bye, and its points." in body
    assert "Monday cup was cancelled: 2 of the 3 players it needed entered." in body
    assert f"{SITE}{empty.get_absolute_url()}" in body
    html = html_of(digest)
    assert "Your tournaments" in html and "Open the table" in html
    assert "See the tournament" in html
    assert set(
        Notification.objects.filter(user=reader, kind="tournament").values_list(
            "outcome", flat=True
        )
    ) == {Outcome.SENT}

    # Beat again, a retried task, the next day: told once.
    tasks.digests_start()
    tasks.send_digest(Digest.objects.get(user=reader).pk)
    time_machine.move_to(EIGHT_IN_PARIS + timedelta(days=1), tick=False)
    tasks.digests_start()
    assert len(emails_to(reader)) == 1


@pytest.mark.django_db
def test_the_digest_tells_the_place_and_not_what_an_email_told(
    time_machine, reader, rival
):
    time_machine.move_to(MORNING, tick=False)
    reader.notify = "each_move"
    reader.save(update_fields=["notify"])
    cup = make(rival, "Friday cup")
    join(cup, reader)
    time_machine.move_to(MORNING + timedelta(minutes=6), tick=False)
    advance(cup)
    owe(game_of(cup, reader), rival)  # Dora's first turn played, if hers
    time_machine.move_to(MORNING + timedelta(minutes=10), tick=False)
    sweep()
    [ready] = emails_to(reader)  # at once: Dora read emails as things happen
    assert "Round 1: your game with Rival is ready" in ready.subject

    # Dora chooses the digest; the rival resigns, the cup ends: 1st of 2.
    reader.notify = "daily_digest"
    reader.save(update_fields=["notify"])
    game_resign(game_id=game_of(cup, rival).pk, user=rival)
    advance(cup)
    cup.refresh_from_db()
    assert cup.status == Tournament.Status.FINISHED
    time_machine.move_to(MORNING + timedelta(minutes=30), tick=False)
    sweep()
    assert len(emails_to(reader)) == 1  # the end waits for the digest

    time_machine.move_to(EIGHT_IN_PARIS, tick=False)
    tasks.digests_start()
    ready, digest = emails_to(reader)
    assert "Friday cup has finished: you placed 1st of 2." in digest.body
    assert "your game with Rival is ready" not in digest.body


@pytest.mark.django_db
def test_news_gone_stale_or_read_on_the_site_is_not_in_the_digest(
    time_machine, reader, rival, client
):
    time_machine.move_to(MORNING, tick=False)
    cup = make(rival, "Friday cup")
    join(cup, reader)
    empty = make(rival, "Monday cup", min_players=3)
    join(empty, reader)
    time_machine.move_to(MORNING + timedelta(minutes=6), tick=False)
    advance(cup, empty)
    # Dora resigns the game (over: nothing to come to) and reads the inbox.
    game_resign(game_id=game_of(cup, reader).pk, user=reader)
    client.force_login(reader)
    assert client.post("/inbox/read/").status_code in (200, 302)
    time_machine.move_to(EIGHT_IN_PARIS, tick=False)
    tasks.digests_start()
    for message in emails_to(reader):
        assert "YOUR TOURNAMENTS" not in message.body
    outcomes = dict(
        Notification.objects.filter(user=reader, kind="tournament").values_list(
            "decision", "outcome"
        )
    )
    assert outcomes == {"r1g1": Outcome.MOVED, "cancel": Outcome.SEEN}


@pytest.mark.django_db
def test_tournament_emails_off_keeps_the_news_out_of_the_digest(
    time_machine, reader, rival
):
    time_machine.move_to(MORNING, tick=False)
    empty = make(rival, "Monday cup", min_players=3)
    join(empty, reader)
    reader.tournament_emails = False
    reader.save(update_fields=["tournament_emails"])
    time_machine.move_to(MORNING + timedelta(minutes=6), tick=False)
    advance(empty)
    time_machine.move_to(EIGHT_IN_PARIS, tick=False)
    tasks.digests_start()
    assert emails_to(reader) == []


@pytest.fixture
def slow_compose(monkeypatch):
    compose = emails.compose

    def slow(**kwargs):
        time.sleep(0.3)
        return compose(**kwargs)

    monkeypatch.setattr(emails, "compose", slow)


@pytest.mark.django_db(transaction=True)
def test_two_digests_sent_at_once_tell_the_news_once(
    time_machine, slow_compose, reader, rival
):
    if connection.vendor != "postgresql":
        pytest.skip("the racing claims need PostgreSQL: set DATABASE_URL to run")
    time_machine.move_to(MORNING, tick=False)
    empty = make(rival, "Monday cup", min_players=3)
    join(empty, reader)
    time_machine.move_to(MORNING + timedelta(minutes=6), tick=False)
    advance(empty)
    # Yesterday's digest was never sent (a worker down); today's is due too.
    time_machine.move_to(EIGHT_IN_PARIS, tick=False)
    now = EIGHT_IN_PARIS
    late = Digest.objects.create(
        user=reader, day=now.date() - timedelta(days=1), created_at=now
    )
    today = Digest.objects.create(user=reader, day=now.date(), created_at=now)

    results = race(
        lambda: digests.digest_send(digest_id=late.pk),
        lambda: digests.digest_send(digest_id=today.pk),
    )

    assert sorted(results) == [0, 1], results
    told = [m for m in mail.outbox if "Monday cup was cancelled" in m.body]
    assert len(told) == 1
    assert Notification.objects.get(user=reader, kind="tournament").outcome == (
        Outcome.SENT
    )


@pytest.mark.django_db
def test_news_kept_for_the_digest_is_emailed_if_the_player_leaves_the_digest(
    time_machine, reader, rival
):
    time_machine.move_to(MORNING, tick=False)
    empty = make(rival, "Monday cup", min_players=3)
    join(empty, reader)
    time_machine.move_to(MORNING + timedelta(minutes=6), tick=False)
    advance(empty)
    # Before 08:00 in Paris Dora goes back to emails as things happen.
    reader.notify = "each_move"
    reader.save(update_fields=["notify"])
    time_machine.move_to(MORNING + timedelta(minutes=10), tick=False)
    sweep()
    [email] = emails_to(reader)
    assert email.subject == "Monday cup was cancelled"
    assert "2 of the 3 players it needed entered" in email.body
    # Once: the sweep again, and a digest if she takes it again.
    sweep()
    reader.notify = "daily_digest"
    reader.save(update_fields=["notify"])
    time_machine.move_to(EIGHT_IN_PARIS, tick=False)
    tasks.digests_start()
    assert len(emails_to(reader)) == 1
