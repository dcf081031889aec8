"""Whatever a client posts, the answer is a 4xx with a sentence, never a 500,
and the game is left as it was."""

import json
import logging

import pytest

from django.urls import reverse

from games import services
from games.engines import deal as engine
from games.errors import BadMove
from games.forms import (
    MOVE_MAX_CHARS,
    MOVE_MAX_DEPTH,
    MOVE_TOO_DEEP,
    MOVE_TOO_LONG,
    NOT_UNDERSTOOD,
    json_depth,
)
from games.models import Game
from tests.games.factories import awaited_seat, fresh, table_rows
from tests.games.test_views import client_for, post_move, prompt_of

pytestmark = pytest.mark.django_db

DEEP = "[" * 5000 + "]" * 5000


def test_a_move_nested_5000_deep_is_refused_without_an_error_log(
    two_player_game, caplog
):
    seat = awaited_seat(two_player_game)
    before = table_rows(two_player_game)
    # Within the size limit, so only the depth check stands before json.loads.
    deep_inside = '{"type": "Discard", "cards": ' + "[" * 980 + "]" * 980 + "}"
    assert len(deep_inside) <= MOVE_MAX_CHARS
    client = client_for(seat.user)
    with caplog.at_level(logging.WARNING):
        response = post_move(client, two_player_game, DEEP)
        assert response.status_code == 400
        assert MOVE_TOO_LONG in prompt_of(response.content.decode())
        response = post_move(client, two_player_game, deep_inside, htmx=True)
        assert response.status_code == 400
        assert MOVE_TOO_DEEP in prompt_of(response.content.decode())
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert table_rows(two_player_game) == before


def test_an_oversized_move_is_refused(two_player_game):
    seat = awaited_seat(two_player_game)
    before = table_rows(two_player_game)
    padded = json.dumps({"type": "EndTurn", "note": "x" * MOVE_MAX_CHARS})
    response = post_move(client_for(seat.user), two_player_game, padded)
    assert response.status_code == 400
    assert MOVE_TOO_LONG in prompt_of(response.content.decode())
    assert table_rows(two_player_game) == before


def test_the_largest_real_move_fits_well_inside_the_limits():
    every_card = {"type": "Pay", "seat": 4, "cards": list(range(len(engine.DECK)))}
    text = json.dumps(every_card)
    assert len(text) * 3 < MOVE_MAX_CHARS
    assert json_depth(text) < MOVE_MAX_DEPTH


def test_a_move_at_the_size_limit_is_still_read(two_player_game):
    seat = awaited_seat(two_player_game)
    move = json.dumps(engine.to_json(engine.EndTurn(seat=seat.position)))
    spaced = "{" + " " * (MOVE_MAX_CHARS - len(move)) + move[1:]
    assert len(spaced) == MOVE_MAX_CHARS
    response = post_move(client_for(seat.user), two_player_game, spaced)
    assert response.status_code == 302
    assert fresh(two_player_game).version > two_player_game.version


@pytest.mark.parametrize(
    "text, depth",
    [
        ("{}", 1),
        ('{"a": [1, [2]]}', 3),
        ('{"a": "[[[[[[[[["}', 1),
        ('{"a": "\\"[[[[[["}', 1),
        ('{"a": "\\\\", "b": [[]]}', 3),
        ("]]]][", 1),
        ("not json", 0),
    ],
)
def test_json_depth_counts_brackets_outside_strings(text, depth):
    assert json_depth(text) == depth


@pytest.mark.parametrize(
    "fields",
    [
        {"version": "9" * 5000},
        {"version": "-1"},
        {"version": "1\x00"},
        {"version": "NaN"},
        {"version": ["1", "2"]},
        {"pick": "1", "cards": ["9" * 5000]},
        {"pick": "1", "cards": ["1\x00"]},
        {"pick": "1", "cards": ["-1", "2"]},
    ],
)
def test_malformed_fields_beside_the_move_are_refused(two_player_game, fields):
    seat = awaited_seat(two_player_game)
    before = table_rows(two_player_game)
    data = {"move": json.dumps({"type": "Pay", "cards": []}), **fields}
    data.setdefault("version", two_player_game.version)
    response = client_for(seat.user).post(
        reverse("games:move", args=[two_player_game.pk]), data
    )
    assert response.status_code in (400, 409)
    assert table_rows(two_player_game) == before


def test_a_body_that_is_not_utf8_is_refused(two_player_game):
    seat = awaited_seat(two_player_game)
    before = table_rows(two_player_game)
    response = client_for(seat.user).post(
        reverse("games:move", args=[two_player_game.pk]),
        b"move=%FF%FE%00%C3&version=\xff\xfe",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 400
    assert table_rows(two_player_game) == before


@pytest.mark.parametrize(
    "move",
    [
        {"type": "BankCard", "card": 10**5000},
        {"type": "Discard", "cards": [10**5000]},
        {"type": "SlyDeal", "card": 1, "target": 10**100, "take": 2},
        {"type": "Discard", "cards": [[1], [[2]]]},
        {"type": "BankCard", "card": float("nan")},
        {"type": "PlayProperty", "card": 1, "colour": {"red": 1}},
    ],
)
def test_the_service_refuses_forged_numbers_and_lists(two_player_game, move):
    seat = awaited_seat(two_player_game)
    before = table_rows(two_player_game)
    with pytest.raises(BadMove) as refused:
        services.move_submit(
            game_id=two_player_game.pk,
            user=seat.user,
            move=move,
            version=two_player_game.version,
        )
    assert refused.value.message == NOT_UNDERSTOOD
    assert table_rows(two_player_game) == before


@pytest.mark.parametrize(
    "fields",
    [
        {"seat_count": "9" * 5000, "seconds_per_decision": 3600},
        {"seat_count": "2\x00", "seconds_per_decision": 3600},
        {"seat_count": "2", "seconds_per_decision": "9" * 5000},
        {"seat_count": "2", "seconds_per_decision": "-60"},
        {"seat_count": ["2", "3"], "seconds_per_decision": "NaN"},
        {"seat_count": "{" * 5000, "seconds_per_decision": "[" * 5000},
        {},
    ],
)
def test_a_forged_new_game_is_refused(user, fields):
    response = client_for(user).post(reverse("games:create"), fields)
    assert response.status_code == 400
    assert not Game.objects.exists()


@pytest.mark.parametrize("since", ["", "9" * 5000, "\x00", "-1", "NaN", "[" * 5000])
def test_the_version_poll_takes_any_since(two_player_game, user, since):
    url = reverse("games:version", args=[two_player_game.pk])
    response = client_for(user).get(url, {"since": since})
    assert response.status_code == 200
    assert response.json() == {"version": fresh(two_player_game).stamp}


def test_an_id_too_long_for_any_game_is_not_found(user):
    client = client_for(user)
    for digits in (30, 5000):
        pk = "9" * digits
        assert client.get(f"/games/{pk}/").status_code == 404
        assert client.post(f"/games/{pk}/move/", {"move": "{}"}).status_code == 404
