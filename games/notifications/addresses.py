"""Where a player's emails go: their verified primary address, while it works.

An address the mail server refuses (the recipient, not the connection) counts
a failure per refused attempt; at `MAX_FAILURES` in a row it gets no more mail
until its owner confirms it again (or makes another address primary). A
success clears the count.
"""

import logging
import smtplib

from allauth.account.models import EmailAddress
from allauth.account.signals import email_confirmed

from django.conf import settings
from django.db.models import F
from django.utils import timezone

from games.notifications.models import FailingAddress

logger = logging.getLogger(__name__)

MAX_FAILURES = 5
# Errors that blame the address: the server answered and refused it, or the
# message to it. Connection trouble (OSError, SMTPServerDisconnected...) does
# not: it is retried without counting against anyone.
ADDRESS_ERRORS = (smtplib.SMTPRecipientsRefused, smtplib.SMTPDataError)


def max_failures() -> int:
    return getattr(settings, "NOTIFY_MAX_ADDRESS_FAILURES", MAX_FAILURES)


def recipient(user) -> str | None:
    """The address to write to: verified, primary and not failing; else None."""
    address = (
        EmailAddress.objects.filter(user=user, primary=True, verified=True)
        .values_list("email", flat=True)
        .first()
    )
    if not address or is_blocked(address):
        return None
    return address


def is_blocked(address: str) -> bool:
    return FailingAddress.objects.filter(
        email=address.lower(), failures__gte=max_failures()
    ).exists()


def blocked_address(user) -> str | None:
    """The user's primary address if it gets no more mail, for the profile."""
    address = (
        EmailAddress.objects.filter(user=user, primary=True)
        .values_list("email", flat=True)
        .first()
    )
    return address if address and is_blocked(address) else None


def failure_record(address: str, error: Exception) -> None:
    """Count a failed attempt against `address` when the error blames it."""
    if not isinstance(error, ADDRESS_ERRORS):
        return
    row, _ = FailingAddress.objects.get_or_create(email=address.lower())
    FailingAddress.objects.filter(pk=row.pk).update(
        failures=F("failures") + 1,
        last_error=str(error)[:1000],
        last_failed_at=timezone.now(),
    )
    row.refresh_from_db()
    if row.failures >= max_failures():
        logger.warning(
            "No more email to %s after %s failures: %s", address, row.failures, error
        )


def failures_clear(address: str) -> None:
    FailingAddress.objects.filter(email=address.lower()).delete()


def _confirmed(sender, request=None, email_address=None, **kwargs) -> None:
    if email_address is not None:
        failures_clear(email_address.email)


def connect_signals() -> None:
    email_confirmed.connect(_confirmed, dispatch_uid="notifications.confirmed")
