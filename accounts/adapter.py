from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.utils import filter_users_by_email, filter_users_by_username
from allauth.core import ratelimit

from django.urls import reverse

# The session key games.views.join sets when a signed-out visitor opens an
# invitation link; read here so the invitation survives sign-up and email
# confirmation, where allauth's ?next= is lost.
PENDING_INVITE = "pending_invite"

# The rate-limit action (in settings.ACCOUNT_RATE_LIMITS) for failed logins per
# address and account; allauth's own "login_failed" counts them per account.
LOGIN_FAILED_FROM_ADDRESS = "login_failed_from_address"


class AccountAdapter(DefaultAccountAdapter):
    """allauth for mdeal: invitations survive sign-up; failed logins are limited.

    Failed logins are limited per address and account (5 in 5 minutes) and per
    account from any address (20 in an hour, against guessing spread over many
    addresses); settings.ACCOUNT_RATE_LIMITS holds the numbers. While a limit
    holds, even the right password is refused, so a guesser learns nothing. A
    lock on one address never stops another account, nor the same account from
    another address; a password reset lifts the account's lock and that of the
    address it was done from. Across accounts an address is limited only
    against a flood (120 logins a minute, right or wrong: "login" in the
    settings): behind a proxy or a carrier's NAT many players share one
    address, and any lower limit is one script away from whoever shares it.
    """

    def get_signup_redirect_url(self, request):
        """Where signing up leads once the email is confirmed: the invitation.

        allauth keeps this URL with the pending sign-in, so confirming the
        email (ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION) ends on the join page.
        """
        token = request.session.get(PENDING_INVITE)
        if token:
            return reverse("games:join", args=[token])
        return super().get_signup_redirect_url(request)

    def get_login_redirect_url(self, request):
        """After signing in, go to the invitation that brought the user here."""
        token = request.session.pop(PENDING_INVITE, None)
        if token:
            return reverse("games:join", args=[token])
        return super().get_login_redirect_url(request)

    def pre_authenticate(self, request, **credentials):
        """Refuse while this address is locked out of this account.

        allauth's own check then counts the attempt against the account, and
        takes it back if the password is right.
        """
        key = self._address_and_account(request, credentials)
        if not ratelimit.consume(
            request, action=LOGIN_FAILED_FROM_ADDRESS, key=key, dry_run=True
        ):
            raise self.validation_error("too_many_login_attempts")
        super().pre_authenticate(request, **credentials)

    def authentication_failed(self, request, **credentials):
        key = self._address_and_account(request, credentials)
        ratelimit.consume(request, action=LOGIN_FAILED_FROM_ADDRESS, key=key)

    def _get_login_attempts_cache_key(self, request, **credentials):
        """The account a login names, so that its username and its email share
        one count, and a password reset (which clears by email) clears it."""
        email = credentials.get("email")
        username = credentials.get("username")
        users = filter_users_by_email(email) if email else []
        if not users and username:
            users = filter_users_by_username(username)[:1]
        if users:
            return f"user:{users[0].pk}"
        return f"login:{(email or username or '').lower()}"

    def _delete_login_attempts_cached_email(self, request, **credentials):
        super()._delete_login_attempts_cached_email(request, **credentials)
        key = self._address_and_account(request, credentials)
        ratelimit.clear(request, action=LOGIN_FAILED_FROM_ADDRESS, key=key)

    def _address_and_account(self, request, credentials) -> str:
        account = self._get_login_attempts_cache_key(request, **credentials)
        return f"{self.get_client_ip(request)} {account}"
