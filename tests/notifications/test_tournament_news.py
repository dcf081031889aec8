"""A tournament's news reaches its players through the inbox, email and Web
Push: their game of a round ready (the start is round 1's), a bye, game 2 of
a best-of-three match, a cancellation, the end and their place. Once each,
whatever runs twice; as their settings say; not when they read it on the
site or opened the table first."""

from datetime import timedelta

import pytest

from django.core import mail
from django.test import Client
from django.utils import timezone

from games.models import Game
from games.notifications import announcements, tasks, unsubscribe
from games.notifications.models import InboxItem, Notification, Outcome
from games.services import game_resign
from games.tournaments import services as tournaments
from games.tournaments.models import Pairing, Tournament
from tests.notifications.conftest import SITE, emails_to, html_of, sweep
from tests.notifications.push_service import Device, PushService
from tests.notifications.test_push import subscribe

pytestmark = pytest.mark.django_db


def make(creator, *, bots=0, **fields):
    fields = {
        "name": "Friday cup",
        "kind": "deal",
        "format": Tournament.Format.SWISS,
        "rounds": 2,
        "seats": 2,
        "seconds_per_decision": 3600,
        "starts_at": timezone.now() + timedelta(minutes=5),
        **fields,
    }
    tournament = tournaments.tournament_create(creator=creator, **fields)
    for _ in range(bots):
        tournaments.tournament_add_bot(
            tournament_id=tournament.pk, user=creator, bot="sensible"
        )
    return tournament


def bots_add(tournament, count):
    for _ in range(count):
        tournaments.tournament_add_bot(
            tournament_id=tournament.pk, user=tournament.created_by, bot="sensible"
        )


