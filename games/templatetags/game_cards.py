"""Cards drawn as cards: `{% card id %}` and the facts a card face shows."""

from functools import cache

from django import template
from django.conf import settings
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from games.engines.deal import COLOUR_NAMES, DECK, RENT, SET_SIZE, Action, Kind
from games.forms import decision_time_label

register = template.Library()

ACTION_TEXT = {
    Action.deal_breaker: "Take a full set from any player, buildings and all.",
    Action.just_say_no: "Cancel an action played against you.",
    Action.sly_deal: "Take a property from a player, not from a full set.",
    Action.forced_deal: "Swap a property with another player's, not from a full set.",
    Action.debt_collector: "One player pays you 5M.",
    Action.birthday: "Every other player pays you 2M.",
    Action.pass_go: "Draw 2 extra cards.",
    Action.house: "On a full set: +3M rent. Not railroads or utilities.",
    Action.hotel: "On a full set with a House: +4M rent.",
    Action.double_the_rent: "Play with a rent card to double the rent.",
}


# Words too long for a small card's line, with a soft hyphen where to break.
_HYPHENATED = {
    word.replace("\u00ad", ""): word
    for word in (
        "Mediter\u00adranean",
        "Connec\u00adticut",
        "Pennsyl\u00advania",
        "Tennes\u00adsee",
        "Ken\u00adtucky",
        "Caro\u00adlina",
        "Board\u00adwalk",
        "Rail\u00adroad",
        "Elec\u00adtric",
        "Col\u00adlector",
        "Birth\u00adday",
        "Atlan\u00adtic",
        "Break\u00ader",
    )
}
# The table's small cards name a card as players say it: no "Avenue", and
# the rent cards' colours are on their disc.
_MINI_NAMES = {
    "North Carolina Avenue": "N. Carolina",
    "Pennsylvania Railroad": "Penn. R.R.",
    "Reading Railroad": "Reading R.R.",
    "B. & O. Railroad": "B. & O. R.R.",
    "Electric Company": "Electric Co.",
    "St. Charles Place": "St. Charles",
    "St. James Place": "St. James",
    "It's My Birthday": "Birthday",
    "Double the Rent": "Double Rent",
}


def hyphenated(name: str) -> str:
    """The name with its long words breakable: a soft hyphen, a break after
    a slash ("Railroad/Utility")."""
    words = (_HYPHENATED.get(word, word) for word in name.split(" "))
    return " ".join(words).replace("/", "/\u200b")


def mini_name(name: str) -> str:
    """What a small card on the table calls a card."""
    if name == "Wild Rent" or (name.endswith(" Rent") and "/" in name):
        return "Rent"
    return hyphenated(_MINI_NAMES.get(name) or name.removesuffix(" Avenue"))


def _ladder(colour) -> list[dict]:
    size = SET_SIZE[colour]
    return [
        {"count": i + 1, "rent": rent, "full": i + 1 == size}
        for i, rent in enumerate(RENT[colour])
    ]


@cache
def card_face(card_id: int) -> dict:
    """What the face of a card shows, for templates."""
    c = DECK[card_id]
    colours = [str(colour) for colour in c.colours]
    face = {
        "id": c.id,
        "kind": str(c.kind),
        "name": c.name,
        "label": hyphenated(c.name),
        "mini": mini_name(c.name),
        "value": c.value,
        "colours": colours,
        "multicolour": len(colours) > 2,
        "action": str(c.action) if c.action else "",
        "text": ACTION_TEXT.get(c.action, "") if c.action else "",
        "ladders": [],
    }
    if c.kind in (Kind.property, Kind.wild) and len(colours) <= 2:
        face["ladders"] = [
            {
                "colour": str(colour),
                "name": hyphenated(COLOUR_NAMES[colour]),
                "steps": _ladder(colour),
            }
            for colour in c.colours
        ]
    if c.kind is Kind.rent:
        face["text"] = (
            "Every other player pays you rent for one of your sets of these colours."
            if len(colours) == 2
            else "One player pays you rent for one of your sets, any colour."
        )
    return face


def card_name(card_id: int) -> str:
    return DECK[card_id].name


@register.simple_tag
def card(card_id, size="", colour=""):
    """A card face; `size` "mini" for the table, `colour` the side a wild shows.

    A face depends on nothing but these three, so each is rendered once per
    process: a table shows up to a hundred cards, and rendering them was half
    the time of rendering the table (docs/load.md, "What the profile showed,
    and what changed").
    """
    render = _card_html.__wrapped__ if settings.DEBUG else _card_html
    return render(int(card_id), str(size), str(colour or ""))


@cache
def _card_html(card_id: int, size: str, colour: str) -> SafeString:
    face = card_face(card_id)
    ladders = face["ladders"]
    if colour and len(ladders) == 2 and ladders[0]["colour"] != colour:
        ladders = [ladders[1], ladders[0]]
    context = {"face": face, "ladders": ladders, "size": size}
    return SafeString(render_to_string("games/card.html", context))


@register.simple_tag
def card_back(size=""):
    return _card_back_html(str(size))


@cache
def _card_back_html(size: str) -> SafeString:
    return SafeString(render_to_string("games/card_back.html", {"size": size}))


@register.filter
def colour_name(colour) -> str:
    return COLOUR_NAMES.get(colour, str(colour)) if colour else ""


@register.filter
def name_of_card(card_id) -> str:
    return card_name(int(card_id))


@register.filter
def rule_of_card(card_id) -> str:
    """What an action or rent card does, in a sentence ("" for others)."""
    return card_face(int(card_id))["text"]


@register.filter
def card_value(card_id) -> int:
    return DECK[int(card_id)].value


@register.filter
def backs(count) -> range:
    """As many card backs as a hand holds, up to 10 (the rest is a number)."""
    return range(min(int(count or 0), 10))


@register.filter
def per_decision(seconds) -> str:
    return f"{decision_time_label(int(seconds))} per decision"


@register.filter
def house_rules_on(game) -> int:
    """How many house rules a game plays (the table lists them)."""
    from games.selectors import option_labels

    return len(option_labels(game))
