"""Replay step by step: whose eyes, navigation, checkpoints and their cost.

Games are played through the services (seeded bots, or the timeout's default
move, which never wins); every step of them is opened for every seat and a
spectator, and the cards each page shows are checked against what that seat
could see at that step (tests/games/test_hidden.py collects them).
"""

import random
import re

import pytest

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.engines import deal as engine
from games.engines.deal.bots import random_bot, sensible_bot
from games.models import Game, GameCheckpoint, GameEvent
from games.replay import state_at
from tests.games.factories import (
    awaited_seat,
    default_move,
    fresh,
    make_game,
    move_submit_as,
    play_out,
)
from tests.games.test_hidden import (
    exposed_cards,
    forbidden_for,
    history_items,
    secret_cards,
    step,
)

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
EVERY = GameCheckpoint.EVERY


def replay_url(game, **query) -> str:
    url = reverse("games:replay", args=[game.pk])
    if query:
        url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return url


def same_page(a: bytes, b: bytes) -> bool:
    """Two pages alike but for their per-response nonce and CSRF token."""

    def plain(page: bytes) -> str:
        text = re.sub(r'nonce="[^"]*"', "", page.decode())
        text = re.sub(r'"x-csrftoken": "[^"]*"', "", text)
        return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", text)

    return plain(a) == plain(b)


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def states_by_step(game) -> dict[int, engine.State]:
    """The state after every event, replayed here from the rows."""
    state, states = None, {}
    for row in GameEvent.objects.filter(game=game).order_by("seq"):
        state = engine.evolve(state, row.event(game.engine))
        states[row.seq] = state
    return states


def step_text(page: str) -> str:
    match = re.search(r'<span class="replay__text">(.*?)</span>', page, re.S)
    assert match, "no step line"
    return match.group(1)


def revealed_hands(page: str) -> dict[int, set[int]]:
    """Cards drawn in each seat's open hand (`seat__revealed`), by seat."""
    hands = {}
    seats = re.split(
        r'(?=<section id="seat-\d+")', page.split('<aside id="history"')[0]
    )
    for block in seats[1:]:
        seat = int(re.match(r'<section id="seat-(\d+)"', block).group(1))
        seat_only = block.split("</section>")[0]
        _, _, shown = seat_only.partition('class="seat__revealed"')
        hands[seat] = {int(c) for c in re.findall(r'data-card="(\d+)"', shown)}
    return hands


def assert_replay_keeps_secrets(game, client, viewer, states, steps):
    """Each step's replay shows `viewer` nothing it could not see then."""
    events = {
        row.seq: row.event(game.engine) for row in GameEvent.objects.filter(game=game)
    }
    for number in steps:
        response = client.get(replay_url(game, step=number), **HTMX)
        assert response.status_code == 200, (number, viewer)
        page = response.content.decode()
        state = states[number]
        leaked = exposed_cards(page) & forbidden_for(state, viewer)
        assert not leaked, (number, viewer, sorted(leaked))
        if viewer is not None:
            assert set(state.players[viewer].hand) <= exposed_cards(page)
        for card in secret_cards(events[number], viewer):
            assert engine.DECK[card].name not in step_text(page), number
        for seq, text in history_items(page):
            assert seq <= number, "a line from after the step"
            for card in secret_cards(events[seq], viewer):
                assert engine.DECK[card].name not in text, (seq, text)


# -- whose eyes ------------------------------------------------------------------


@pytest.mark.parametrize(
    "seed, humans, bots, bot, moves",
    [
        (11, 3, 0, sensible_bot, 45),
        (12, 2, 2, random_bot, 40),
    ],
)
def test_a_running_games_replay_shows_each_seat_only_what_it_saw(
    seed, humans, bots, bot, moves, user_factory
):
    users = [user_factory(f"r{seed}p{i}") for i in range(humans)]
    rng = random.Random(seed)
    # The deal is random (the services draw from `secrets`): a game that ends
    # within `moves` is dealt again, so the replay is of a running game.
    for _ in range(5):
        game = make_game(creator=users[0], players=users[1:], bots=bots)
        for _ in range(moves):
            if fresh(game).status != Game.Status.ACTIVE:
                break
            game = step(game, rng, bot)
        game = fresh(game)
        if game.status == Game.Status.ACTIVE:
            break
    assert game.status == Game.Status.ACTIVE, "five games in a row ended early"
    states = states_by_step(game)
    clients = {game.seat_for(u).position: client_for(u) for u in users}
    clients[None] = client_for(user_factory(f"r{seed}watcher"))
    for viewer, client in clients.items():
        assert_replay_keeps_secrets(
            game, client, viewer, states, range(1, game.version + 1)
        )
        # Asking for another seat's eyes changes nothing while the game runs.
        other = 1 if viewer == 0 else 0
        page = client.get(replay_url(game, step=game.version, seat=other)).content
        leaked = exposed_cards(page.decode()) & forbidden_for(
            states[game.version], viewer
        )
        assert not leaked