def start(clock, tournament):
    """The sweep at the tournament's time."""
    clock.advance((tournament.starts_at - timezone.now()).total_seconds() + 1)
    tournaments.tournament_advance(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    return tournament


def game_of(tournament, user, round=1) -> Game:
    return Game.objects.get(
        tournament_pairing__tournament=tournament,
        tournament_pairing__round=round,
        seats__user=user,
        status=Game.Status.ACTIVE,
    )


def line_of(user) -> InboxItem:
    return InboxItem.objects.get(user=user, kind=InboxItem.Kind.TOURNAMENT)


@pytest.fixture
def push_service(settings):
    settings.PUSH_ALLOW_LOCAL_ENDPOINTS = True
    with PushService() as service:
        yield service


def test_the_start_tells_each_player_their_game_once_by_inbox_and_email(
    clock, user, other_user
):
    tournament = make(user)
    tournaments.tournament_join(tournament_id=tournament.pk, user=other_user)
    bots_add(tournament, 2)
    tournament = start(clock, tournament)
    game = game_of(tournament, user)
    for player, other in ((user, "Bea"), (other_user, "Ada")):
        line = line_of(player)
        assert line.text == (
            f"Friday cup has started. Round 1: your game with {other} is ready."
        )
        assert line.url == f"/games/{game.pk}/" and line.read_at is None
    reader = Client()
    reader.force_login(user)
    page = reader.get("/inbox/").content.decode()
    assert "Tournaments" in page and "Round 1: your game with Bea is ready." in page
    # Who owes the first decision hears it from "your move", the other from
    # the tournament.
    [owing] = game.deadlines
    mover, waiter = (
        (user, other_user)
        if game.seats.get(user=user).position == int(owing)
        else (other_user, user)
    )
    sweep()
    assert emails_to(waiter) == []  # in its grace time
    clock.past_grace()
    sweep()
    [email] = emails_to(waiter)
    assert email.subject == (
        f"Friday cup has started. Round 1: your game with {mover.name} is ready"
    )
    assert f"{SITE}/games/{game.pk}/" in email.body
    assert "Open the table" in html_of(email)
    assert "/notifications/unsubscribe/" in email.extra_headers["List-Unsubscribe"]
    [move] = emails_to(mover)
    assert move.subject.startswith("It is your move") or "Your turn" in move.subject
    # The sweep, a second advance and a retried task send nothing more.
    tournaments.tournament_advance(tournament_id=tournament.pk)
    tasks.send_tournament_news(waiter.pk)
    sweep()
    assert len(emails_to(waiter)) == 1 and len(emails_to(mover)) == 1
    outcomes = dict(
        Notification.objects.filter(kind="tournament").values_list("user_id", "outcome")
    )
    assert outcomes == {waiter.pk: Outcome.SENT, mover.pk: Outcome.MOVED}


def test_news_recorded_twice_is_one_delivery(clock, user, other_user):
    tournament = make(user)
    tournaments.tournament_join(tournament_id=tournament.pk, user=other_user)
    told = [announcements.Told(other_user, "finish", "Friday cup has finished.", "/")]
    announcements.news_record(tournament=tournament, told=told, now=timezone.now())
    announcements.news_record(tournament=tournament, told=told, now=timezone.now())
    assert Notification.objects.filter(user=other_user, kind="tournament").count() == 1
    clock.past_grace()
    sweep()
    sweep()
    assert len(emails_to(other_user)) == 1


def test_a_later_round_and_the_end_with_each_place(clock, user, other_user):
    tournament = make(user, rounds=2)
    tournaments.tournament_join(tournament_id=tournament.pk, user=other_user)
    tournament = start(clock, tournament)  # two players: one table a round
    game_resign(game_id=game_of(tournament, user).pk, user=user)
    tournaments.tournament_advance(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert tournament.round == 2
    second = game_of(tournament, user, round=2)
    assert line_of(user).text == "Round 2 of Friday cup: your game with Bea is ready."
    assert line_of(user).url == f"/games/{second.pk}/"
    game_resign(game_id=second.pk, user=user)
    tournaments.tournament_advance(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert line_of(other_user).text == "Friday cup has finished: you placed 1st of 2."
    assert line_of(user).text == "Friday cup has finished: you placed 2nd of 2."
    clock.past_grace()
    sweep()
    # Both games are over: only the end is news by then.
    [email] = emails_to(user)
    assert email.subject == "Friday cup has finished"
    assert f"{SITE}/tournaments/{tournament.pk}/" in email.body
    assert "See the tournament" in html_of(email)
    outcomes = dict(
        Notification.objects.filter(user=user, kind="tournament").values_list(
            "decision", "outcome"
        )
    )
    assert outcomes == {
        "r1g1": Outcome.MOVED,
        "r2g1": Outcome.MOVED,
        "finish": Outcome.SENT,
    }


def test_who_joined_is_told_of_a_cancellation(clock, user, other_user):
    tournament = make(user, min_players=3)
    tournaments.tournament_join(tournament_id=tournament.pk, user=other_user)
    tournament = start(clock, tournament)
    assert tournament.status == Tournament.Status.CANCELLED
    for player in (user, other_user):
        line = line_of(player)
        assert line.text == (
            "Friday cup was cancelled: 2 of the 3 players it needed entered."
        )
        assert line.url == f"/tournaments/{tournament.pk}/"
    clock.past_grace()
    sweep()
    [email] = emails_to(other_user)
    assert email.subject == "Friday cup was cancelled"
    assert "2 of the 3 players it needed entered" in email.body


def test_a_bye_and_game_two_of_a_match_are_told(clock, user, other_user):
    tournament = make(user, bots=1)
    tournaments.tournament_join(tournament_id=tournament.pk, user=other_user)
    start(clock, tournament)
    assert line_of(other_user).text == (
        "Friday cup has started. Round 1: you have a bye, and its points."
    )
    cup = make(
        user,
        name="Best of three",
        format=Tournament.Format.ELIMINATION,
        rounds=0,
        best_of=3,
    )
    tournaments.tournament_join(tournament_id=cup.pk, user=other_user)
    cup = start(clock, cup)
    game_resign(game_id=game_of(cup, user).pk, user=user)
    tournaments.tournament_advance(tournament_id=cup.pk)
    second = Pairing.objects.get(tournament=cup, round=1, game_number=2)
    line = InboxItem.objects.get(user=user, key=f"tournament:{cup.pk}")
    assert line.text == (
        "Round 1 of Best of three: game 2 of your match with Bea is ready."
    )
    assert line.url == f"/games/{second.game_id}/"


def test_settings_read_lines_and_an_opened_table_hold_the_email(
    clock, user, other_user, user_factory
):
    quiet = user_factory("cy", tournament_emails=False)
    tournament = make(user, bots=1)
    for player in (other_user, quiet):
        tournaments.tournament_join(tournament_id=tournament.pk, user=player)
    tournament = start(clock, tournament)
    assert line_of(quiet).text.startswith("Friday cup has started.")
    assert not Notification.objects.filter(
        user=quiet, kind="tournament", channel="email"
    ).exists()
    # Ada reads her line on the site; Bea opens her table.
    reader = Client()
    reader.force_login(user)
    reader.post(f"/inbox/{line_of(user).pk}/read/")
    table = Client()
    table.force_login(other_user)
    assert table.get(f"/games/{game_of(tournament, other_user).pk}/").status_code == 200
    clock.past_grace()
    sweep()
    assert not [e for e in mail.outbox if "Friday cup" in e.subject]
    for record in Notification.objects.filter(kind="tournament").select_related("game"):
        # Seen on the site; or told by "your move", for who owes the first
        # decision.
        owes = record.game.seats.get(user=record.user).position
        expected = Outcome.MOVED if str(owes) in record.game.deadlines else Outcome.SEEN
        assert record.outcome == expected, record.user


def test_the_news_is_pushed_to_a_players_devices(clock, user, other_user, push_service):
    devices = {}
    for player in (user, other_user):
        devices[player.pk] = Device()
        subscribe(player, devices[player.pk], push_service.endpoint(player.username))
        player.tournament_emails = False
        player.save(update_fields=["tournament_emails"])
    tournament = make(user)
    tournaments.tournament_join(tournament_id=tournament.pk, user=other_user)
    bots_add(tournament, 2)
    tournament = start(clock, tournament)
    game = game_of(tournament, user)
    [owing] = game.deadlines
    mover = game.seats.get(position=int(owing)).user
    waiter = other_user if mover == user else user
    clock.past_grace()
    sweep()

    def pushed_to(player) -> list[dict]:
        path = f"/push/{player.username}"
        return [
            devices[player.pk].read(r.body)
            for r in push_service.received
            if r.path == path
        ]

    [message] = pushed_to(waiter)
    assert message == {
        "title": "Friday cup has started. Round 1: your game with "
        f"{mover.name} is ready",
        "body": "Friday cup has started. Round 1: your game with "
        f"{mover.name} is ready.",
        "url": f"{SITE}/games/{game.pk}/",
        "tag": f"mdeal-tournament-{tournament.pk}",
    }
    # Who owes the first decision is pushed "your move" for it, only.
    [move] = pushed_to(mover)
    assert move["tag"] == f"mdeal-game-{game.pk}"
    assert emails_to(waiter) == []
    pushed = len(push_service.received)
    sweep()
    assert len(push_service.received) == pushed


def test_the_tournament_emails_link_and_the_profile_turn_them_off_and_on(user):
    link = unsubscribe.link(user, unsubscribe.Kind.TOURNAMENT).removeprefix(SITE)
    Client().post(
        link,
        "List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    user.refresh_from_db()
    assert user.tournament_emails is False and user.challenge_emails is True
    client = Client()
    client.force_login(user)
    page = client.get("/profile/").content.decode()
    assert "Email me about my tournaments" in page
    assert "Email me when a player challenges me" in page
