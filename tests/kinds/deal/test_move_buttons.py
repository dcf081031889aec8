"""`{% move_button %}` renders, to the byte, what the table's partial did."""

import re

from django.template import engines
from django.test import RequestFactory

from games.kinds.deal.table import Choice

# The table's `move_button` partial as it was, before it became a tag.
PARTIAL = (
    "\n"
    '<form class="move" method="post" action="{{ move_url }}" '
    'hx-post="{{ move_url }}">{% csrf_token %}<input type="hidden" name="version" '
    'value="{{ game.version }}"><input type="hidden" name="move" '
    'value="{{ choice.move }}"><button type="submit" '
    'class="btn btn--{{ choice.style }}">{{ choice.label }}</button></form>\n'
)
TAG = "{% load move_buttons %}{% move_button choice %}"


# A CSRF token is masked anew for every render.
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


class Game:
    version = 57


def rendered(source: str, choice: Choice, *, csrf: bool = True) -> str:
    template = engines["django"].from_string(source)
    context = {"move_url": "/games/3/move/", "game": Game(), "choice": choice}
    if not csrf:
        return template.render(context)
    shown = template.render(context, request=RequestFactory().get("/"))
    return TOKEN.sub('name="csrfmiddlewaretoken" value="TOKEN"', shown)


def test_the_tag_renders_the_partials_markup():
    choices = [
        Choice(label="End turn", move='{"type": "EndTurn", "seat": 0}', style="end"),
        Choice(
            label="Swap your Boardwalk for Bea's <Park> & Co",
            move='{"type": "ForcedDeal", "seat": 1, "give": 4, "take": 9}',
            style="action",
        ),
    ]
    for choice in choices:
        assert rendered(TAG, choice) == rendered(PARTIAL, choice)
        assert rendered(TAG, choice, csrf=False) == rendered(
            PARTIAL, choice, csrf=False
        )
    assert "&lt;Park&gt; &amp; Co" in rendered(TAG, choices[1])
    assert "csrfmiddlewaretoken" in rendered(TAG, choices[0])


def test_a_move_naming_things_on_the_table_says_which():
    """Direct manipulation (issue 27): the form carries what to tap, in order."""
    choice = Choice(
        label="Swap your Boardwalk for Bea's Park Place",
        move='{"type": "ForcedDeal", "seat": 0, "card": 5, "take": 9, "give": 4}',
        style="action",
        steps="c9 c4",
        hints="Tap the property to take|Tap yours to give for it",
    )
    shown = rendered(TAG, choice)
    assert '<form class="move" data-steps="c9 c4" data-hints="Tap the property' in shown
    plain = Choice(label="End turn", move='{"type": "EndTurn", "seat": 0}')
    assert "data-steps" not in rendered(TAG, plain)
