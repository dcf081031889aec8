from allauth.account.adapter import DefaultAccountAdapter

from django.urls import reverse

# The session key games.views.join sets when a signed-out visitor opens an
# invitation link; read here so the invitation survives sign-up and email
# confirmation, where allauth's ?next= is lost.
PENDING_INVITE = "pending_invite"


class AccountAdapter(DefaultAccountAdapter):
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
