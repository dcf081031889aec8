"""Nothing in the inbox or a challenge shows a card its reader may not see.

Games made by a challenge are played through the services by seeded bots,
with chat messages naming the other players ("@bea"); after every move each
player's inbox page and its bell (and every tenth move and at the end, the
challenge page) are read against the table as it stands for that reader
(tests.notifications.test_hidden_cards): no name of a card in another hand or
the draw pile may appear. The lines themselves are stored text: they are read
too, and the WebSocket that rings the bell carries only {"inbox": "changed"}
(test_inbox_socket).
"""

import random
import re

import pytest

from django.test import Client

from games.chat.services import message_post
from games.engines import deal as engine
from games.engines.deal.bots import random_bot, sensible_bot
from games.models import Game
from games.notifications.models import InboxItem
from games.social import services
from tests.games.factories import fresh
from tests.games.test_hidden import step
from tests.notifications.test_hidden_cards import secret_names
from tests.social.conftest import make_challenge

pytestmark = pytest.mark.django_db

CARD_NAMES = {card.name for card in engine.DECK if not re.match(r"^\d+M$", card.name)}


def words(response) -> str:
    assert response.status_code == 200
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


@pytest.mark.parametrize(
    "seed, humans, bot",
    [(21, 3, sensible_bot), (22, 2, random_bot), (23, 4, random_bot)],
)
def test_no_inbox_line_or_challenge_names_a_card_its_reader_may_not_see(
    clock, seed, humans, bot, user_factory
):
    players = [user_factory(f"s{seed}p{i}") for i in range(humans)]
    challenge = make_challenge(*players, seat_count=humans + 1)
    for player in players[1:]:
        services.challenge_answer(challenge_id=challenge.pk, user=player, accept=True)
    challenge.refresh_from_db()
    game = challenge.game
    seats = {seat.user_id: seat.position for seat in game.seats.all() if seat.user_id}
    clients = {}
    for player in players:
        clients[player.pk] = Client()
        clients[player.pk].force_login(player)
    rng = random.Random(seed)
    checked = 0
    for turn in range(60):
        if fresh(game).status != Game.Status.ACTIVE:
            break
        clock.advance(31 * 60)
        speaker = players[turn % humans]
        named = players[(turn + 1) % humans]
        message_post(
            game_id=game.pk,
            user=speaker,
            room="players",
            text=f"@{named.username} your turn soon",
        )
        game = step(game, rng, bot)
        # The challenge page tells of the game, not its moves: read every
        # tenth turn and once the game is over.
        over = fresh(game).status != Game.Status.ACTIVE
        pages = ["/inbox/", "/inbox/bell/"]
        if turn % 10 == 0 or over:
            pages.append(f"/challenges/{challenge.pk}/")
        for player in players:
            secret = secret_names(fresh(game), seats[player.pk])
            client = clients[player.pk]
            seen = " ".join(
                [
                    *(words(client.get(page)) for page in pages),
                    " ".join(
                        InboxItem.objects.filter(user=player).values_list(
                            "text", flat=True
                        )
                    ),
                ]
            )
            leaked = {name for name in secret if name in seen}
            assert not leaked, (player.username, leaked)
            checked += 1
    assert checked > humans * 10
    # The lines are about the games, never their cards: no card is named.
    texts = " ".join(InboxItem.objects.values_list("text", flat=True))
    assert InboxItem.objects.filter(kind="move").exists()
    assert InboxItem.objects.filter(kind="mention").exists()
    assert not {name for name in CARD_NAMES if name in texts}
