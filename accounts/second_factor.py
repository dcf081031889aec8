"""The second factor (allauth's MFA: an authenticator app, TOTP), and the
admin's door: staff sign in on the site's own login and must have signed in
with their second factor this session before the admin opens."""

from allauth.account.authentication import get_authentication_records
from allauth.mfa.models import Authenticator
from allauth.mfa.utils import is_mfa_enabled


def has_second_factor(user) -> bool:
    """Whether `user` has an authenticator app set up."""
    return is_mfa_enabled(user, [Authenticator.Type.TOTP])


def second_factor_used(request) -> bool:
    """Whether the signed-in user gave a code from their authenticator app (or
    a recovery code) in this session: on signing in, or on being asked again."""
    user = request.user
    if not user.is_authenticated:
        return False
    records = get_authentication_records(request, user)
    return any(record.get("method") == "mfa" for record in records)


def admin_open_to(request) -> bool:
    """The admin opens to active staff who used their second factor this
    session."""
    user = request.user
    return (
        user.is_active
        and user.is_staff
        and has_second_factor(user)
        and second_factor_used(request)
    )
