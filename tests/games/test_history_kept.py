"""The table's history keeps each event's parsing and each line's telling
(games.selectors.history: `_parsed_event`, `_told_line`): what it shows is what the
events tell read afresh, for every seat, in many positions of both games."""

import pytest

from games import selectors
from games.models import GameEvent
from tests.games.factories import make_game, positions

pytestmark = pytest.mark.django_db


def told_afresh(game, viewer) -> list[dict]:
    """The table's history from model rows, every event parsed and told anew."""
    rows = GameEvent.objects.filter(game=game, seq__lte=game.version).order_by("-seq")[
        : selectors.HISTORY_LINES
    ]
    lines = selectors.told(
        reversed(list(rows)),
        kind=game.game_kind,
        viewer=viewer,
        names=game.seat_names(),
    )
    lines.reverse()
    return lines


@pytest.mark.parametrize("kind", ["deal", "classic"])
def test_the_history_kept_is_the_history_told_afresh(kind, user_factory, monkeypatch):
    game = make_game(
        creator=user_factory(), players=[user_factory(), user_factory()], kind=kind
    )
    shown, checked = {}, 0
    for number, position in enumerate(positions(game, moves=120, seed=5)):
        if number % 3:
            continue
        for viewer in (0, 1, 2, None):
            shown[position.version, viewer] = (
                position,
                selectors.history_lines(game=position, viewer=viewer),
            )
    # Told afresh: no line kept from before.
    monkeypatch.setattr(
        selectors.history,
        "_told_line",
        lambda rules, event, viewer, names: rules.describe(event, viewer, names),
    )
    for (_, viewer), (position, lines) in shown.items():
        assert lines == told_afresh(position, viewer)
        checked += 1
    assert checked >= 20
    assert selectors.history._parsed_event.cache_info().hits > 0
    assert selectors.history._described.cache_info().hits > 0
