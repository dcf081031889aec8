import re

import pytest
from allauth.account.models import EmailAddress

from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.conftest import DEFAULT_PASSWORD

User = get_user_model()
SIGNUP = reverse("account_signup")


def signup(client, **fields):
    data = {
        "username": "carol",
        "email": "carol@example.com",
        "password1": DEFAULT_PASSWORD,
        "password2": DEFAULT_PASSWORD,
    }
    data.update(fields)
    return client.post(SIGNUP, data)


def confirmation_link(to: str) -> str:
    (message,) = [m for m in mail.outbox if to in m.to]
    return re.search(r"https?://\S+/accounts/confirm-email/\S+/", message.body)[0]


@pytest.mark.django_db
def test_signup_page_is_styled_with_the_site_layout(client):
    response = client.get(SIGNUP)
    assert response.status_code == 200
    assert b'class="site-header"' in response.content
    assert b"css/site.css" in response.content


@pytest.mark.django_db
def test_signup_creates_an_unverified_user_and_emails_a_verification_link(client):
    response = signup(client)

    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    user = User.objects.get(username="carol")
    assert not EmailAddress.objects.get(user=user).verified
    assert "/accounts/confirm-email/" in confirmation_link("carol@example.com")


@pytest.mark.django_db
def test_following_the_verification_link_verifies_the_email(client):
    signup(client)
    path = confirmation_link("carol@example.com").split("://", 1)[1]
    path = path[path.index("/") :]

    assert b"Confirm" in client.get(path).content
    response = client.post(path)

    assert response.status_code == 302
    assert EmailAddress.objects.get(email="carol@example.com").verified


@pytest.mark.django_db
def test_unverified_user_cannot_log_in_and_is_told_to_verify(client):
    signup(client)
    client.logout()

    response = client.post(
        reverse("account_login"), {"login": "carol", "password": DEFAULT_PASSWORD}
    )

    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_bad_verification_link_says_so_and_verifies_nothing(client):
    signup(client)
    path = reverse("account_confirm_email", args=["not-a-real-key"])

    page = client.get(path)
    posted = client.post(path)

    assert b"expired or is invalid" in page.content
    assert posted.status_code in {200, 404}
    assert not EmailAddress.objects.filter(verified=True).exists()


@pytest.mark.django_db
def test_signup_with_taken_username_is_refused_on_the_form(client, user):
    response = signup(client, username=user.username, email="new@example.com")

    assert response.status_code == 200
    assert "username already exists" in response.content.decode()
    assert not User.objects.filter(email="new@example.com").exists()
    assert mail.outbox == []


@pytest.mark.django_db
def test_signup_with_taken_email_answers_as_for_a_new_one(client, user):
    """No probing: the visitor sees what a new address sees; the owner is told."""
    taken = signup(client, username="newcomer", email=user.email.upper())
    fresh = signup(Client(), username="newcomer2", email="nobody@example.com")

    assert taken.status_code == fresh.status_code == 302
    assert taken["Location"] == fresh["Location"]
    assert "already registered" not in client.get(taken["Location"]).content.decode()
    assert not User.objects.filter(username="newcomer").exists()
    (warning,) = [m for m in mail.outbox if user.email in m.to]
    assert "already" in (warning.subject + warning.body).lower()


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("short", "too short"),
        ("password123", "too common"),
        ("83749261538", "entirely numeric"),
    ],
)
@pytest.mark.django_db
def test_signup_with_weak_password_is_refused_on_the_form(client, password, message):
    response = signup(client, password1=password, password2=password)

    assert response.status_code == 200
    assert message in response.content.decode()
    assert not User.objects.filter(username="carol").exists()


@pytest.mark.django_db
def test_signup_with_mismatched_passwords_is_refused(client):
    response = signup(client, password2=DEFAULT_PASSWORD + "x")

    assert response.status_code == 200
    assert "same password each time" in response.content.decode()
    assert not User.objects.filter(username="carol").exists()
