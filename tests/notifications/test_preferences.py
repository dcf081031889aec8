"""Every profile choice sends exactly what it says."""

import pytest

from django.urls import reverse

from games.notifications import tasks
from games.notifications.models import FailingAddress
from tests.games.factories import make_game
from tests.notifications.conftest import emails_to, owe, sweep

pytestmark = pytest.mark.django_db


def kinds_received(user) -> set[str]:
    kinds = set()
    for message in emails_to(user):
        if message.subject.startswith("It is your move"):
            kinds.add("move")
        elif "left for your move" in message.subject:
            kinds.add("reminder")
        elif message.subject.startswith("Your mdeal digest"):
            kinds.add("digest")
    return kinds


@pytest.mark.parametrize(
    "notify, reminders, expected",
    [
        ("each_move", True, {"move", "reminder"}),
        ("each_move", False, {"move"}),
        ("daily_digest", True, {"digest", "reminder"}),
        ("daily_digest", False, {"digest"}),
        ("none", True, {"reminder"}),
        ("none", False, set()),
    ],
)
def test_each_choice_on_the_profile_sends_what_it_says(
    clock, client, user, other_user, notify, reminders, expected
):
    client.force_login(user)
    form = {"display_name": "Ada", "time_zone": "UTC", "notify": notify}
    if reminders:
        form["reminders"] = "on"
    response = client.post(reverse("profile"), form, follow=True)
    assert "Your profile is saved." in response.content.decode()

    game = make_game(creator=user, players=[other_user])
    owe(game, user)
    clock.past_grace()
    sweep()
    clock.advance(30 * 60)  # the reminder (one hour per decision)
    sweep()
    clock.advance(20 * 60 * 60)  # 08:00 the next day: the digest
    tasks.digests_start()

    assert kinds_received(user) == expected


def test_the_profile_says_when_mail_to_the_address_stopped(client_logged_in, user):
    assert (
        "kept being refused" not in client_logged_in.get("/profile/").content.decode()
    )
    FailingAddress.objects.create(email=user.email, failures=5)
    page = client_logged_in.get("/profile/").content.decode()
    assert f"Our emails to {user.email} kept being refused" in page
