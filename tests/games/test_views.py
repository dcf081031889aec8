"""The game pages through Django's test client: every page and action, with and
without htmx, and every refusal with its status, its sentence and no change."""

import json
import random
import re

import pytest

from django.db.models import F
from django.test import Client
from django.urls import reverse

from accounts.models import User
from games.engines import deal as engine
from games.models import Game, Seat
from tests.games.factories import (
    awaited_seat,
    default_move,
    fresh,
    idle_human,
    make_game,
    move_submit_as,
    seat_at,
    table_rows,
)

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def rig(game: Game, text: str) -> Game:
    """Test-only: put the table in the position `text` describes.

    The position comes from `engine.scenario`; it is written as the game's
    snapshot and the version moves on, as if events had led there. The event
    log no longer replays to it: tests only.
    """
    state = engine.scenario(text)
    assert len(state.players) == game.seat_count
    Game.objects.filter(pk=game.pk).update(
        snapshot=engine.to_json(state), version=F("version") + 1
    )
    return fresh(game)


def post_move(client, game, move, *, version=None, htmx=False, **extra):
    data = {
        "move": move if isinstance(move, str) else json.dumps(as_json(move)),
        "version": game.version if version is None else version,
        **extra,
    }
    headers = HTMX if htmx else {}
    return client.post(reverse("games:move", args=[game.pk]), data, **headers)


def as_json(move) -> dict:
    return move if isinstance(move, dict) else engine.to_json(move)


def offered_moves(html: str) -> list[dict]:
    """The engine JSON of every move button on a page."""
    values = re.findall(r'name="move" value="([^"]*)"', html)
    return [json.loads(v.replace("&quot;", '"')) for v in values]


def prompt_of(html: str) -> str:
    match = re.search(r'<section id="prompt".*?</section>', html, re.S)
    return match.group(0) if match else ""


# -- signing in ------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, args",
    [
        ("games:lobby", []),
        ("games:mine", []),
        ("games:table", [1]),
        ("games:history", [1]),
        ("games:version", [1]),
        ("games:join", ["sometoken"]),
    ],
)
def test_anonymous_visitors_are_sent_to_log_in(client, name, args):
    response = client.get(reverse(name, args=args))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_anonymous_moves_are_sent_to_log_in(client, two_player_game):
    seat = awaited_seat(two_player_game)
    response = post_move(client, two_player_game, engine.EndTurn(seat=seat.position))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))
    assert fresh(two_player_game).version == two_player_game.version


# -- lobby, creating, my games ----------------------------------------------------


def test_lobby_lists_open_public_games_only(user, user_factory):
    host = user_factory("cy", display_name="Cy")
    listed = make_game(creator=host, seat_count=3, start=False)
    hidden = make_game(creator=host, seat_count=3, start=False, public=False)
    response = client_for(user).get(reverse("games:lobby"))
    assert response.status_code == 200
    html = response.content.decode()
    assert reverse("games:join_public", args=[listed.pk]) in html
    assert reverse("games:join_public", args=[hidden.pk]) not in html
    assert "New game" in html


def test_create_form_offers_every_house_rule(user):
    html = client_for(user).get(reverse("games:lobby")).content.decode()
    for key, label in engine.OPTION_LABELS.items():
        assert f'name="option_{key}"' in html
        assert label.split(":")[0] in html


