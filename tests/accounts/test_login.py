import re

import pytest

from django.core import mail
from django.urls import reverse

LOGIN = reverse("account_login")
WRONG = "The username and/or password you specified are not correct."


def log_in(client, login, password):
    return client.post(LOGIN, {"login": login, "password": password})


def logged_in_user_id(client):
    return client.session.get("_auth_user_id")


@pytest.mark.django_db
def test_login_by_username(client, user):
    response = log_in(client, user.username, user.raw_password)

    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert logged_in_user_id(client) == str(user.pk)


@pytest.mark.django_db
def test_login_by_email(client, user):
    response = log_in(client, user.email.upper(), user.raw_password)

    assert response.status_code == 302
    assert logged_in_user_id(client) == str(user.pk)


@pytest.mark.django_db
def test_wrong_password_is_refused_with_a_message(client, user):
    response = log_in(client, user.username, "not-the-password")

    assert response.status_code == 200
    assert WRONG in response.content.decode()
    assert logged_in_user_id(client) is None


@pytest.mark.django_db
def test_logout_ends_the_session(client_logged_in):
    response = client_logged_in.post(reverse("account_logout"))

    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert logged_in_user_id(client_logged_in) is None


@pytest.mark.django_db
def test_password_reset_end_to_end(client, user):
    response = client.post(reverse("account_reset_password"), {"email": user.email})
    assert response.status_code == 302
    (message,) = mail.outbox
    link = re.search(
        r"https?://[^/\s]+(/accounts/password/reset/key/\S+/)", message.body
    )

    form_page = client.get(link[1], follow=True)
    assert form_page.status_code == 200
    set_password_path = form_page.redirect_chain[-1][0]
    new_password = "quince-lantern-77"
    response = client.post(
        set_password_path, {"password1": new_password, "password2": new_password}
    )

    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(new_password)
    assert log_in(client, user.username, new_password).status_code == 302


@pytest.mark.django_db
def test_password_reset_for_unknown_email_tells_nothing(client, user):
    """As for a known address: no probing which addresses have accounts."""
    unknown = client.post(
        reverse("account_reset_password"), {"email": "nobody@example.com"}
    )
    known = client.post(reverse("account_reset_password"), {"email": user.email})

    assert unknown.status_code == known.status_code == 302
    assert unknown["Location"] == known["Location"]


@pytest.mark.django_db
def test_password_reset_with_a_bad_key_changes_nothing(client, user):
    path = reverse("account_reset_password_from_key", args=["zz", "bad-key"])

    response = client.get(path, follow=True)

    assert "Bad Token" in response.content.decode()
    user.refresh_from_db()
    assert user.check_password(user.raw_password)
