"""Mute, report, and what staff do with reports in the Django admin."""

import html

import pytest

from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse

from games import services as game_services
from games.chat import services
from games.chat.errors import CannotMute, MutedInviter
from games.chat.models import Message, Mute, Report, Suspension
from games.models import Seat
from tests.chat.conftest import client_for, say
from tests.games.factories import make_game
from tests.second_factor import staff_client

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def chat_text(user, game) -> str:
    response = client_for(user).get(reverse("chat:chat", args=[game.pk]), **HTMX)
    return html.unescape(response.content.decode())


# -- mute -----------------------------------------------------------------------


def test_a_muted_users_messages_are_hidden_from_the_muter_in_every_game(
    game, ada, bea, cy
):
    other = make_game(creator=bea, players=[ada, cy])
    say(game, bea, "you play like a bot")
    say(other, bea, "still here")
    say(other, cy, "hello both")

    response = client_for(ada).post(
        reverse("chat:mute"), {"user": bea.pk, "game": game.pk}
    )
    assert response.status_code == 302
    assert Mute.objects.filter(user=ada, muted=bea).exists()

    assert "you play like a bot" not in chat_text(ada, game)
    assert "still here" not in chat_text(ada, other)
    assert "hello both" in chat_text(ada, other)
    # Only for the muter.
    assert "still here" in chat_text(cy, other)


def test_muting_with_htmx_answers_the_chat_without_their_messages(game, ada, bea):
    say(game, bea, "rude words")
    response = client_for(ada).post(
        reverse("chat:mute"), {"user": bea.pk, "game": game.pk}, **HTMX
    )
    text = html.unescape(response.content.decode())
    assert response.status_code == 200
    assert 'id="chat"' in text
    assert "rude words" not in text
    assert "You muted Bea" in text


def test_nobody_mutes_themselves_or_a_missing_user(ada):
    with pytest.raises(CannotMute):
        services.user_mute(user=ada, muted_id=ada.pk)
    response = client_for(ada).post(reverse("chat:mute"), {"user": 99999}, **HTMX)
    assert response.status_code == 404


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("sent_from", ["-1", "0", "x", "1.5"])
def test_a_mute_sent_from_no_game_is_refused_and_mutes_nobody(
    ada, bea, sent_from, htmx
):
    response = client_for(ada).post(
        reverse("chat:mute"),
        {"user": bea.pk, "game": sent_from},
        **(HTMX if htmx else {}),
    )
    assert response.status_code == 404
    assert "There is no such game." in response.content.decode()
    assert not Mute.objects.exists()


def test_unmuting_on_the_profile_shows_their_messages_again(game, ada, bea):
    say(game, bea, "hello again")
    services.user_mute(user=ada, muted_id=bea.pk)
    client = client_for(ada)
    profile = client.get(reverse("profile")).content.decode()
    assert "Unmute Bea" in profile
    client.post(reverse("chat:unmute"), {"user": bea.pk})
    assert not Mute.objects.exists()
    assert "hello again" in chat_text(ada, game)


def test_a_muted_user_cannot_invite_the_muter(ada, bea):
    services.user_mute(user=bea, muted_id=ada.pk)
    table = game_services.game_create(
        creator=ada, seat_count=2, seconds_per_decision=3600, public=False
    )
    with pytest.raises(MutedInviter, match="You muted Ada"):
        game_services.game_join(game_id=table.pk, user=bea, token=table.invite_token)

    client = client_for(bea)
    url = reverse("games:join", args=[table.invite_token])
    page = html.unescape(client.get(url).content.decode())
    assert "You muted Ada, so their invitations are refused" in page
    assert "Take a seat" not in page
    response = client.post(url)
    assert response.status_code == 403
    assert "Unmute them on your profile" in html.unescape(response.content.decode())
    assert not Seat.objects.filter(game=table, user=bea).exists()

    # The muted user is not stopped from joining the muter's table.
    bea_table = game_services.game_create(
        creator=bea, seat_count=3, seconds_per_decision=3600, public=False
    )
    game_services.game_join(
        game_id=bea_table.pk, user=ada, token=bea_table.invite_token
    )


# -- report ---------------------------------------------------------------------


