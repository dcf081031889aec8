import base64
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric import ec

from django.urls import reverse

from mdeal_site.settings import parse_email_url

ROOT = Path(__file__).resolve().parent.parent


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    environ = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "EMAIL_URL"}
        and not key.startswith("VAPID_")
    }
    environ.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
    )


def vapid_private_key() -> str:
    """A fresh VAPID private key as the environment gives it: raw, base64url."""
    key = ec.generate_private_key(ec.SECP256R1())
    raw = key.private_numbers().private_value.to_bytes(32, "big")
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def test_check_deploy_is_clean_under_production_settings():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="mdeal.example.com",
        VAPID_PRIVATE_KEY=vapid_private_key(),
        VAPID_SUBJECT="mailto:admin@mdeal.example.com",
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_says_web_push_is_off_without_a_vapid_key():
    result = run_manage(
        "check",
        "--deploy",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="mdeal.example.com",
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "notifications.W001" in result.stderr + result.stdout
    assert "Web Push is off" in result.stderr + result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    result = run_manage("check", DEBUG="0", ALLOWED_HOSTS="mdeal.example.com")

    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


@pytest.mark.parametrize(
    ("url", "backend", "options"),
    [
        ("", "mdeal_site.mail.ReadableConsoleBackend", None),
        ("locmem:", "django.core.mail.backends.locmem.EmailBackend", None),
        (
            "file:///tmp/mail",
            "mdeal_site.mail.ReadableFileBackend",
            {"file_path": "/tmp/mail"},
        ),
        (
            "smtp://me%40x.org:p%40ss@mail.x.org:2525/?tls=0",
            "django.core.mail.backends.smtp.EmailBackend",
            {
                "host": "mail.x.org",
                "port": 2525,
                "username": "me@x.org",
                "password": "p@ss",
                "use_ssl": False,
                "use_tls": False,
                "timeout": 20,
            },
        ),
        (
            "smtps://u:p@mail.x.org",
            "django.core.mail.backends.smtp.EmailBackend",
            {
                "host": "mail.x.org",
                "port": 465,
                "username": "u",
                "password": "p",
                "use_ssl": True,
                "use_tls": False,
                "timeout": 20,
            },
        ),
    ],
)
def test_email_url_becomes_a_mailer(url, backend, options):
    mailer = parse_email_url(url)

    assert mailer["BACKEND"] == backend
    assert mailer.get("OPTIONS") == options


@pytest.mark.django_db
def test_home_says_what_the_site_is_and_leads_to_sign_up(client):
    response = client.get(reverse("home"))

    content = response.content.decode()
    assert response.status_code == 200
    assert "Monopoly Deal" in content
    assert reverse("account_signup") in content
    assert reverse("account_login") in content


@pytest.mark.django_db
def test_home_for_a_player_leads_to_their_profile_and_logout(client_logged_in, user):
    content = client_logged_in.get(reverse("home")).content.decode()

    assert reverse("profile") in content
    assert reverse("account_logout") in content
    assert user.name in content
    assert reverse("account_signup") not in content


@pytest.mark.django_db
def test_every_page_loads_htmx_from_our_static_files(client):
    content = client.get(reverse("home")).content.decode()

    assert "/static/vendor/htmx.min.js" in content
    assert "/static/vendor/htmx-ext-ws.min.js" in content
    assert "hx-headers" in content
    # Every script and stylesheet from this site: no other host, no CDN. (Not
    # "cdn" anywhere in the page: a random CSRF token held it now and then.)
    sources = re.findall(r'<(?:script|link)\b[^>]*\b(?:src|href)="([^"]*)"', content)
    assert sources and all(
        s.startswith("/") and not s.startswith("//") for s in sources
    )


@pytest.mark.parametrize(
    "path",
    [
        "/static/css/site.css",
        "/static/vendor/htmx.min.js",
        "/static/vendor/htmx-ext-ws.min.js",
    ],
)
def test_static_files_are_served_by_whitenoise(client, path):
    response = client.get(path)

    assert response.status_code == 200
    assert b"".join(response.streaming_content)


@pytest.mark.django_db
def test_flash_messages_are_shown_on_the_next_page(client, user):
    client.post(
        reverse("account_login"),
        {"login": user.username, "password": user.raw_password},
    )

    content = client.get(reverse("home")).content.decode()

    assert "Successfully signed in as Ada." in content
    assert 'class="messages"' in content


def test_console_email_prints_links_unbroken(settings, capsys):
    from django.core import mail

    settings.MAILERS = {"default": parse_email_url("console:")}
    link = "http://127.0.0.1:8000/accounts/confirm-email/" + "k" * 80 + "/"

    mail.send_mail("Confirm", f"Go to {link}\n", None, ["ada@example.com"])

    printed = capsys.readouterr().out
    assert link in printed
    assert "To: ada@example.com" in printed
