"""Email and Web Push deliver the inbox's lines: every one that goes out is
a line in the inbox, and a line read on the site during its grace time is
not sent (SEEN). Challenges go by email and push like "your move"."""

import pytest

from django.test import Client

from games.chat.services import message_post
from games.notifications import tasks
from games.notifications.models import InboxItem, Notification, Outcome
from games.rematch import services as rematches
from games.services import game_resign
from games.social import services
from tests.games.factories import make_game
from tests.notifications.conftest import (
    GRACE,
    SITE,
    emails_to,
    html_of,
    owe,
    sweep,
)
from tests.notifications.push_service import Device, PushService
from tests.notifications.test_push import subscribe

pytestmark = pytest.mark.django_db


def challenge(challenger, *players, **chosen):
    return services.challenge_create(
        challenger=challenger,
        usernames=[p.username for p in players],
        seat_count=1 + len(players),
        seconds_per_decision=24 * 3600,
        **chosen,
    )


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def push_service(settings):
    settings.PUSH_ALLOW_LOCAL_ENDPOINTS = True
    with PushService() as service:
        yield service


# -- challenges by email and push -------------------------------------------


def test_a_challenge_is_emailed_after_the_grace_time(clock, user, other_user):
    made = challenge(user, other_user)
    sweep()
    assert emails_to(other_user) == []
    clock.past_grace()
    sweep()
    [email] = emails_to(other_user)
    assert email.subject == "Ada challenges you to Monopoly Deal"
    url = f"{SITE}/challenges/{made.pk}/"
    assert url in email.body and url in html_of(email)
    assert "Ada challenges you to Monopoly Deal: 1 day per decision, rated." in (
        email.body
    )
    assert "Answer by" in email.body and "Answer the challenge" in html_of(email)
    assert email.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    record = Notification.objects.get(kind="challenge", channel="email")
    assert record.outcome == Outcome.SENT
    assert record.item == InboxItem.objects.get(user=other_user, kind="challenge")
    sweep()
    assert len(emails_to(other_user)) == 1  # once


def test_a_challenge_answered_or_withdrawn_in_time_is_not_emailed(
    clock, user, other_user, user_factory
):
    cy = user_factory("cy")
    answered = challenge(user, other_user)
    withdrawn = challenge(user, cy)
    services.challenge_answer(challenge_id=answered.pk, user=other_user, accept=False)
    services.challenge_withdraw(challenge_id=withdrawn.pk, user=user)
    clock.past_grace()
    sweep()
    assert emails_to(other_user) == [] and emails_to(cy) == []
    assert set(
        Notification.objects.filter(kind="challenge").values_list("outcome", flat=True)
    ) == {Outcome.MOVED}


def test_no_challenge_email_to_a_player_who_asked_for_none(clock, user, user_factory):
    quiet = user_factory("eve", challenge_emails=False)
    # A setting of its own: "your move" emails off, challenges still come.
    digest = user_factory("dee", notify="daily_digest")
    challenge(user, quiet)
    challenge(user, digest)
    clock.past_grace()
    sweep()
    assert emails_to(quiet) == []
    assert not Notification.objects.filter(user=quiet, channel="email").exists()
    [email] = emails_to(digest)
    assert email.subject == "Ada challenges you to Monopoly Deal"
    assert "/notifications/unsubscribe/" in email.extra_headers["List-Unsubscribe"]
    assert InboxItem.objects.filter(kind="challenge").count() == 2