def test_any_message_can_be_reported_once_by_each_reader(game, ada, bea):
    message = say(game, bea, "buy cheap coins at spam.example")
    url = reverse("chat:report", args=[game.pk, message.pk])
    client = client_for(ada)

    response = client.post(url, {"reason": "spam"}, **HTMX)
    text = html.unescape(response.content.decode())
    assert response.status_code == 200
    assert "Thank you: the moderators will look at this message." in text
    assert f'id="chat-{message.pk}"' in text

    again = client.post(url, {"reason": "abuse"})
    assert again.status_code == 302  # thanked again, nothing new
    wrong = client.post(url, {"reason": "nonsense"})
    assert wrong.status_code == 400
    assert "Choose why you report this message." in wrong.content.decode()
    report = Report.objects.get()
    assert (report.message, report.reporter, report.reason) == (message, ada, "spam")


def test_a_report_is_refused_for_own_unreadable_or_unknown_messages(game, ada, bea, cy):
    mine = say(game, ada, "mine")
    with pytest.raises(services.BadReport):
        services.message_report(
            game_id=game.pk, message_id=mine.pk, user=ada, reason="spam"
        )
    # A spectator cannot read, so cannot report, the players' room while it plays.
    response = client_for(cy).post(
        reverse("chat:report", args=[game.pk, mine.pk]), {"reason": "spam"}, **HTMX
    )
    assert response.status_code == 404
    response = client_for(bea).post(
        reverse("chat:report", args=[game.pk, mine.pk]), {"reason": "nonsense"}, **HTMX
    )
    assert response.status_code == 400
    assert not Report.objects.exists()


# -- the admin --------------------------------------------------------------------


@pytest.fixture
def staff(user_factory):
    return user_factory("mod", is_staff=True, is_superuser=True)


@pytest.fixture
def moderator(staff):
    """A browser signed in as `staff`, past the admin's second factor."""
    return staff_client(staff)


@pytest.fixture
def reported(game, ada, bea):
    say(game, ada, "before it")
    message = say(game, bea, "an insult")
    say(game, ada, "after it")
    services.message_report(
        game_id=game.pk, message_id=message.pk, user=ada, reason="abuse"
    )
    return message


def test_staff_see_a_report_with_its_message_context_and_reporter(
    moderator, reported, game
):
    client = moderator
    listing = client.get(reverse("admin:chat_report_changelist")).content.decode()
    assert "an insult" in listing and "Ada" in listing
    report = Report.objects.get()
    page = html.unescape(
        client.get(
            reverse("admin:chat_report_change", args=[report.pk])
        ).content.decode()
    )
    for seen in ("an insult", "before it", "after it", "Ada", "bea", f"Game {game.pk}"):
        assert seen in page


def test_staff_delete_a_reported_message_and_nobody_sees_it_any_more(
    staff, moderator, reported, game, ada, cy
):
    report = Report.objects.get()
    moderator.post(
        reverse("admin:chat_report_changelist"),
        {"action": "delete_messages", ACTION_CHECKBOX_NAME: [report.pk]},
    )
    reported.refresh_from_db()
    assert reported.deleted_at is not None
    assert Message.objects.filter(pk=reported.pk).exists()  # kept for the record
    report.refresh_from_db()
    assert (report.outcome, report.handled_by) == ("deleted", staff)
    assert "an insult" not in chat_text(ada, game)


def test_staff_suspend_the_author_who_then_cannot_chat(moderator, reported, game, bea):
    report = Report.objects.get()
    moderator.post(
        reverse("admin:chat_report_changelist"),
        {"action": "suspend_authors", ACTION_CHECKBOX_NAME: [report.pk]},
    )
    assert Suspension.objects.get().user == bea
    report.refresh_from_db()
    assert report.outcome == "suspended"
    response = client_for(bea).post(
        reverse("chat:post", args=[game.pk]), {"room": "players", "text": "again"}
    )
    assert response.status_code == 403
    assert "The moderators have suspended your chat" in html.unescape(
        response.content.decode()
    )


def test_staff_act_on_messages_from_their_own_list_too(moderator, reported):
    moderator.post(
        reverse("admin:chat_message_changelist"),
        {"action": "delete_messages", ACTION_CHECKBOX_NAME: [reported.pk]},
    )
    assert Message.objects.get(pk=reported.pk).deleted_at is not None
    page = moderator.get(reverse("admin:chat_message_change", args=[reported.pk]))
    assert "after it" in page.content.decode()