def test_a_finished_game_replays_with_every_hand_open_or_one_seats_eyes(
    user, other_user, user_factory
):
    game = play_out(make_game(creator=user, players=[other_user], bots=1))
    states = states_by_step(game)
    watcher = client_for(user_factory("watcher"))
    shown_somewhere = 0
    for number in range(1, game.version + 1):
        page = watcher.get(replay_url(game, step=number), **HTMX).content.decode()
        hands = revealed_hands(page)
        state = states[number]
        for position, player in enumerate(state.players):
            assert hands[position] == set(player.hand), (number, position)
            shown_somewhere += len(player.hand)
        assert not exposed_cards(page) & set(state.draw)
    assert shown_somewhere

    # One seat's eyes: that seat's hand, nobody else's, at every step.
    for viewer in range(3):
        for number in [*range(1, game.version, 5), game.version]:
            url = replay_url(game, step=number, seat=viewer)
            page = watcher.get(url, **HTMX).content.decode()
            state = states[number]
            if not state.over:  # at the end the engine shows every hand
                assert not exposed_cards(page) & forbidden_for(state, viewer)
            assert set(state.players[viewer].hand) <= exposed_cards(page)


def test_outsiders_of_a_private_game_get_the_404_of_a_missing_id(
    user, other_user, user_factory
):
    game = make_game(creator=user, players=[other_user], public=False)
    outsider = client_for(user_factory("outsider"))
    missing = outsider.get(reverse("games:replay", args=[game.pk + 1000]))
    assert missing.status_code == 404
    for query in ({}, {"step": 3}, {"step": 3, "seat": 1}):
        response = outsider.get(replay_url(game, **query))
        assert response.status_code == 404
        assert same_page(response.content, missing.content)
    play_out(game)
    assert same_page(outsider.get(replay_url(game, step=3)).content, missing.content)
    assert client_for(other_user).get(replay_url(game, step=3)).status_code == 200


def test_a_game_that_never_started_has_nothing_to_replay(user):
    game = make_game(creator=user, seat_count=3, start=False)
    response = client_for(user).get(replay_url(game))
    assert response.status_code == 404
    assert b"nothing to replay" in response.content


# -- navigation ------------------------------------------------------------------


def controls(page: str) -> dict:
    found = re.findall(r'href="([^"]+)" hx-get="[^"]+" data-step-rel="(\w+)"', page)
    by_rel = {rel: href.replace("&amp;", "&") for href, rel in found}
    slider = re.search(r'<input id="replay-step"[^>]*>', page).group(0)
    return {
        "links": by_rel,
        "min": int(re.search(r'min="(\d+)"', slider).group(1)),
        "max": int(re.search(r'max="(\d+)"', slider).group(1)),
        "value": int(re.search(r'value="(\d+)"', slider).group(1)),
    }


def test_first_previous_next_last_and_the_slider_point_at_the_right_steps(
    two_player_game, user
):
    game, client = fresh(two_player_game), client_for(user)
    last = game.version
    assert last >= 4
    url = replay_url(game)
    cases = {1: (1, 1, 2), 3: (1, 2, 4), last: (1, last - 1, last)}
    for number, (first, previous, following) in cases.items():
        page = client.get(replay_url(game, step=number)).content.decode()
        seen = controls(page)
        assert seen["links"] == {
            "first": f"{url}?step={first}",
            "previous": f"{url}?step={previous}",
            "next": f"{url}?step={following}",
            "last": f"{url}?step={last}",
        }
        assert (seen["min"], seen["max"], seen["value"]) == (1, last, number)
        assert f"Step {number} of {last}" in page


def test_a_step_out_of_range_is_clamped_and_one_not_a_number_is_refused(
    two_player_game, user
):
    game, client = fresh(two_player_game), client_for(user)
    last = game.version
    for asked, shown in (("0", 1), ("-5", 1), ("99999", last), ("", last)):
        page = client.get(replay_url(game, step=asked)).content.decode()
        assert controls(page)["value"] == shown, asked
    assert controls(client.get(replay_url(game)).content.decode())["value"] == last
    for bad in ("abc", "1.5", "9" * 40 + "x"):
        response = client.get(replay_url(game, step=bad))
        assert response.status_code == 400
        assert b"A step is the number of an event" in response.content


def test_htmx_gets_the_replay_region_and_a_plain_request_the_whole_page(
    two_player_game, user
):
    game, client = fresh(two_player_game), client_for(user)
    full = client.get(replay_url(game, step=2)).content.decode()
    partial = client.get(replay_url(game, step=2), **HTMX).content.decode()
    assert "<html" in full and "<html" not in partial
    assert partial.lstrip().startswith('<div id="replay"')
    region = re.search(r'<div id="replay".*', full, re.S).group(0)
    assert partial.strip()[:2000] == region.strip()[:2000]
    # htmx swaps the region and pushes the step's URL.
    assert 'hx-target="#replay"' in partial and 'hx-push-url="true"' in partial
    restore = client.get(
        replay_url(game, step=2), HTTP_HX_HISTORY_RESTORE_REQUEST="true", **HTMX
    )
    assert "<html" in restore.content.decode()


