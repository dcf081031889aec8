"""EMAIL_URL=file:///dir: the emails written there are read by a person, who
copies a link out of them into a browser."""

import re

import pytest
from allauth.account.models import EmailAddress

from django.core import mail
from django.urls import reverse

from mdeal_site.settings import parse_email_url
from tests.conftest import DEFAULT_PASSWORD


def written(directory) -> str:
    return "".join(path.read_text() for path in sorted(directory.iterdir()))


@pytest.mark.django_db
def test_the_confirmation_link_copied_from_the_file_confirms_the_email(
    client, settings, tmp_path
):
    settings.MAILERS = {"default": parse_email_url(f"file://{tmp_path}")}

    client.post(
        reverse("account_signup"),
        {
            "username": "carol",
            "email": "carol@example.com",
            "password1": DEFAULT_PASSWORD,
            "password2": DEFAULT_PASSWORD,
        },
    )
    # What a person copies: the link as it stands on its line.
    link = re.search(r"https?://\S+/accounts/confirm-email/\S*", written(tmp_path))[0]
    path = "/" + link.split("://", 1)[1].split("/", 1)[1]
    response = client.post(path)

    assert response.status_code == 302
    assert EmailAddress.objects.get(email="carol@example.com").verified


def test_a_file_email_keeps_its_words_and_links_whole(settings, tmp_path):
    settings.MAILERS = {"default": parse_email_url(f"file://{tmp_path}")}
    link = "http://127.0.0.1:8000/games/7/?" + "x" * 90
    message = mail.EmailMultiAlternatives(
        "Your move in Monopoly Deal game 7",
        f"Bea played Deal Breaker — it is your move: {link}\n",
        None,
        ["ada@example.com"],
        headers={"List-Unsubscribe": "<http://127.0.0.1:8000/notifications/u/>"},
    )
    message.attach_alternative(
        f'<p>It is your move: <a href="{link}">go</a></p>', "text/html"
    )

    message.send()

    text = written(tmp_path)
    assert "Subject: Your move in Monopoly Deal game 7" in text
    assert "To: ada@example.com" in text
    assert "List-Unsubscribe: <http://127.0.0.1:8000/notifications/u/>" in text
    assert f"Bea played Deal Breaker — it is your move: {link}" in text
    assert f'<a href="{link}">go</a>' in text
