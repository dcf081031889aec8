import zoneinfo
from datetime import datetime, time, timedelta

from django import forms
from django.utils import timezone

from games.notifications.emails import user_zone

from .models import User, time_zone_choices
from .services import VACATION_LONGEST


class ProfileForm(forms.ModelForm):
    """Display name, time zone and which emails a player gets."""

    time_zone = forms.ChoiceField(
        choices=time_zone_choices,
        help_text="Deadlines and digests are shown in this time zone.",
    )

    class Meta:
        model = User
        fields = [
            "display_name",
            "time_zone",
            "notify",
            "reminders",
            "chat_emails",
            "challenge_emails",
            "tournament_emails",
            "accept_charges",
            "pay_suggested",
        ]
        labels = {
            "display_name": "Display name",
            "notify": "Email about my games",
            "reminders": "Remind me before time runs out on a decision",
            "chat_emails": "Email me chat messages in my games",
            "challenge_emails": "Email me when a player challenges me",
            "tournament_emails": "Email me about my tournaments",
            "accept_charges": "Accept charges against me without waiting",
            "pay_suggested": "Pay with the suggested cards when I accept",
        }
        help_texts = {
            "display_name": "What other players see. Leave empty to use your username.",
            "reminders": "",
            "chat_emails": "",
            "challenge_emails": "",
            "tournament_emails": "",
        }
        widgets = {"notify": forms.RadioSelect}

    def clean_display_name(self) -> str:
        return " ".join(self.cleaned_data["display_name"].split())

    def clean_time_zone(self) -> str:
        name = self.cleaned_data["time_zone"]
        if name not in zoneinfo.available_timezones():
            raise forms.ValidationError("Choose a time zone from the list.")
        return name


class VacationForm(forms.Form):
    """The day a player comes back: away until midnight at its start, their time."""

    until = forms.DateField(
        label="Away until",
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text="The day you are back. Your deadlines wait until then.",
    )

    def __init__(self, *args, user: User, **kwargs):
        super().__init__(*args, **kwargs)
        self.zone = user_zone(user)
        today = timezone.now().astimezone(self.zone).date()
        self.fields["until"].widget.attrs.update(
            min=(today + timedelta(days=1)).isoformat(),
            max=(today + VACATION_LONGEST).isoformat(),
        )

    def clean_until(self) -> datetime:
        """The start of that day in the player's time zone."""
        return datetime.combine(self.cleaned_data["until"], time(), tzinfo=self.zone)
