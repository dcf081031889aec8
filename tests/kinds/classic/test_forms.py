"""Every form the classic table draws posts moves the engine accepts: through
bot games, each seat's page is rendered, each form filled as a player would
(a $1 bid, $1 asked in an empty trade) and turned into moves by
moves_from_post, and each move is decided on the state the page showed."""

import random

import pytest

from games.engines.classic import IllegalMove, decide, evolve, view
from games.kinds.classic import moves_from_post

from .positions import POSITIONS, Forms, jail_with_card, played, posted, render


def fill(form: dict) -> dict:
    fields = dict(form["fields"])
    action = fields["action"]
    if action == "bid":
        return {n: 1 for n, _ in form["fields"] if n.startswith("bid-")}
    if action in ("offer", "counter"):
        ticked = any(c for _, _, c in form["boxes"])
        if not (ticked or fields.get("give_cash") or fields.get("get_cash")):
            return {"get_cash": 1}
    return {}


def check_page(state, seat) -> int:
    html = render(state, seat)
    v = view(state, seat)
    forms = Forms(html).forms
    for form in forms:
        assert form["action"] == "/games/7/move/"
        data = posted(form, **fill(form))
        moves = moves_from_post(data, v, seat)
        s = state
        for move in moves:
            try:
                events = decide(s, move, random.Random(1))
            except IllegalMove as refused:
                raise AssertionError(f"{move} refused: {refused}") from None
            for e in events:
                s = evolve(s, e)
    return len(forms)


@pytest.mark.parametrize("make", [*POSITIONS.values(), jail_with_card])
def test_every_form_of_each_decision_posts_a_legal_move(make):
    state = make()
    posts = sum(check_page(state, seat) for seat in range(len(state.players)))
    assert posts > 0 or state.over


@pytest.mark.parametrize("seed", range(2))
def test_every_form_on_every_page_posts_a_legal_move(seed):
    posts = 0
    for n, state in enumerate(played(seed + 100, 3, 500)):
        if n % 7:
            continue
        for seat in (0, 1, 2, None):
            posts += check_page(state, seat)
    assert posts > 100
