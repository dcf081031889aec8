"""A real SMTP round trip (aiosmtpd on 127.0.0.1), and what failures do:
retried with backoff, counted against an address the server refuses, which
then gets no more mail until it is confirmed again."""

import email
import email.policy
import socket

import pytest
from aiosmtpd.controller import Controller
from allauth.account.models import EmailAddress
from allauth.account.signals import email_confirmed

from games.notifications.models import FailingAddress, Notification, Outcome
from mdeal_site.settings import parse_email_url
from tests.games.factories import make_game
from tests.notifications.conftest import SITE, owe, sweep

pytestmark = pytest.mark.django_db


class Inbox:
    """An aiosmtpd handler that keeps what it receives and refuses some rcpts."""

    def __init__(self):
        self.messages: list[email.message.EmailMessage] = []
        self.refused: set[str] = set()
        self.attempts: list[str] = []

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        self.attempts.append(address)
        if address in self.refused:
            return "550 5.1.1 No such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(
            email.message_from_bytes(envelope.content, policy=email.policy.default)
        )
        return "250 Message accepted for delivery"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp_server(settings):
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings.MAILERS = {
        "default": parse_email_url(f"smtp://127.0.0.1:{controller.port}/?tls=0")
    }
    yield inbox
    controller.stop()


def test_a_move_email_crosses_a_real_smtp_server_with_both_parts(
    clock, smtp_server, user, other_user
):
    game = make_game(creator=user, players=[other_user])
    owe(game, user)
    clock.past_grace()
    sweep()

    [received] = smtp_server.messages
    assert received["To"] == user.email
    assert (
        received["Subject"]
        == f"It is your move in Monopoly Deal game {game.pk} with Bea"
    )
    assert received["List-Unsubscribe"].startswith(
        f"<{SITE}/notifications/unsubscribe/"
    )
    assert received["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert received.get_content_type() == "multipart/alternative"
    parts = {
        part.get_content_type(): part.get_content() for part in received.iter_parts()
    }
    assert set(parts) == {"text/plain", "text/html"}
    table_url = f"{SITE}/games/{game.pk}/"
    assert table_url in parts["text/plain"]
    assert f'href="{table_url}"' in parts["text/html"]


def test_a_refused_address_is_retried_then_gets_no_more_mail_until_confirmed(
    clock, retries_run, smtp_server, user, other_user, user_factory
):
    smtp_server.refused.add(user.email)
    first = make_game(creator=user, players=[other_user])
    owe(first, user)
    clock.past_grace()
    sweep()  # the task fails, retries 4 times (at once, eagerly), gives up

    assert smtp_server.attempts.count(user.email) == 5
    assert FailingAddress.objects.get(email=user.email).failures == 5
    assert Notification.objects.get(game=first, user=user, kind="move").outcome == (
        Outcome.FAILED
    )

    second = make_game(creator=user, players=[user_factory()])
    owe(second, user)
    clock.past_grace()
    sweep()
    assert smtp_server.attempts.count(user.email) == 5  # not tried again
    assert Notification.objects.get(game=second, user=user, kind="move").outcome == (
        Outcome.NO_ADDRESS
    )

    # The player confirms the address again: mail flows.
    smtp_server.refused.clear()
    address = EmailAddress.objects.get(user=user, primary=True)
    email_confirmed.send(sender=EmailAddress, request=None, email_address=address)
    third = make_game(creator=user, players=[user_factory()])
    owe(third, user)
    clock.past_grace()
    sweep()
    assert [m["To"] for m in smtp_server.messages] == [user.email]
    assert not FailingAddress.objects.filter(email=user.email).exists()


def test_a_server_that_is_down_counts_against_no_address(
    clock, retries_run, settings, user, other_user
):
    settings.MAILERS = {
        "default": parse_email_url(f"smtp://127.0.0.1:{free_port()}/?tls=0")
    }
    game = make_game(creator=user, players=[other_user])
    owe(game, user)
    clock.past_grace()
    sweep()
    record = Notification.objects.get(game=game, user=user, kind="move")
    assert record.outcome == Outcome.FAILED
    assert not FailingAddress.objects.exists()
