"""Forms of the game pages: creating a game, and the moves posted from the table."""

import json
import zoneinfo

from django import forms

from games import kinds
from games.errors import BadMove
from games.models import BOT_STRENGTHS, Game, Seat

# Every kind's range; the service refuses a count outside the chosen kind's.
SEAT_CHOICES = [(n, f"{n} players") for n in range(Game.MIN_SEATS, Game.MAX_SEATS + 1)]

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

NOT_UNDERSTOOD = BadMove.default_message
# A move's JSON is one flat object with at most a list of card ids: a few
# hundred characters, nested two deep. Far more is not a move, and is refused
# before json.loads, whose parser recurses once per level of nesting.
MOVE_MAX_CHARS = 2_000
MOVE_MAX_DEPTH = 4
MOVE_TOO_LONG = (
    f"That move is not understood: no move is longer than {MOVE_MAX_CHARS:,} "
    "characters."
)
MOVE_TOO_DEEP = "That move is not understood: no move nests its data that deep."


def decision_time_label(seconds: int) -> str:
    """ "1 day", "5 minutes (play live)", or a plain count of minutes."""
    labels = dict(DECISION_TIME_CHOICES)
    if seconds in labels:
        return labels[seconds].split(" (")[0]
    return f"{max(1, round(seconds / MINUTE))} minutes"


def option_field(kind: "kinds.GameKind", name: str) -> str:
    """The create form's field for a house rule: `option_<rule>` for Monopoly
    Deal (its names from before there were kinds), `option_<kind>_<rule>` else."""
    if kind.key == kinds.DEFAULT:
        return f"option_{name}"
    return f"option_{kind.key}_{name}"


class HouseRules:
    """A form's house-rule fields for every kind (`option_field`), and the
    chosen kind's rules as its engine's Options JSON: the game create form's
    and the tournament form's."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for kind in kinds.all_kinds():
            for name, label in kind.option_labels.items():
                self.fields[option_field(kind, name)] = forms.BooleanField(
                    label=label, required=False
                )
            for name, rule in kind.option_numbers.items():
                self.fields[option_field(kind, name)] = forms.IntegerField(
                    label=rule.label,
                    required=False,
                    min_value=rule.least,
                    max_value=rule.most,
                )

    def option_groups(self) -> list[dict]:
        """Per kind: its label and its house-rule fields (the form's sections):
        the ticks, then the numbers."""
        return [
            {
                "kind": kind,
                "fields": [
                    self[option_field(kind, name)] for name in kind.option_labels
                ],
                "numbers": [
                    self[option_field(kind, name)] for name in kind.option_numbers
                ],
            }
            for kind in kinds.all_kinds()
        ]

    def options(self) -> dict:
        """The chosen kind's house rules ticked and numbers given, as its
        engine's Options JSON (a number left blank keeps the official figure)."""
        kind = kinds.get(self.cleaned_data["kind"])
        options = {
            name: self.cleaned_data[option_field(kind, name)]
            for name in kind.option_labels
        }
        for name in kind.option_numbers:
            value = self.cleaned_data[option_field(kind, name)]
            if value is not None:
                options[name] = value
        return options


class GameCreateForm(HouseRules, forms.Form):
    """A new game: which game, seats, time per decision, house rules, who may
    join. Each kind's house rules are fields of their own (`option_field`);
    only the chosen kind's count."""

    kind = forms.ChoiceField(
        label="Game",
        choices=kinds.choices,
        initial=kinds.DEFAULT,
        required=False,
        widget=forms.RadioSelect,
    )
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
    rated = forms.BooleanField(
        label="Rated game",
        required=False,
        initial=True,
        help_text="Untick for a casual game that leaves everyone's rating alone.",
    )
    bot = forms.ChoiceField(
        label="Bot strength",
        choices=BOT_STRENGTHS,
        initial=Seat.Bot.SENSIBLE,
        required=False,
        help_text="For the bots that fill empty seats, now or from the waiting room.",
    )
    bots_now = forms.BooleanField(
        label="Play now: bots take the other seats",
        required=False,
        help_text="Otherwise the table waits for players; you can add bots later.",
    )
    leaver_bot = forms.ChoiceField(
        label="Bot that plays on for a player who left",
        choices=BOT_STRENGTHS,
        initial=Seat.Bot.SENSIBLE,
        required=False,
        help_text="With the house rule that a bot replaces a player who misses "
        "too many deadlines.",
    )
    # One table per form: sent again (Back, then Create), it finds the first.
    once = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)
    # The browser's time zone (static/games/table.js fills it in): it becomes
    # the player's while theirs is still the default.
    time_zone = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)

    def clean_time_zone(self) -> str:
        """A known IANA name, or "" (a forged or unknown one is ignored)."""
        name = self.cleaned_data["time_zone"]
        return name if name in zoneinfo.available_timezones() else ""

    def clean_bot(self) -> str:
        return self.cleaned_data["bot"] or Seat.Bot.SENSIBLE

    def clean_leaver_bot(self) -> str:
        return self.cleaned_data["leaver_bot"] or Seat.Bot.SENSIBLE

    def clean_kind(self) -> str:
        return self.cleaned_data["kind"] or kinds.DEFAULT


class MoveForm(forms.Form):
    """A move as posted from the table: the engine JSON and the version seen.

    A card picker (Pay, Discard) also posts `pick` and its ticked `cards`, which
    replace the move's own list. The engine, through the service, judges the rest.
    """

    move = forms.CharField(
        max_length=MOVE_MAX_CHARS,
        error_messages={
            "required": NOT_UNDERSTOOD,
            "max_length": MOVE_TOO_LONG,
            "null_characters_not_allowed": NOT_UNDERSTOOD,
        },
    )
    version = forms.IntegerField(min_value=0)
    cards = forms.CharField(required=False)

    def __init__(self, data=None, *args, **kwargs):
        self.picked = [] if data is None else data.getlist("cards")
        super().__init__(data, *args, **kwargs)

    def refusal(self) -> str:
        """The sentence for a refused move: why its JSON is refused, if it is."""
        return next(iter(self.errors.get("move", [])), NOT_UNDERSTOOD)

    def clean_move(self) -> dict:
        text = self.cleaned_data["move"]
        if json_depth(text) > MOVE_MAX_DEPTH:
            raise forms.ValidationError(MOVE_TOO_DEEP)
        try:
            move = json.loads(text, parse_constant=_refuse_constant)
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


def _refuse_constant(name: str):
    """NaN and Infinity are not JSON, though Python's parser takes them."""
    raise ValueError(f"{name} is not JSON")


def json_depth(text: str) -> int:
    """How deeply the arrays and objects of JSON `text` nest, counted in a loop.

    Brackets inside strings do not count; the text need not be valid JSON.
    """
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth = max(depth - 1, 0)
    return deepest


class ChargePayForm(forms.Form):
    """Accept a charge and pay it: the version seen and the ticked `cards`."""

    version = forms.IntegerField(min_value=0)

    def __init__(self, data=None, *args, **kwargs):
        self.picked = [] if data is None else data.getlist("cards")
        super().__init__(data, *args, **kwargs)

    def clean(self):
        cleaned = super().clean()
        try:
            cleaned["cards"] = sorted({int(c) for c in self.picked})
        except ValueError:
            raise forms.ValidationError(NOT_UNDERSTOOD) from None
        return cleaned


class ResignForm(forms.Form):
    version = forms.IntegerField(min_value=0, required=False)
