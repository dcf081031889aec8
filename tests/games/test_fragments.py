"""Fragments rendered once per value (games.templatetags.fragments): a kept
fragment is the HTML its values render to, it reads nothing else, and a
classic table drawn with kept board spaces and deeds is the table drawn
afresh, position after position, for a player and a spectator."""

import pytest

from django.template import Context, Template
from django.test import override_settings

from games import pushed, services
from games.models import Game
from games.templatetags import fragments
from tests.games.factories import (
    awaited_seat,
    default_move,
    fresh,
    make_game,
    move_submit_as,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def nothing_kept():
    fragments.fragments.clear()
    pushed.renders.clear()
    yield
    fragments.fragments.clear()
    pushed.renders.clear()


def memo(text: str) -> Template:
    return Template("{% load fragments %}" + text)


def test_a_fragment_reads_only_the_values_it_names():
    template = memo("{% memo a %}[{{ a }}|{{ b }}]{% endmemo %}{{ b }}")
    assert template.render(Context({"a": 1, "b": 2})) == "[1|]2"


def test_the_same_values_render_once_and_others_afresh():
    calls = []

    class Counted(dict):
        def __getitem__(self, key):
            calls.append(key)
            return super().__getitem__(key)

    template = memo("{% memo sq %}<li>{{ sq.name }}</li>{% endmemo %}")
    first = template.render(Context({"sq": Counted(name="Boardwalk")}))
    again = template.render(Context({"sq": Counted(name="Boardwalk")}))
    other = template.render(Context({"sq": Counted(name="Park <Place>")}))
    assert first == again == "<li>Boardwalk</li>"
    assert other == "<li>Park &lt;Place&gt;</li>"
    assert calls == ["name", "name"]  # the second Boardwalk was kept


def test_a_fragment_is_kept_by_its_place_in_its_template():
    one = memo("{% memo a %}one {{ a }}{% endmemo %}")
    two = memo("{% memo a %}two {{ a }}{% endmemo %}")
    assert one.render(Context({"a": 1})) == "one 1"
    assert two.render(Context({"a": 1})) == "two 1"


def test_with_debug_on_nothing_is_kept():
    template = memo("{% memo a %}{{ a }}{% endmemo %}")
    with override_settings(DEBUG=True):
        assert template.render(Context({"a": 1})) == "1"
    assert len(fragments.fragments) == 0


def test_values_are_named_and_a_missing_one_reads_empty():
    template = memo("{% memo n=a.b zone=c %}[{{ n }}|{{ zone }}]{% endmemo %}")
    assert template.render(Context({"a": {"b": 7}})) == "[7|]"
    assert template.render(Context({"a": {"b": 8}, "c": "UTC"})) == "[8|UTC]"


def test_a_memo_without_values_is_refused():
    from django.template import TemplateSyntaxError

    with pytest.raises(TemplateSyntaxError, match="names the values"):
        memo("{% memo %}x{% endmemo %}")
    with pytest.raises(TemplateSyntaxError, match="names no value"):
        memo("{% memo 1x=a %}x{% endmemo %}")


def table_html(game: Game, user) -> str:
    pushed.renders.clear()
    shown = pushed.table_for(game_id=game.pk, stamp=game.version, user=user)
    assert shown is not None
    return shown[1]


def every_few_moves(game: Game, every: int, moves: int = 150):
    """The game every `every` moves, played by its bots and everyone else's
    default move, to its end or `moves` moves."""
    for step in range(moves):
        game = fresh(game)
        if game.status != Game.Status.ACTIVE:
            return
        if step % every == 0:
            yield game
        if services.bots_play(game_id=game.pk, version=game.version):
            continue
        seat = awaited_seat(game)
        move_submit_as(game, seat, default_move(game, seat))


def test_a_classic_table_with_kept_spaces_is_the_table_drawn_afresh(
    user, other_user, user_factory
):
    """Sensible bots buy, build and mortgage; every ten moves a player's view
    and a spectator's are drawn with what the fragments kept and afresh."""
    watcher = user_factory("watcher")
    played = make_game(creator=user, players=[other_user], bots=1, kind="classic")
    owned = 0
    for game in every_few_moves(played, 10):
        for viewer in (other_user, watcher):
            kept = table_html(game, viewer)
            with override_settings(DEBUG=True):
                afresh = table_html(game, viewer)
            assert kept == afresh
        owned = max(owned, kept.count(" is-owned"))
    assert owned >= 4  # the board changed hands along the way
    assert len(fragments.fragments) > 68  # more than one board's worth kept


def test_a_deal_table_with_kept_opponents_is_the_table_drawn_afresh(
    user, other_user, user_factory
):
    """Four seats (two of them bots) to the end or 150 moves: every eight
    moves a player's view and a spectator's, kept and afresh, are equal."""
    watcher = user_factory("watcher")
    played = make_game(creator=user, players=[other_user], bots=2)
    for game in every_few_moves(played, 8):
        for viewer in (other_user, watcher):
            kept = table_html(game, viewer)
            held = len(fragments.fragments)
            assert table_html(game, viewer) == kept  # drawn from memory:
            assert len(fragments.fragments) == held  # nothing new kept
            with override_settings(DEBUG=True):
                afresh = table_html(game, viewer)
            assert kept == afresh
    assert len(fragments.fragments) > 10  # the opponents' seats were kept


def test_a_players_own_seat_and_hand_are_drawn_again_from_memory(
    user, other_user, monkeypatch
):
    """The next table a player is pushed after another's move shows their own
    seat and hand as kept, when the move left them as they were."""
    game = make_game(creator=user, players=[other_user])
    watcher = next(u for u in (user, other_user) if u.pk != awaited_seat(game).user_id)
    view = fresh(game).state().players
    table_html(game, watcher)
    drawn = []
    real = fragments.MemoNode.render

    def render(node, context):
        held = len(fragments.fragments)
        html = real(node, context)
        drawn.append(len(fragments.fragments) > held)
        return html

    monkeypatch.setattr(fragments.MemoNode, "render", render)
    seat = awaited_seat(game)
    rules = game.game_kind.engine
    banked = next(  # a card to the bank: the turn goes on, the watcher draws none
        m
        for m in rules.legal_moves(fresh(game).state(), seat.position)
        if type(m).__name__ == "BankCard"
    )
    move_submit_as(game, seat, banked)
    after = fresh(game)
    position = after.seat_for(watcher).position
    assert after.state().players[position] == view[position]  # theirs unchanged

    table_html(after, watcher)

    # The mover's seat changed; the watcher's seat and hand are as kept.
    assert drawn.count(False) == 2, drawn