def test_without_javascript_the_buttons_are_links_and_the_slider_a_get_form(
    two_player_game, user
):
    game, client = fresh(two_player_game), client_for(user)
    page = client.get(replay_url(game, step=2)).content.decode()
    for rel, href in controls(page)["links"].items():
        followed = client.get(href)
        assert followed.status_code == 200, rel
    form = re.search(r'<form class="replay__slider"[^>]*>', page).group(0)
    assert 'method="get"' in form
    assert f'action="{replay_url(game)}"' in form
    assert '<button type="submit"' in page.split('class="replay__slider"')[1]
    # No move forms, no inline script or style under the CSP.
    assert 'name="move"' not in page and "games:move" not in page
    assert "/move/" not in page
    assert not re.search(r"<script(?![^>]*\bsrc=)", page)
    assert " style=" not in page


def test_a_finished_games_seat_choice_is_kept_by_every_control(user, other_user):
    game = play_out(make_game(creator=user, players=[other_user]))
    page = client_for(user).get(replay_url(game, step=5, seat=1)).content.decode()
    for href in controls(page)["links"].values():
        assert href.endswith("&seat=1")
    assert '<input type="hidden" name="seat" value="1">' in page
    assert 'aria-current="true">Bea</a>' in page


def test_a_step_says_what_happened_even_for_quiet_events(two_player_game, user):
    game = fresh(two_player_game)
    client = client_for(user)
    quiet = GameEvent.objects.filter(game=game, type="CardsDealt", seat=None)
    dealt_to_bea = next(row.seq for row in quiet if row.data["seat"] == 1)
    line = step_text(client.get(replay_url(game, step=dealt_to_bea)).content.decode())
    assert line == "Bea was dealt 5 cards."
    line = step_text(client.get(replay_url(game, step=1)).content.decode())
    assert line.startswith("The game started with 2 players")


# -- checkpoints and cost --------------------------------------------------------


def play_defaults(game, *, until: int):
    """Everyone plays the timeout's move (never a win) until `until` events."""
    game = fresh(game)
    while game.version < until:
        seat = awaited_seat(game)
        move_submit_as(game, seat, default_move(game, seat))
        game = fresh(game)
    return game


def test_checkpoints_are_stored_every_k_events_and_equal_the_replay(
    two_player_game,
):
    game = play_defaults(two_player_game, until=3 * EVERY + 3)
    states = states_by_step(game)
    stored = GameCheckpoint.objects.filter(game=game).order_by("seq")
    assert [c.seq for c in stored] == [EVERY, 2 * EVERY, 3 * EVERY]
    for checkpoint in stored:
        assert engine.from_json(checkpoint.state) == states[checkpoint.seq]
    for number in (1, EVERY - 1, EVERY, EVERY + 1, 2 * EVERY + 7, game.version):
        assert state_at(game=game, step=number)[0] == states[number]


def test_missing_checkpoints_are_filled_in_by_the_first_replay_past_them(
    two_player_game, user
):
    game = play_defaults(two_player_game, until=3 * EVERY + 3)
    GameCheckpoint.objects.filter(game=game).delete()  # a game older than them
    client = client_for(user)
    client.get("/inbox/bell/")  # the header's bell caches its count
    url = replay_url(game, step=2 * EVERY + 5)
    with CaptureQueriesContext(connection) as first:
        assert client.get(url).status_code == 200
    seqs = GameCheckpoint.objects.filter(game=game).values_list("seq", flat=True)
    assert sorted(seqs) == [EVERY, 2 * EVERY]
    with CaptureQueriesContext(connection) as second:
        assert client.get(url).status_code == 200
    assert len(second) == len(first) - 1  # no insert the second time
    states = states_by_step(game)
    for checkpoint in GameCheckpoint.objects.filter(game=game):
        assert engine.from_json(checkpoint.state) == states[checkpoint.seq]
    assert state_at(game=game, step=3 * EVERY + 1)[0] == states[3 * EVERY + 1]
    assert GameCheckpoint.objects.filter(game=game, seq=3 * EVERY).exists()


# user (the session comes from the cache), game, seats with their users, the
# checkpoint, the events after it, the history lines.
REPLAY_QUERIES = 6


def test_a_step_costs_the_same_queries_at_event_10_and_event_1000(
    two_player_game, user, django_assert_num_queries
):
    game = play_defaults(two_player_game, until=1005)
    client = client_for(user)
    client.get(replay_url(game, step=1))  # the session, warmed
    for number in (10, 1000):
        for headers in ({}, HTMX):
            with django_assert_num_queries(REPLAY_QUERIES):
                response = client.get(replay_url(game, step=number), **headers)
            assert response.status_code == 200
            assert f"Step {number} of {game.version}" in response.content.decode()
