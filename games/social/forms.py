"""Forms of the friends and challenge pages.

A challenge's settings are the create form's own fields (games.forms): the
same choices, ranges and house rules, checked the same way; a preset is that
form's data, read by it again each time it is used.
"""

from django import forms

from games.forms import GameCreateForm
from games.social.models import (
    DEFAULT_EXPIRY,
    EXPIRY_CHOICES,
    ChallengesFrom,
    Invitee,
)

# The fields a preset keeps: the game's settings, not whom or which form.
NOT_PRESET = {"to", "once", "save_as"}


class ChallengeForm(GameCreateForm):
    """The create form's settings, the players to challenge, and how long
    the challenge waits for their answers."""

    to = forms.CharField(
        label="Players to challenge",
        max_length=300,
        help_text="Their usernames, separated by commas. Seats beyond you and "
        "them are for bots.",
        error_messages={"required": "Name at least one player to challenge."},
    )
    expires_in = forms.TypedChoiceField(
        label="Answer within",
        choices=EXPIRY_CHOICES,
        coerce=int,
        initial=DEFAULT_EXPIRY,
        help_text="Unanswered by then, the challenge expires.",
    )
    public = forms.BooleanField(
        label="Anyone may watch it",
        required=False,
        initial=True,
        help_text="Untick to keep it to its players.",
    )
    save_as = forms.CharField(
        label="Save these settings as a preset",
        max_length=40,
        required=False,
        help_text="A name, such as “My usual game”: then one click challenges "
        "with them.",
    )
    # Challenged players take the seats; bots take the rest at the start.
    bots_now = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields[
            "bot"
        ].help_text = "For the seats beyond you and the players you name."

    def preset_data(self) -> dict:
        """The settings as posted, to be read by this form again."""
        return {
            name: self.data.get(name)
            for name in self.fields
            if name not in NOT_PRESET and self.data.get(name) is not None
        }

    def settings(self) -> dict:
        """The challenge service's keyword arguments for these settings."""
        data = self.cleaned_data
        return {
            "usernames": data["to"],
            "kind": data["kind"],
            "seat_count": data["seat_count"],
            "seconds_per_decision": data["seconds_per_decision"],
            "options": self.options(),
            "public": data["public"],
            "rated": data["rated"],
            "bot": data["bot"],
            "leaver_bot": data["leaver_bot"],
            "expires_in": data["expires_in"],
        }


class AnswerForm(forms.Form):
    answer = forms.ChoiceField(
        choices=[("accept", "Accept"), ("decline", "Decline")],
        error_messages={"required": "Answer the challenge: accept or decline."},
    )
    reason = forms.ChoiceField(
        label="Why (optional)",
        choices=Invitee.Reason.choices,
        required=False,
    )

    def refusal(self) -> str:
        for errors in self.errors.values():
            return errors[0]
        return "Answer the challenge: accept or decline."


class SettingsForm(forms.Form):
    challenges_from = forms.ChoiceField(
        label="Who may challenge you",
        choices=ChallengesFrom.choices,
        widget=forms.RadioSelect,
    )
    bot_challenges = forms.BooleanField(
        label="Bot accounts may challenge me",
        required=False,
        help_text="Programs playing through the Bot API, marked BOT.",
    )


class FindForm(forms.Form):
    username = forms.CharField(label="Username", max_length=150)
