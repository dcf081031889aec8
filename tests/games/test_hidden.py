"""No page, partial or history line shows a seat another seat's hand or the draw pile.

Games are played through the services by seeded bots to several points; at each
one every page is rendered for every seat and for a spectator. Every card the
HTML exposes is collected: card faces (`data-card`), the picker checkboxes
(`name="cards"`), and every card named in a move button's engine JSON. None of
them may be in another hand or the draw pile. History lines about another
seat's secret cards (deals, draws, discards to the draw pile) must not name them.
"""

import html as htmllib
import json
import random
import re

import pytest

from django.test import Client
from django.urls import reverse

from games import pushed, services
from games.engines import deal as engine
from games.engines.deal.bots import random_bot, sensible_bot
from games.models import Game, GameEvent
from tests.games.factories import awaited_seats, fresh, make_game, move_submit_as

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
CHECKPOINTS = (0, 10, 35, 80, 140)
MOVE_CARD_FIELDS = ("card", "take", "give")
MOVE_CARDS_FIELDS = ("cards", "doubles")


def exposed_cards(page: str) -> set[int]:
    """Every card id a page gives away, in any form."""
    shown = {int(c) for c in re.findall(r'data-card="(\d+)"', page)}
    shown |= {int(c) for c in re.findall(r'name="cards" value="(\d+)"', page)}
    for raw in re.findall(r'name="move" value="([^"]*)"', page):
        move = json.loads(htmllib.unescape(raw))
        shown |= {move[f] for f in MOVE_CARD_FIELDS if move.get(f) is not None}
        for f in MOVE_CARDS_FIELDS:
            shown |= set(move.get(f) or ())
    return shown


def history_items(page: str) -> list[tuple[int, str]]:
    return [
        (int(seq), htmllib.unescape(re.sub(r"<[^>]+>", "", text)))
        for seq, text in re.findall(r'<li data-seq="(\d+)">(.*?)</li>', page, re.S)
    ]


def secret_cards(event, viewer: int | None) -> tuple[int, ...]:
    """The cards an event hides from `viewer`."""
    hidden_kinds = (engine.CardsDealt, engine.CardsDrawn)
    if isinstance(event, hidden_kinds) and event.seat != viewer:
        return event.cards
    if (
        isinstance(event, engine.HandDiscarded)
        and event.to_draw_pile
        and event.seat != viewer
    ):
        return event.cards
    return ()


def forbidden_for(state, viewer: int | None) -> set[int]:
    hidden = set(state.draw)
    for position, player in enumerate(state.players):
        if position != viewer:
            hidden |= set(player.hand)
    return hidden


def assert_history_keeps_secrets(game: Game, page: str, viewer: int | None):
    items = history_items(page)
    events = {
        row.seq: row.event(game.engine)
        for row in GameEvent.objects.filter(game=game, seq__in=[s for s, _ in items])
    }
    for seq, text in items:
        for card in secret_cards(events[seq], viewer):
            assert engine.DECK[card].name not in text, (seq, text)


def check_every_page(game: Game, clients: dict[int | None, Client], users=None):
    """Every page for every viewer; with `users` (viewer -> user) the table
    the socket pushes them too (games.pushed): the GET's partial, the same
    checks."""
    game = fresh(game)
    state = game.state()
    pages = {
        "table": (game.get_absolute_url(), {}),
        "partial": (game.get_absolute_url(), HTMX),
        "history": (reverse("games:history", args=[game.pk]), {}),
        "mine": (reverse("games:mine"), {}),
        "lobby": (reverse("games:lobby"), {}),
        "version": (reverse("games:version", args=[game.pk]), {}),
    }
    for viewer, client in clients.items():
        forbidden = forbidden_for(state, viewer)
        for name, (url, headers) in pages.items():
            response = client.get(url, **headers)
            assert response.status_code == 200, (name, viewer)
            page = response.content.decode()
            leaked = exposed_cards(page) & forbidden
            assert not leaked, (name, viewer, sorted(leaked))
            if name in ("table", "partial", "history"):
                assert_history_keeps_secrets(game, page, viewer)
            if name == "table" and viewer is not None:
                hand = set(state.players[viewer].hand)
                assert hand <= exposed_cards(page), "own hand not drawn as cards"
            if name == "partial" and users is not None:
                pushed.renders.clear()
                stamp, html = pushed.table_for(
                    game_id=game.pk, stamp=game.stamp, user=users[viewer]
                )
                assert stamp == game.stamp
                assert not exposed_cards(html) & forbidden, (viewer, "pushed")
                assert_history_keeps_secrets(game, html, viewer)
                tokens = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')
                assert tokens.sub("", html) == tokens.sub("", page)


def step(game: Game, rng: random.Random, bot) -> Game:
    game = fresh(game)
    seat = awaited_seats(game)[0]
    if seat.bot:
        services.bots_play(game_id=game.pk, version=game.version)
    else:
        move_submit_as(game, seat, bot(game.state(), seat.position, rng))
    return fresh(game)


@pytest.mark.parametrize(
    "seed, humans, bots, bot",
    [
        (1, 3, 0, sensible_bot),
        (2, 2, 0, random_bot),
        (3, 2, 2, sensible_bot),
        (4, 4, 0, random_bot),
    ],
)
def test_no_page_shows_another_hand_or_the_draw_pile(
    seed, humans, bots, bot, user_factory
):
    users = [user_factory(f"g{seed}p{i}") for i in range(humans)]
    game = make_game(creator=users[0], players=users[1:], bots=bots)
    clients: dict[int | None, Client] = {}
    viewers = {}
    for user in [*users, user_factory(f"g{seed}watcher")]:
        client = Client()
        client.force_login(user)
        seat = game.seat_for(user)
        clients[seat.position if seat else None] = client
        viewers[seat.position if seat else None] = user

    rng = random.Random(seed)
    moves = 0
    for checkpoint in CHECKPOINTS:
        while moves < checkpoint and game.status == Game.Status.ACTIVE:
            game = step(game, rng, bot)
            moves += 1
        if game.status != Game.Status.ACTIVE:
            break
        check_every_page(game, clients, viewers)


def test_the_check_catches_a_card_shown_where_it_should_not_be():
    """The extraction is sound: a face, a checkbox or a move naming a card."""
    face = '<div class="card" data-card="17">'
    box = '<input type="checkbox" name="cards" value="23">'
    move = json.dumps({"type": "SlyDeal", "card": 1, "take": 40, "target": 1})
    button = f'<input type="hidden" name="move" value="{htmllib.escape(move)}">'
    assert exposed_cards(face + box + button) == {17, 23, 1, 40}
