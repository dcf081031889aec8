"""The table's markup written by hand for its hottest loops is the markup the
template loops wrote, to the byte, for every seat of many positions of both
games (games/templatetags: docs/load.md)."""

import pytest

from django.template import engines

from games import selectors
from tests.games.factories import make_game, positions

pytestmark = pytest.mark.django_db

# The history loop of the table's partial, as it was before `history_items`.
HISTORY_LOOP = (
    '{% for line in history %}<li data-seq="{{ line.seq }}"{% if line.timeout %}'
    ' class="is-timeout"{% endif %}>{{ line.text }}</li>{% empty %}<li>Nothing yet.'
    "</li>{% endfor %}"
)
HISTORY_TAG = "{% load history_items %}{% history_items history %}"


def rendered(source: str, **context) -> str:
    # As the table renders: its partial is inside {% localize off %}.
    wrapped = "{% load l10n %}{% localize off %}" + source + "{% endlocalize %}"
    return engines["django"].from_string(wrapped).render(context)


def test_the_history_tag_writes_the_loops_markup():
    lines = [
        {"seq": 1207, "text": "Bea's <b>turn</b> & more", "timeout": False},
        {"seq": 9, "text": "Time ran out for Ann: the turn ended.", "timeout": True},
    ]
    for history in (lines, [], lines[:1]):
        assert rendered(HISTORY_TAG, history=history) == rendered(
            HISTORY_LOOP, history=history
        )
    assert "Bea&#x27;s &lt;b&gt;turn&lt;/b&gt; &amp; more" in rendered(
        HISTORY_TAG, history=lines
    )


@pytest.mark.parametrize("kind", ["deal", "classic"])
def test_every_seat_reads_the_same_history_markup_as_before(kind, user_factory):
    game = make_game(
        creator=user_factory(), players=[user_factory(), user_factory()], kind=kind
    )
    checked = 0
    for number, position in enumerate(positions(game, moves=160, seed=3)):
        if number % 4:
            continue
        for viewer in (0, 1, 2, None):
            history = selectors.history_lines(game=position, viewer=viewer)
            assert rendered(HISTORY_TAG, history=history) == rendered(
                HISTORY_LOOP, history=history
            )
            checked += 1
    assert checked >= 20
