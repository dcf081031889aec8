"""The create form: the tournament's settings, checked again by the service."""

from datetime import timedelta

from django import forms
from django.utils import timezone

from games import kinds
from games.forms import HouseRules
from games.models import Game
from games.tournaments.models import Tournament


class TournamentForm(HouseRules, forms.Form):
    name = forms.CharField(max_length=80)
    kind = forms.ChoiceField(label="Game", choices=kinds.choices)
    format = forms.ChoiceField(choices=Tournament.Format.choices)
    rounds = forms.IntegerField(
        min_value=0, max_value=20, initial=3, required=False, help_text="Swiss only."
    )
    best_of = forms.TypedChoiceField(
        label="Games a match (single elimination)",
        choices=[(1, "One game"), (3, "Best of three")],
        coerce=int,
        initial=1,
        required=False,
        empty_value=1,
    )
    seats = forms.IntegerField(
        label="Seats a table", min_value=2, max_value=8, initial=2
    )
    seconds_per_decision = forms.TypedChoiceField(
        label="Time per decision",
        choices=Game.TimeControl.choices,
        coerce=int,
        initial=Game.TimeControl.ONE_DAY,
    )
    round_hours = forms.IntegerField(
        label="A round lasts at most (hours)", min_value=1, max_value=1440, initial=168
    )
    starts_in_hours = forms.IntegerField(
        label="Starts in (hours)", min_value=0, max_value=24 * 60, initial=24
    )
    min_players = forms.IntegerField(min_value=2, max_value=256, initial=4)
    max_players = forms.IntegerField(min_value=2, max_value=256, initial=32)
    rated = forms.BooleanField(required=False, initial=True)
    by_invitation = forms.BooleanField(required=False)
    rating_min = forms.IntegerField(required=False, min_value=0, max_value=5000)
    rating_max = forms.IntegerField(required=False, min_value=0, max_value=5000)

    def service_fields(self) -> dict:
        data = {
            name: value
            for name, value in self.cleaned_data.items()
            if not name.startswith("option_")
        }
        data["options"] = self.options()
        hours = data.pop("starts_in_hours")
        data["starts_at"] = timezone.now() + timedelta(hours=hours)
        data["rounds"] = data.get("rounds") or 0
        return data
