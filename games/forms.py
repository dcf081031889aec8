"""Forms of the game pages: creating a game, and the moves posted from the table."""

import json

from django import forms

from games.engine import OPTION_LABELS

SEAT_CHOICES = [(n, f"{n} players") for n in range(2, 6)]

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR
DECISION_TIME_CHOICES = [
    (5 * MINUTE, "5 minutes (play live)"),
    (HOUR, "1 hour"),
    (4 * HOUR, "4 hours"),
    (12 * HOUR, "12 hours"),
    (DAY, "1 day"),
    (3 * DAY, "3 days"),
    (7 * DAY, "7 days"),
]

NOT_UNDERSTOOD = "That move is not understood."


def decision_time_label(seconds: int) -> str:
    """ "1 day", "5 minutes (play live)", or a plain count of minutes."""
    labels = dict(DECISION_TIME_CHOICES)
    if seconds in labels:
        return labels[seconds].split(" (")[0]
    return f"{max(1, round(seconds / MINUTE))} minutes"


class GameCreateForm(forms.Form):
    """A new game: seats, time per decision, house rules, who may join."""

    seat_count = forms.TypedChoiceField(
        label="Players",
        choices=SEAT_CHOICES,
        coerce=int,
        initial=2,
        widget=forms.RadioSelect,
    )
    seconds_per_decision = forms.TypedChoiceField(
        label="Time per decision",
        choices=DECISION_TIME_CHOICES,
        coerce=int,
        initial=DAY,
        help_text="When it runs out, the game plays the simplest move for you.",
    )
    public = forms.BooleanField(
        label="List it in the lobby so anyone can join",
        required=False,
        initial=True,
        help_text="Untick for invite-only: only people with the link can join.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, label in OPTION_LABELS.items():
            self.fields[f"option_{name}"] = forms.BooleanField(
                label=label, required=False
            )

    def option_fields(self):
        return [self[f"option_{name}"] for name in OPTION_LABELS]

    def options(self) -> dict:
        """The house rules ticked, as the engine's Options JSON."""
        return {name: self.cleaned_data[f"option_{name}"] for name in OPTION_LABELS}


class MoveForm(forms.Form):
    """A move as posted from the table: the engine JSON and the version seen.

    A card picker (Pay, Discard) also posts `pick` and its ticked `cards`, which
    replace the move's own list. The engine, through the service, judges the rest.
    """

    move = forms.CharField()
    version = forms.IntegerField(min_value=0)
    cards = forms.CharField(required=False)

    def __init__(self, data=None, *args, **kwargs):
        self.picked = [] if data is None else data.getlist("cards")
        super().__init__(data, *args, **kwargs)

    def clean_move(self) -> dict:
        try:
            move = json.loads(self.cleaned_data["move"])
        except ValueError:
            raise forms.ValidationError(NOT_UNDERSTOOD) from None
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise forms.ValidationError(NOT_UNDERSTOOD)
        return move

    def clean(self):
        cleaned = super().clean()
        move = cleaned.get("move")
        if self.data.get("pick") and isinstance(move, dict):
            try:
                move["cards"] = sorted({int(c) for c in self.picked})
            except ValueError:
                raise forms.ValidationError(NOT_UNDERSTOOD) from None
        return cleaned


class ResignForm(forms.Form):
    version = forms.IntegerField(min_value=0, required=False)
