"""Staff and the second factor in tests: an authenticator app, its codes, and
a client that signed in with one.

- ``authenticator_add(user)``: set up an authenticator app (TOTP) for `user`,
  returning its secret.
- ``totp_code(secret)``: the code the app shows now.
- ``staff_client(user)``: a client signed in as `user` who gave a code this
  session (through allauth's own page), as the admin asks.
"""

import time

from allauth.mfa.totp.internal.auth import (
    TOTP,
    format_hotp_value,
    generate_totp_secret,
    hotp_value,
)

from django.test import Client
from django.urls import reverse

PERIOD = 30  # seconds a code lasts (allauth's MFA_TOTP_PERIOD)


def authenticator_add(user) -> str:
    secret = generate_totp_secret()
    TOTP.activate(user, secret)
    return secret


def totp_code(secret: str) -> str:
    """The current code, taken early enough in its period to still be good when
    the site checks it (allauth allows no drift by default)."""
    if time.time() % PERIOD > PERIOD - 2:
        time.sleep(PERIOD - time.time() % PERIOD + 0.05)
    return format_hotp_value(hotp_value(secret, int(time.time()) // PERIOD))


def staff_client(user, secret: str | None = None) -> Client:
    secret = secret or authenticator_add(user)
    client = Client()
    client.force_login(user)
    response = client.post(reverse("mfa_reauthenticate"), {"code": totp_code(secret)})
    assert response.status_code == 302, response.content.decode()[:2000]
    return client