@pytest.mark.parametrize(
    ("was", "sent", "becomes"),
    [
        ("UTC", "Asia/Tokyo", "Asia/Tokyo"),  # the default takes the browser's
        ("UTC", "Mars/Olympus_Mons", "UTC"),  # an unknown name is ignored
        ("UTC", "", "UTC"),  # no JavaScript
        ("Europe/Paris", "Asia/Tokyo", "Europe/Paris"),  # chosen: kept
    ],
)
def test_creating_a_game_takes_the_browser_s_time_zone_while_unset(
    user, was, sent, becomes
):
    type(user).objects.filter(pk=user.pk).update(time_zone=was)
    response = client_for(user).post(
        reverse("games:create"),
        {"seat_count": 2, "seconds_per_decision": 3600, "time_zone": sent},
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.time_zone == becomes


def test_creating_a_game_opens_its_waiting_room(user):
    client = client_for(user)
    response = client.post(
        reverse("games:create"),
        {
            "seat_count": 3,
            "seconds_per_decision": 3600,
            "public": "",
            "option_hotel_replaces_house": "on",
        },
    )
    game = Game.objects.get(created_by=user)
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    assert game.seat_count == 3
    assert not game.public
    assert game.options["hotel_replaces_house"] is True
    assert game.options["just_say_no_costs_play"] is False

    html = client.get(game.get_absolute_url()).content.decode()
    assert reverse("games:join", args=[game.invite_token]) in html
    assert "Fill empty seats with bots" in html
    assert "Start now" in html
    assert "A Hotel replaces the House" in html


@pytest.mark.parametrize("seats", ["1", "6", "x"])
def test_creating_with_impossible_settings_is_refused(user, seats):
    response = client_for(user).post(
        reverse("games:create"), {"seat_count": seats, "seconds_per_decision": 3600}
    )
    assert response.status_code == 400
    assert not Game.objects.exists()


def pass_until_awaited(game: Game, user) -> Game:
    """Let whoever owes a decision play the timeout's move until `user` owes one."""
    for _ in range(20):
        seat = awaited_seat(game)
        if seat.user_id == user.pk:
            return fresh(game)
        move_submit_as(game, seat, default_move(game, seat))
    raise AssertionError("the turn never came round")


def test_my_games_puts_games_waiting_for_me_first(user, other_user):
    others_move = pass_until_awaited(
        make_game(creator=user, players=[other_user]), other_user
    )
    my_move = pass_until_awaited(make_game(creator=other_user, players=[user]), user)
    html = client_for(user).get(reverse("games:mine")).content.decode()
    assert html.index(f'data-game="{my_move.pk}"') < html.index(
        f'data-game="{others_move.pk}"'
    )
    assert "Your move" in html


# -- the waiting room ----------------------------------------------------------


def test_invite_link_shows_the_game_and_joining_is_a_post(user, other_user):
    game = make_game(creator=user, seat_count=3, start=False, public=False)
    client = client_for(other_user)
    url = reverse("games:join", args=[game.invite_token])
    response = client.get(url)
    assert response.status_code == 200
    assert "Take a seat" in response.content.decode()
    assert game.seats.count() == 1

    response = client.post(url)
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    assert game.seat_for(other_user) is not None
    # Seated already: the link goes straight to the table.
    assert client.get(url)["Location"] == game.get_absolute_url()


def test_an_invitation_and_its_waiting_room_say_which_game_and_rules(user, other_user):
    game = make_game(
        creator=user,
        seat_count=3,
        start=False,
        public=False,
        kind="classic",
        options={"starting_cash": 300},
    )
    invitation = client_for(other_user).get(
        reverse("games:join", args=[game.invite_token])
    )
    waiting_room = client_for(user).get(game.get_absolute_url())
    for response in (invitation, waiting_room):
        html = response.content.decode()
        assert "<b>Classic Monopoly</b> · " in html
        assert "Rated" in html or "Casual" in html
        assert "Each player starts with $300." in html


def test_a_bad_invite_token_is_not_found(user):
    response = client_for(user).get(reverse("games:join", args=["not-a-token"]))
    assert response.status_code == 404
    assert "This invitation is not valid." in response.content.decode()
    response = client_for(user).post(reverse("games:join", args=["not-a-token"]))
    assert response.status_code == 404


def test_an_invite_only_game_cannot_be_joined_from_the_lobby(user, other_user):
    game = make_game(creator=user, seat_count=3, start=False, public=False)
    response = client_for(other_user).post(reverse("games:join_public", args=[game.pk]))
    assert response.status_code == 404
    assert game.seat_for(other_user) is None


def test_joining_a_started_game_is_refused(two_player_game, user_factory):
    late = user_factory("cy")
    before = table_rows(two_player_game)
    response = client_for(late).post(
        reverse("games:join", args=[two_player_game.invite_token])
    )
    assert response.status_code == 409
    assert "already started" in response.content.decode()
    assert table_rows(two_player_game) == before
    # The invitation, opened late, shows where to go next.
    page = client_for(late).get(
        reverse("games:join", args=[two_player_game.invite_token])
    )
    html = page.content.decode()
    assert "This game has already started." in html
    assert f'href="{reverse("games:lobby")}">Find another table' in html


def test_joining_a_full_game_is_refused(user, user_factory):
    game = make_game(creator=user, seat_count=2, start=False)
    client_for(user_factory("bea")).post(reverse("games:join_public", args=[game.pk]))
    assert fresh(game).seats.count() == 2
    before = table_rows(game)
    response = client_for(user_factory("cy")).post(
        reverse("games:join_public", args=[game.pk])
    )
    assert response.status_code == 409
    assert table_rows(game) == before


def test_joining_twice_is_refused(user, other_user):
    game = make_game(creator=user, seat_count=3, start=False)
    client = client_for(other_user)
    assert client.post(reverse("games:join_public", args=[game.pk])).status_code == 302
    assert client.post(reverse("games:join_public", args=[game.pk])).status_code == 409


def test_leaving_an_open_table(user, other_user):
    game = make_game(creator=user, players=[other_user], seat_count=3, start=False)
    response = client_for(other_user).post(reverse("games:leave", args=[game.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("games:lobby")
    assert game.seat_for(other_user) is None


def test_the_host_fills_empty_seats_with_bots(user):
    game = make_game(creator=user, seat_count=3, start=False)
    response = client_for(user).post(reverse("games:add_bots", args=[game.pk]))
    assert response.status_code == 302
    game = fresh(game)
    assert game.status == Game.Status.ACTIVE
    assert sorted(s.bot for s in game.seats.all()) == ["", "sensible", "sensible"]


def test_the_host_starts_with_the_players_seated(user, other_user):
    game = make_game(creator=user, players=[other_user], seat_count=4, start=False)
    response = client_for(user).post(reverse("games:start", args=[game.pk]), **HTMX)
    assert response.status_code == 200
    assert 'id="hand"' in response.content.decode()
    assert fresh(game).status == Game.Status.ACTIVE


def test_only_the_host_starts_the_game(user, other_user):
    game = make_game(creator=user, players=[other_user], seat_count=4, start=False)
    response = client_for(other_user).post(reverse("games:start", args=[game.pk]))
    assert response.status_code == 403
    assert fresh(game).status == Game.Status.OPEN


# -- the table -----------------------------------------------------------------


def test_a_player_sees_the_table_with_stable_regions(two_player_game, user):
    response = client_for(user).get(two_player_game.get_absolute_url())
    assert response.status_code == 200
    html = response.content.decode()
    for region in ('id="table"', 'id="seat-0"', 'id="seat-1"', 'id="hand"'):
        assert region in html
    assert 'id="prompt"' in html
    assert 'id="history"' in html
    assert f'data-version="{two_player_game.version}"' in html
    assert f'data-ws="/ws/games/{two_player_game.pk}/"' in html
    assert "<html" in html


def test_htmx_asks_get_the_table_partial(two_player_game, user):
    response = client_for(user).get(two_player_game.get_absolute_url(), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="table"')
    assert "<html" not in html


def test_only_legal_moves_are_offered(two_player_game):
    seat = awaited_seat(two_player_game)
    state = two_player_game.state()
    html = client_for(seat.user).get(two_player_game.get_absolute_url()).content
    offered = offered_moves(html.decode())
    legal = engine.legal_moves(state, seat.position)
    assert offered
    for move in offered:
        engine.decide(state, engine.from_json(move), random.Random(0))  # no refusal
    kinds = {type(m).__name__ for m in legal} - {"Resign"}
    assert {m["type"] for m in offered} == kinds


def test_a_stranger_may_watch_a_public_game_without_any_hand(two_player_game):
    watcher = make_watcher()
    response = client_for(watcher).get(two_player_game.get_absolute_url())
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="hand"' not in html
    assert "You are watching this game" in html
    state = two_player_game.state()
    shown = {int(c) for c in re.findall(r'data-card="(\d+)"', html)}
    for player in state.players:
        assert not shown & set(player.hand)


def make_watcher():
    return User.objects.create_user(
        username="watcher", email="watcher@example.com", password="x-unused-1"
    )


def test_a_private_game_is_not_found_by_a_stranger(user, other_user):
    game = make_game(creator=user, players=[other_user], public=False)
    client = client_for(make_watcher())
    assert client.get(game.get_absolute_url()).status_code == 404
    assert client.get(game.get_absolute_url(), **HTMX).status_code == 404
    assert client.get(reverse("games:history", args=[game.pk])).status_code == 404
    assert client.get(reverse("games:version", args=[game.pk])).status_code == 404


def test_an_unknown_game_is_not_found(user):
    assert client_for(user).get(reverse("games:table", args=[999])).status_code == 404


def test_the_version_endpoint_answers_204_when_nothing_changed(two_player_game, user):
    client = client_for(user)
    url = reverse("games:version", args=[two_player_game.pk])
    version = two_player_game.version
    assert client.get(url, {"since": version}).status_code == 204
    response = client.get(url, {"since": version - 1})
    assert response.status_code == 200
    assert response.json() == {"version": version}


def test_the_history_page_shows_every_line_for_that_seat(two_player_game, user):
    response = client_for(user).get(reverse("games:history", args=[two_player_game.pk]))
    assert response.status_code == 200
    assert "You were dealt" in response.content.decode()


# -- moves ---------------------------------------------------------------------


def test_a_move_without_javascript_redirects_back_to_the_table(two_player_game):
    seat = awaited_seat(two_player_game)
    client = client_for(seat.user)
    response = post_move(client, two_player_game, engine.EndTurn(seat=seat.position))
    if response.status_code == 400:  # over 7 cards: discard first
        pytest.skip("the first player holds more than 7 cards")
    assert response.status_code == 302
    assert response["Location"] == two_player_game.get_absolute_url()
    assert fresh(two_player_game).version > two_player_game.version


def test_a_move_with_htmx_answers_the_fresh_table(two_player_game):
    seat = awaited_seat(two_player_game)
    state = two_player_game.state()
    move = next(
        m
        for m in engine.legal_moves(state, seat.position)
        if type(m).__name__ == "EndTurn"
    )
    response = post_move(client_for(seat.user), two_player_game, move, htmx=True)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="table"')
    assert f'data-version="{fresh(two_player_game).version}"' in html


def test_a_move_out_of_turn_gets_the_engine_sentence(two_player_game):
    idle = idle_human(two_player_game)
    before = table_rows(two_player_game)
    response = post_move(
        client_for(idle.user), two_player_game, engine.EndTurn(seat=idle.position)
    )
    assert response.status_code == 400
    assert "It is not your turn." in prompt_of(response.content.decode())
    assert table_rows(two_player_game) == before
    # Drawn at the move's address without JavaScript: its refresh goes back
    # to the table (a GET of the move's address is a 405).
    table = two_player_game.get_absolute_url()
    assert f'content="60; url={table}"' in response.content.decode()


def test_a_stale_version_gets_409_and_the_fresh_table(two_player_game):
    seat = awaited_seat(two_player_game)
    before = table_rows(two_player_game)
    for htmx in (False, True):
        response = post_move(
            client_for(seat.user),
            two_player_game,
            engine.EndTurn(seat=seat.position),
            version=two_player_game.version - 1,
            htmx=htmx,
        )
        assert response.status_code == 409
        html = response.content.decode()
        assert (
            "Your move was not made: the table changed meanwhile. Here it is now."
            in prompt_of(html)
        )
        assert f'data-version="{two_player_game.version}"' in html
    assert table_rows(two_player_game) == before


def test_a_card_not_held_is_refused(two_player_game):
    seat = awaited_seat(two_player_game)
    state = two_player_game.state()
    elsewhere = next(c for c in state.draw if engine.DECK[c].kind == "money")
    before = table_rows(two_player_game)
    response = post_move(
        client_for(seat.user),
        two_player_game,
        engine.BankCard(seat=seat.position, card=elsewhere),
    )
    assert response.status_code == 400
    assert "You do not hold that card." in prompt_of(response.content.decode())
    assert table_rows(two_player_game) == before


@pytest.mark.parametrize(
    "forged",
    [
        "{not json",
        "[1, 2]",
        '"EndTurn"',
        '{"type": "Teleport"}',
        '{"type": "BankCard", "card": "lots"}',
        '{"type": "BankCard", "card": -3}',
        '{"type": "Move"}',
        '{"type": "BankCard", "card": NaN}',
        '{"type": "Discard", "cards": [Infinity]}',
        '{"type": "EndTurn", "x": -Infinity}',
        '{"type": "BankCard", "card": 1.5}',
        '{"type": "BankCard", "card": 1e400}',
        '{"type": "BankCard", "card": ' + "9" * 1900 + "}",
        '{"type": "BankCard", "card": 10000000000000000000000}',
        '{"type": "Discard", "cards": [[1], [2]]}',
        '{"type": "Discard", "cards": {"0": 1}}',
        '{"type": "EndTurn\\u0000"}',
        '{"type": "End\x00Turn"}',
        '{"type": "PlayProperty", "card": 1, "colour": ["red"]}',
        '{"type": "EndTurn", "seat": [0]}',
        '{"type": "Resign", "type": "Teleport"}',
        '{"type": "Options"}',
        "",
    ],
)
def test_tampered_moves_are_not_understood(two_player_game, forged):
    seat = awaited_seat(two_player_game)
    before = table_rows(two_player_game)
    response = post_move(client_for(seat.user), two_player_game, forged, htmx=True)
    assert response.status_code == 400
    assert "That move is not understood." in prompt_of(response.content.decode())
    assert table_rows(two_player_game) == before


def test_a_move_for_another_seat_is_refused(two_player_game):
    seat = awaited_seat(two_player_game)
    other = 1 - seat.position
    before = table_rows(two_player_game)
    response = post_move(
        client_for(seat.user), two_player_game, {"type": "EndTurn", "seat": other}
    )
    assert response.status_code == 400
    assert "That move names another seat: you play only your own." in prompt_of(
        response.content.decode()
    )
    assert table_rows(two_player_game) == before


def test_a_missing_version_is_refused(two_player_game):
    seat = awaited_seat(two_player_game)
    before = table_rows(two_player_game)
    response = client_for(seat.user).post(
        reverse("games:move", args=[two_player_game.pk]),
        {"move": json.dumps({"type": "EndTurn"})},
    )
    assert response.status_code == 400
    assert table_rows(two_player_game) == before


def test_a_move_from_someone_not_playing_is_forbidden(two_player_game):
    seat = awaited_seat(two_player_game)
    before = table_rows(two_player_game)
    response = post_move(
        client_for(make_watcher()), two_player_game, engine.EndTurn(seat=seat.position)
    )
    assert response.status_code == 403
    assert "You are not playing in this game." in response.content.decode()
    assert table_rows(two_player_game) == before


def test_resigning_ends_a_two_player_game(two_player_game, user):
    response = client_for(user).post(reverse("games:resign", args=[two_player_game.pk]))
    assert response.status_code == 302
    game = fresh(two_player_game)
    assert game.status == Game.Status.FINISHED
    assert seat_at(game, 0).status == Seat.Status.RESIGNED
    html = client_for(user).get(game.get_absolute_url()).content.decode()
    assert "won the game" in html


# -- rent, Just Say No and paying, card by card ---------------------------------

RENT_TABLE = """
    seats: 2
    turn: 0
    0 hand: Red/Yellow Rent, 1M
    0 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue]
    1 hand: Just Say No, 2M
    1 bank: 1M, 2M, 3M
    1 sets: green[Pacific Avenue]
"""


def test_rent_is_answered_by_paying_card_by_card(user, other_user):
    game = rig(make_game(creator=user, players=[other_user]), RENT_TABLE)
    ada, bea = client_for(user), client_for(other_user)
    html = ada.get(game.get_absolute_url()).content.decode()
    rent = next(m for m in offered_moves(html) if m["type"] == "ChargeRent")
    assert "Charge 6M Red rent to everyone" in html
    assert post_move(ada, game, json.dumps(rent)).status_code == 302
    game = fresh(game)

    html = bea.get(game.get_absolute_url()).content.decode()
    prompt = prompt_of(html)
    assert "Just Say No!" in prompt
    assert "Pay Ada 6M" in prompt
    assert [m["type"] for m in offered_moves(prompt)] == ["SayNo"]
    url = reverse("games:charge_pay", args=[game.pk])
    bank = game.state().players[1].bank
    ticked = [str(c) for c in bank if engine.DECK[c].value in (1, 2)]  # 3M: short
    short = bea.post(url, {"version": game.version, "pick": "1", "cards": ticked})
    assert short.status_code == 400
    assert fresh(game).version == game.version
    ticked = [str(c) for c in bank if engine.DECK[c].value in (1, 2, 3)]
    data = {"version": game.version, "pick": "1", "cards": ticked}
    response = bea.post(url, data, **HTMX)
    assert response.status_code == 200
    state = fresh(game).state()
    assert sum(engine.DECK[c].value for c in state.players[0].bank) == 6
    assert state.players[1].bank == ()


def test_just_say_no_cancels_the_rent(user, other_user):
    game = rig(make_game(creator=user, players=[other_user]), RENT_TABLE)
    ada, bea = client_for(user), client_for(other_user)
    html = ada.get(game.get_absolute_url()).content.decode()
    rent = next(m for m in offered_moves(html) if m["type"] == "ChargeRent")
    post_move(ada, game, json.dumps(rent))
    game = fresh(game)
    prompt = prompt_of(bea.get(game.get_absolute_url()).content.decode())
    no = next(m for m in offered_moves(prompt) if m["type"] == "SayNo")
    assert post_move(bea, game, json.dumps(no), htmx=True).status_code == 200
    game = fresh(game)
    state = game.state()
    assert sum(engine.DECK[c].value for c in state.players[1].bank) == 6
    assert not any(a.kind == "pay" for a in engine.awaiting(state))


# -- games by invitation only -----------------------------------------------------


def private_urls(game) -> list[tuple[str, dict]]:
    table = game.get_absolute_url()
    return [
        (table, {}),
        (table, HTMX),
        (reverse("games:history", args=[game.pk]), {}),
        (reverse("games:version", args=[game.pk]), {}),
    ]


@pytest.mark.parametrize("ending", ["playing", "finished", "abandoned"])
def test_an_invite_only_game_is_for_its_players_alone(user, other_user, ending):
    game = make_game(creator=user, players=[other_user], public=False)
    if ending == "finished":
        Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    elif ending == "abandoned":
        game = make_game(creator=user, seat_count=3, start=False, public=False)
        Game.objects.filter(pk=game.pk).update(status=Game.Status.ABANDONED)
    stranger = client_for(make_watcher())
    for url, headers in private_urls(game):
        response = stranger.get(url, **headers)
        assert response.status_code == 404, url
        assert "There is no such game." in response.content.decode()
    player = client_for(user)
    for url, headers in private_urls(game):
        assert player.get(url, **headers).status_code == 200, url


def test_a_finished_public_game_may_be_watched(user, other_user):
    game = make_game(creator=user, players=[other_user])
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    stranger = client_for(make_watcher())
    for url, headers in private_urls(game):
        assert stranger.get(url, **headers).status_code == 200, url