def test_the_challenge_emails_link_turns_only_them_off(clock, user, other_user):
    challenge(user, other_user)
    clock.past_grace()
    sweep()
    [email] = emails_to(other_user)
    link = email.extra_headers["List-Unsubscribe"].strip("<>").removeprefix(SITE)
    Client().post(
        link,
        "List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    other_user.refresh_from_db()
    assert other_user.challenge_emails is False
    assert other_user.notify == other_user.Notify.EACH_MOVE  # the rest stays


def test_a_challenge_is_pushed_to_the_players_devices(
    clock, user, other_user, push_service
):
    device = Device()
    subscribe(other_user, device, push_service.endpoint("phone"))
    made = challenge(user, other_user)
    clock.past_grace()
    sweep()
    [received] = push_service.received
    message = device.read(received.body)
    assert message["title"] == "Ada challenges you to Monopoly Deal"
    assert message["body"].startswith(
        "Ada challenges you to Monopoly Deal: 1 day per decision, rated. "
        "Accept or decline."
    )
    assert message["url"] == f"{SITE}/challenges/{made.pk}/"
    assert received.headers["topic"] == f"mdeal-challenge-{made.pk}"
    record = Notification.objects.get(kind="challenge", channel="push")
    assert record.outcome == Outcome.SENT and record.item_id


def test_the_digest_lists_the_challenges_to_answer(clock, user, user_factory):
    dee = user_factory("dee", notify="daily_digest")
    made = challenge(user, dee)
    clock.advance(20 * 3600)  # past 08:00 the next day
    tasks.digests_start()
    [digest] = emails_to(dee)
    assert f"{SITE}/challenges/{made.pk}/" in digest.body
    assert "Ada challenges you to Monopoly Deal" in digest.body


# -- read on the site: not sent ----------------------------------------------


def test_your_move_read_in_the_inbox_during_its_grace_is_not_emailed(
    clock, user, other_user
):
    game = make_game(creator=user, players=[other_user])
    owe(game, user)
    line = InboxItem.objects.get(user=user, kind="move", game=game)
    response = signed_in(user).get(f"/inbox/{line.pk}/")
    assert response["Location"] == f"/games/{game.pk}/"
    clock.past_grace()
    sweep()
    assert emails_to(user) == []
    assert (
        Notification.objects.get(user=user, kind="move", channel="email").outcome
        == Outcome.SEEN
    )


def test_a_line_read_before_the_decision_does_not_hold_its_email(
    clock, user, other_user
):
    game = make_game(creator=user, players=[other_user])
    owe(game, other_user)
    line = InboxItem.objects.get(user=other_user, kind="move", game=game)
    signed_in(other_user).post(f"/inbox/{line.pk}/read/")
    owe(game, user)
    owe(game, other_user)  # a new decision: the line is unread again
    clock.past_grace()
    sweep()
    assert len(emails_to(other_user)) == 1


def test_mark_all_read_holds_every_email_in_its_grace(clock, user, user_factory):
    cy, dee = user_factory("cy"), user_factory("dee")
    first = make_game(creator=cy, players=[user])
    second = make_game(creator=dee, players=[user])
    owe(first, user)
    owe(second, user)
    challenge(cy, user)
    signed_in(user).post("/inbox/read/")
    clock.past_grace()
    sweep()
    assert emails_to(user) == []
    outcomes = set(
        Notification.objects.filter(user=user, channel="email")
        .exclude(kind="reminder")
        .values_list("outcome", flat=True)
    )
    assert outcomes == {Outcome.SEEN}


def test_a_challenge_seen_on_its_page_is_not_emailed(clock, user, other_user):
    made = challenge(user, other_user)
    signed_in(other_user).get(f"/challenges/{made.pk}/")
    clock.past_grace()
    sweep()
    assert emails_to(other_user) == []


def test_a_pushed_move_read_in_the_inbox_is_not_pushed(
    clock, user, other_user, push_service
):
    subscribe(user, Device(), push_service.endpoint("phone"))
    game = make_game(creator=user, players=[other_user])
    owe(game, user)
    signed_in(user).post("/inbox/read/")
    clock.past_grace()
    sweep()
    assert push_service.received == []
    record = Notification.objects.get(user=user, channel="push", kind="move")
    assert record.outcome == Outcome.SEEN


def test_chat_emails_read_in_the_inbox_are_not_sent(clock, user, other_user):
    other_user.chat_emails = True
    other_user.save()
    game = make_game(creator=user, players=[other_user])
    message_post(game_id=game.pk, user=user, room="players", text="hello")
    signed_in(other_user).post("/inbox/read/")
    clock.past_grace()
    sweep()
    assert emails_to(other_user) == []
    # A message after the read makes the line unread: the batch goes out.
    message_post(game_id=game.pk, user=user, room="players", text="still there?")
    clock.past_grace()
    sweep()
    [email] = emails_to(other_user)
    assert "still there?" in email.body


# -- every delivery is a line ------------------------------------------------


def test_every_email_and_push_that_goes_out_is_a_line_in_the_inbox(
    clock, user, other_user, user_factory, push_service
):
    cy = user_factory("cy", chat_emails=True)
    subscribe(user, Device(), push_service.endpoint("ada"))
    game = make_game(creator=user, players=[other_user, cy])
    owe(game, user)
    message_post(game_id=game.pk, user=user, room="players", text="hi @cy")
    challenge(cy, user)
    clock.past_grace()
    sweep()
    clock.advance(30 * 60 - GRACE)  # an hour per decision: reminded at 30 minutes
    sweep()
    finished = make_game(creator=user, players=[other_user])
    game_resign(game_id=finished.pk, user=other_user)
    rematches.rematch_offer(game_id=finished.pk, user=user, seen=None)
    clock.past_grace()
    sweep()

    sent = Notification.objects.filter(outcome=Outcome.SENT)
    kinds = set(sent.values_list("kind", "channel"))
    assert {
        ("move", "email"),
        ("move", "push"),
        ("reminder", "email"),
        ("chat", "email"),
        ("challenge", "email"),
        ("challenge", "push"),
    } <= kinds
    assert not sent.filter(item=None).exists()
    for record in sent.select_related("item"):
        assert record.item.user_id == record.user_id
        assert record.item.game_id in (record.game_id, None)
    assert len(emails_to(user)) + len(push_service.received) >= 4
