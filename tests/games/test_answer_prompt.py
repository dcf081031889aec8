"""Answering a charge: one step, the same prompt whatever the hand holds."""

import json
import re

import pytest

from django.urls import reverse

from games import services
from games.engines import deal as engine
from games.engines.deal.rules import default_payment
from games.errors import BadMove, StaleVersion
from games.models import GameEvent
from tests.games.factories import fresh, make_game
from tests.games.test_views import (
    HTMX,
    client_for,
    offered_moves,
    post_move,
    prompt_of,
    rig,
)

pytestmark = pytest.mark.django_db

TABLE = """
    seats: 2
    turn: 0
    0 hand: Red/Yellow Rent, 1M
    0 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue]
    1 hand: {bea_hand}
    1 bank: 1M, 2M, 3M
"""
NO_JSN = "You have no Just Say No to play: accept."


def charged(user, other_user, bea_hand: str):
    game = rig(
        make_game(creator=user, players=[other_user]), TABLE.format(bea_hand=bea_hand)
    )
    ada = client_for(user)
    html = ada.get(game.get_absolute_url()).content.decode()
    rent = next(m for m in offered_moves(html) if m["type"] == "ChargeRent")
    assert post_move(ada, game, json.dumps(rent)).status_code == 302
    return fresh(game), ada, client_for(other_user)


def words_and_cards(prompt: str, game) -> str:
    """The prompt less its move buttons, tokens, version and game number."""
    prompt = re.sub(r'<form class="move".*?</form>', "", prompt, flags=re.S)
    prompt = re.sub(r'name="(csrfmiddlewaretoken|version)" value="[^"]*"', "", prompt)
    prompt = re.sub(r">\s+<", "><", prompt)
    return prompt.replace(f"/games/{game.pk}/", "/games/N/")


def test_a_charge_shows_the_pay_picker_at_once_without_an_accept_step(user, other_user):
    game, _ada, bea = charged(user, other_user, "2M, Pass Go")
    prompt = prompt_of(bea.get(game.get_absolute_url()).content.decode())
    assert "Pay Ada 6M" in prompt
    assert reverse("games:charge_pay", args=[game.pk]) in prompt
    assert "Accept" not in prompt
    assert "Say no or accept." not in prompt
    assert NO_JSN not in prompt
    assert [m["type"] for m in offered_moves(prompt)] == []


def test_with_a_just_say_no_only_the_button_differs(user, other_user, user_factory):
    game, _ada, bea = charged(user, other_user, "Just Say No, 2M")
    with_no = prompt_of(bea.get(game.get_absolute_url()).content.decode())
    assert [m["type"] for m in offered_moves(with_no)] == ["SayNo"]
    cara = user_factory("cara", display_name="Ada")
    dora = user_factory("dora", display_name="Bea")
    game2, _cara, dora_client = charged(cara, dora, "2M, Pass Go")
    without = prompt_of(dora_client.get(game2.get_absolute_url()).content.decode())
    assert words_and_cards(with_no, game) == words_and_cards(without, game2)


def test_pay_accepts_and_pays_in_one_request(user, other_user):
    game, _ada, bea = charged(user, other_user, "2M, Pass Go")
    before = game.version
    url = reverse("games:charge_pay", args=[game.pk])
    bank = fresh(game).state().players[1].bank
    response = bea.post(url, {"version": game.version, "pick": "1", "cards": bank})
    assert response.status_code == 302
    game = fresh(game)
    types = list(
        GameEvent.objects.filter(game=game, seq__gt=before).values_list(
            "type", flat=True
        )
    )
    assert types[:2] == ["Accepted", "PaymentMade"]
    assert all(c in game.state().players[0].bank for c in bank)
    assert not any(a.seat == 1 for a in engine.awaiting(game.state()))


def test_the_suggested_cards_button_pays_the_engine_default(user, other_user):
    game, _ada, bea = charged(user, other_user, "2M, Pass Go")
    html = bea.get(game.get_absolute_url(), **HTMX).content.decode()
    assert "Pay 6M with the suggested cards" in html
    # And the page names them before the player gives them.
    suggested = re.search(r"The suggested cards: ([^<]*)\.<", html)[1]
    bea_now = fresh(game).state().players[1]
    default = default_payment(bea_now, 6)
    assert sorted(suggested.replace(" and ", ", ").split(", ")) == sorted(
        engine.DECK[c].name for c in default
    )
    response = services.charge_accept_and_pay(
        game_id=game.pk, user=other_user, cards=None, version=game.version
    )
    state = response.state()
    assert sum(engine.DECK[c].value for c in state.players[0].bank) >= 6


def test_a_payment_too_small_is_refused_and_nothing_is_accepted(user, other_user):
    game, _ada, _bea = charged(user, other_user, "2M, Pass Go")
    one = [c for c in game.state().players[1].bank if engine.DECK[c].value == 1]
    with pytest.raises(BadMove):
        services.charge_accept_and_pay(
            game_id=game.pk, user=other_user, cards=one, version=game.version
        )
    assert fresh(game).version == game.version


def test_a_stale_version_is_refused(user, other_user):
    game, _ada, _bea = charged(user, other_user, "2M, Pass Go")
    with pytest.raises(StaleVersion):
        services.charge_accept_and_pay(
            game_id=game.pk, user=other_user, cards=None, version=game.version - 1
        )


def test_only_a_charge_can_be_answered_by_paying(user, other_user):
    game = make_game(creator=user, players=[other_user])
    with pytest.raises(BadMove, match="no charge"):
        services.charge_accept_and_pay(
            game_id=game.pk, user=other_user, cards=None, version=game.version
        )


def test_a_refused_charge_reads_say_no_back_only_with_a_just_say_no(user, other_user):
    game, ada, bea = charged(user, other_user, "Just Say No, 2M")
    no = next(
        m
        for m in offered_moves(bea.get(game.get_absolute_url()).content.decode())
        if m["type"] == "SayNo"
    )
    assert post_move(bea, game, json.dumps(no)).status_code == 302
    prompt = prompt_of(ada.get(fresh(game).get_absolute_url()).content.decode())
    assert "Say no back or accept." not in prompt
    assert NO_JSN in prompt
    assert [m["type"] for m in offered_moves(prompt)] == ["Accept"]


def test_the_action_being_resolved_names_the_reader_you(user, other_user):
    game, ada, bea = charged(user, other_user, "2M, Pass Go")
    pending = {
        who: re.search(
            r'<div class="pending__text">(.*?)</div>',
            client.get(game.get_absolute_url()).content.decode(),
            re.S,
        )[1]
        for who, client in (("ada", ada), ("bea", bea))
    }
    assert "<b>You</b> played" in pending["ada"] and "Bea" in pending["ada"]
    assert "<b>Ada</b> played" in pending["bea"]
    assert "<li>You: deciding</li>" in pending["bea"]
