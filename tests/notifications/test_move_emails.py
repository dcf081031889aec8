"""'Your move': one email per decision, after the grace time, unless the player
moved or had the table open meanwhile; decisions due together share one email."""

from datetime import timedelta
from urllib.parse import urlparse

import pytest

from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services
from games.engines import deal as engine
from games.notifications import tasks
from games.notifications.decisions import decisions_record
from games.notifications.models import Notification, Outcome
from tests.games.factories import awaited_seat, fresh, make_game, move_submit_as
from tests.notifications.conftest import SITE, emails_to, html_of, owe, sweep

pytestmark = pytest.mark.django_db


@pytest.fixture
def ada(user_factory):
    return user_factory("ada", display_name="Ada", time_zone="Europe/Paris")


@pytest.fixture
def bea(user_factory):
    return user_factory("bea", display_name="Bea", time_zone="Asia/Tokyo")


def test_your_move_email_goes_out_after_the_grace_time(clock, ada, bea):
    game = make_game(creator=ada, players=[bea])
    owe(game, ada)
    sweep()
    assert emails_to(ada) == []  # the grace time is not over

    clock.past_grace()
    sweep()

    [message] = emails_to(ada)
    assert (
        message.subject == f"It is your move in Monopoly Deal game {game.pk} with Bea"
    )
    table_url = f"{SITE}/games/{game.pk}/"
    assert table_url in message.body
    assert f'href="{table_url}"' in html_of(message)
    # One hour per decision from 12:00 UTC: 13:00 UTC is 14:00 in Paris.
    assert "Tuesday 3 March, 14:00 CET" in message.body
    assert "Tuesday 3 March, 14:00 CET" in html_of(message)
    assert "Your turn: play up to 3 cards." in message.body
    unsubscribe = message.extra_headers["List-Unsubscribe"]
    assert unsubscribe.startswith(f"<{SITE}/notifications/unsubscribe/")
    assert message.extra_headers["List-Unsubscribe-Post"] == (
        "List-Unsubscribe=One-Click"
    )
    assert emails_to(bea) == []  # Bea owes nothing


def test_the_email_goes_to_the_verified_primary_address_only(clock, user_factory, bea):
    unverified = user_factory("cy", verified=False)
    game = make_game(creator=unverified, players=[bea])
    owe(game, unverified)
    clock.past_grace()
    sweep()
    assert emails_to(unverified) == []
    assert Notification.objects.filter(
        user=unverified, kind="move", outcome=Outcome.NO_ADDRESS
    ).exists()


def test_no_email_when_the_player_moved_within_the_grace_time(clock, ada, bea):
    game = make_game(creator=ada, players=[bea])
    owe(game, ada)
    clock.advance(30)
    seat = awaited_seat(game)
    move_submit_as(game, seat, engine.EndTurn(seat=seat.position))

    clock.past_grace()
    sweep()

    assert emails_to(ada) == []
    assert [m.subject for m in emails_to(bea)] == [
        f"It is your move in Monopoly Deal game {game.pk} with Ada"
    ]


@pytest.mark.parametrize("door", ["poll", "table"])
def test_no_email_to_a_player_at_the_table(clock, ada, bea, door):
    game = make_game(creator=ada, players=[bea])
    owe(game, ada)
    clock.advance(60)
    client = Client()
    client.force_login(ada)
    if door == "poll":
        url = reverse("games:version", args=[game.pk]) + f"?since={game.version}"
    else:
        url = game.get_absolute_url()
    assert client.get(url).status_code in (200, 204)

    clock.past_grace()
    sweep()

    assert emails_to(ada) == []
    assert Notification.objects.get(user=ada, kind="move").outcome == Outcome.SEEN


def test_a_visit_before_the_decision_does_not_count(clock, ada, bea):
    game = make_game(creator=ada, players=[bea])
    client = Client()
    client.force_login(ada)
    client.get(reverse("games:version", args=[game.pk]))  # seen at 12:00:00
    clock.advance(20)  # past the presence refresh
    seat = awaited_seat(game)
    move_submit_as(game, seat, engine.EndTurn(seat=seat.position))
    game = fresh(game)
    mover = seat.user
    other = bea if mover == ada else ada
    clock.past_grace()
    sweep()
    assert len(emails_to(other)) == 1


def test_decisions_in_three_games_within_the_window_share_one_email(
    clock, ada, user_factory
):
    games = []
    for n in range(3):
        game = make_game(creator=user_factory(f"rival{n}"), players=[ada])
        owe(game, ada)
        games.append(game)
        clock.advance(20)
    clock.past_grace()
    sweep()
    clock.past_grace()
    sweep()

    [message] = emails_to(ada)
    assert message.subject == "It is your move in 3 games"
    for game in games:
        assert f"{SITE}/games/{game.pk}/" in message.body
    assert Notification.objects.filter(user=ada, outcome=Outcome.SENT).count() == 3


def test_the_same_decision_announced_twice_is_one_email(clock, ada, bea):
    game = make_game(creator=ada, players=[bea])
    owe(game, ada)
    game = fresh(game)
    seats = list(game.seats.select_related("user").order_by("position"))
    for _ in range(2):
        decisions_record(
            game=game, seats=seats, before={}, movers=set(), now=timezone.now()
        )
    assert Notification.objects.filter(user=ada, kind="move").count() == 1

    clock.past_grace()
    sweep()
    sweep()
    tasks.send_moves.delay(ada.pk)  # a retried or duplicated task
    assert len(emails_to(ada)) == 1


def test_a_task_that_runs_early_leaves_the_record_for_later(
    clock, ada, bea, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        game = make_game(creator=ada, players=[bea])
        owe(game, ada)
    assert callbacks  # the task is queued on commit (eager here: it runs now)
    assert emails_to(ada) == []
    record = Notification.objects.get(user=ada, kind="move")
    assert record.done_at is None and record.claimed_at is None

    clock.past_grace()
    tasks.send_moves.delay(ada.pk)
    assert len(emails_to(ada)) == 1


def test_a_failing_queue_never_breaks_a_move(
    clock, ada, bea, monkeypatch, django_capture_on_commit_callbacks
):
    game = make_game(creator=ada, players=[bea])
    seat = awaited_seat(game)

    def broken(*args, **kwargs):
        raise ConnectionError("broker down")

    monkeypatch.setattr(tasks.send_moves, "apply_async", broken)
    with django_capture_on_commit_callbacks(execute=True):
        moved = move_submit_as(game, seat, engine.EndTurn(seat=seat.position))
    assert moved.version > game.version
    # The sweep finds the record in the database once it is due.
    monkeypatch.undo()
    clock.past_grace()
    sweep()
    assert len(mail_to_other(seat, ada, bea)) == 1


def mail_to_other(seat, ada, bea):
    return emails_to(bea if seat.user == ada else ada)


def test_the_link_in_the_email_is_absolute_to_the_site(clock, ada, bea):
    game = make_game(creator=ada, players=[bea])
    owe(game, ada)
    clock.past_grace()
    sweep()
    [message] = emails_to(ada)
    link = urlparse(message.extra_headers["List-Unsubscribe"].strip("<>"))
    assert (link.scheme, link.netloc) == ("https", "mdeal.example")


def test_a_bot_game_tells_the_human_when_the_bots_are_done(
    clock, ada, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = make_game(creator=ada, bots=2)
    assert awaited_seat(game).user == ada
    clock.past_grace()
    sweep()
    assert len(emails_to(ada)) == 1
    services.game_resign(game_id=game.pk, user=ada)
    clock.advance(timedelta(hours=2).total_seconds())
    sweep()
    assert len(emails_to(ada)) == 1
