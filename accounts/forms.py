import zoneinfo

from django import forms

from .models import User, time_zone_choices


class ProfileForm(forms.ModelForm):
    """Display name, time zone and which emails a player gets."""

    time_zone = forms.ChoiceField(
        choices=time_zone_choices,
        help_text="Deadlines and digests are shown in this time zone.",
    )

    class Meta:
        model = User
        fields = ["display_name", "time_zone", "notify", "reminders"]
        labels = {
            "display_name": "Display name",
            "notify": "Email about my games",
            "reminders": "Remind me before time runs out on a decision",
        }
        help_texts = {
            "display_name": "What other players see. Leave empty to use your username.",
            "reminders": "",
        }
        widgets = {"notify": forms.RadioSelect}

    def clean_display_name(self) -> str:
        return " ".join(self.cleaned_data["display_name"].split())

    def clean_time_zone(self) -> str:
        name = self.cleaned_data["time_zone"]
        if name not in zoneinfo.available_timezones():
            raise forms.ValidationError("Choose a time zone from the list.")
        return name
