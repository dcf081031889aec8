"""The site's VAPID key pair: who signs Web Push messages (RFC 8292).

Production reads `VAPID_PRIVATE_KEY` (and `VAPID_SUBJECT`) from the
environment; without a key, Web Push is off. Development and tests make a pair
once into `VAPID_KEY_DIR` (var/vapid_private.pem and vapid_public.pem), so a
fresh clone works with no setup. The page subscribes with the public key as
an uncompressed P-256 point in base64url (`applicationServerKey`).
"""

import base64
import functools
import logging
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid

from django.conf import settings
from django.core import checks
from django.core.exceptions import ImproperlyConfigured
from django.core.signals import setting_changed
from django.dispatch import receiver

logger = logging.getLogger(__name__)

PRIVATE_FILE = "vapid_private.pem"
PUBLIC_FILE = "vapid_public.pem"


@dataclass(frozen=True)
class ServerKey:
    vapid: Vapid
    public: str  # applicationServerKey: base64url, unpadded, 65 bytes decoded
    subject: str  # the JWT's "sub": mailto: or https:


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@functools.cache
def server_key() -> ServerKey | None:
    """The key pair to sign with, or None when Web Push is off.

    A key that cannot be read turns Web Push off (logged, and an error from
    `check`) rather than failing the moves and pages that ask.
    """
    try:
        return _server_key()
    except Exception:
        logger.exception("Web Push is off: the VAPID key cannot be used.")
        return None


def _server_key() -> ServerKey | None:
    private = settings.VAPID_PRIVATE_KEY.strip()
    if private:
        vapid = (
            Vapid.from_pem(private.encode())
            if private.startswith("-----BEGIN")
            else Vapid.from_string(private)
        )
    elif settings.VAPID_KEY_DIR:
        vapid = _made_once(Path(settings.VAPID_KEY_DIR))
    else:
        logger.warning("VAPID_PRIVATE_KEY is not set: Web Push is off.")
        return None
    public = b64url(
        vapid.public_key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
    )
    given = settings.VAPID_PUBLIC_KEY.strip().rstrip("=")
    if given and given != public:
        raise ImproperlyConfigured(
            "VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY "
            "(leave it unset: it is derived from the private key)."
        )
    return ServerKey(vapid=vapid, public=public, subject=settings.VAPID_SUBJECT)


def public_key() -> str:
    """The applicationServerKey for the page; empty when Web Push is off."""
    key = server_key()
    return key.public if key else ""


def _made_once(folder: Path) -> Vapid:
    """The pair in `folder`, made there first if there is none.

    Web, worker and beat may start at once: write to a temporary file and link
    it into place, which fails if another process got there first.
    """
    path = folder / PRIVATE_FILE
    if not path.exists():
        vapid = Vapid()
        vapid.generate_keys()
        folder.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=folder, prefix=".vapid-")
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(vapid.private_pem())
            try:
                os.link(temporary, path)
            except FileExistsError:
                pass
            else:
                vapid.save_public_key(str(folder / PUBLIC_FILE))
                logger.info("Made a VAPID key pair for Web Push in %s", path)
        finally:
            os.unlink(temporary)
    return Vapid.from_file(str(path))


def keys_check(**kwargs) -> list[checks.CheckMessage]:
    """`check --deploy`: say so when Web Push is off, and why."""
    if settings.VAPID_PRIVATE_KEY.strip() or settings.VAPID_KEY_DIR:
        try:
            _server_key()
        except Exception as error:
            return [
                checks.Error(
                    f"The VAPID key cannot be used, so Web Push is off: {error}",
                    id="notifications.E001",
                )
            ]
        return []
    return [
        checks.Warning(
            "VAPID_PRIVATE_KEY is not set, so Web Push is off.",
            hint="Make a pair (docs/notifications.md, Web Push) and set "
            "VAPID_PRIVATE_KEY and VAPID_SUBJECT in the environment.",
            id="notifications.W001",
        )
    ]


@receiver(setting_changed)
def _forget_key(*, setting, **kwargs):
    if setting.startswith("VAPID_"):
        server_key.cache_clear()
