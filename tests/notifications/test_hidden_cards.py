"""No email names a card its reader may not see.

Games are played through the services by seeded bots; before each move the
clock passes the grace time and the reminder time, the sweep sends what is
due, and every new email (text and HTML) is read against the table as it
stands for its reader: no name of a card in another hand or the draw pile may
appear, unless the reader may see a card of that name anyway (one on the
table, in their own hand, or one they drew or were dealt), as the history
may tell them. Money names ("2M") are amounts in sentences and not checked.
"""

import random
import re

import pytest

from django.core import mail

from games.engines import deal as engine
from games.engines.deal.bots import random_bot, sensible_bot
from games.models import Game, GameEvent
from games.notifications import tasks
from tests.games.factories import fresh, make_game
from tests.games.test_hidden import forbidden_for, step
from tests.notifications.conftest import html_of, sweep

pytestmark = pytest.mark.django_db

MONEY = re.compile(r"^\d+M$")


def seen_by(game: Game, viewer: int) -> set[int]:
    """Cards `viewer` was dealt, drew or discarded: they may be named to them."""
    own = (engine.CardsDealt, engine.CardsDrawn, engine.HandDiscarded)
    seen = set()
    for row in GameEvent.objects.filter(game=game):
        event = row.event(game.engine)
        if isinstance(event, own) and event.seat == viewer:
            seen |= set(event.cards)
    return seen


def secret_names(game: Game, viewer: int) -> set[str]:
    state = game.state()
    forbidden = forbidden_for(state, viewer)
    visible = (set(range(len(engine.DECK))) - forbidden) | seen_by(game, viewer)
    allowed = {engine.DECK[c].name for c in visible}
    names = {engine.DECK[c].name for c in forbidden} - allowed
    return {name for name in names if not MONEY.match(name)}


def check_new_emails(game: Game, already: int, users: dict) -> int:
    game = fresh(game)
    for message in mail.outbox[already:]:
        seat = users.get(message.to[0])
        if seat is None or f"/games/{game.pk}/" not in message.body:
            continue
        text = message.body + html_of(message)
        leaked = {name for name in secret_names(game, seat) if name in text}
        assert not leaked, (message.subject, seat, leaked)
    return len(mail.outbox)


@pytest.mark.parametrize(
    "seed, humans, bots, bot",
    [(11, 3, 0, sensible_bot), (12, 2, 1, random_bot), (13, 4, 0, random_bot)],
)
def test_no_email_names_a_card_its_reader_may_not_see(
    clock, seed, humans, bots, bot, user_factory
):
    players = [
        user_factory(f"h{seed}p{i}", notify="daily_digest" if i == 1 else "each_move")
        for i in range(humans)
    ]
    game = make_game(creator=players[0], players=players[1:], bots=bots)
    users = {
        seat.user.email: seat.position
        for seat in game.seats.select_related("user")
        if seat.user
    }
    rng = random.Random(seed)
    sent = 0
    drew_lines = 0
    for _ in range(60):
        if fresh(game).status != Game.Status.ACTIVE:
            break
        clock.advance(31 * 60)  # past the grace time and the reminder time
        sweep()
        tasks.digests_start()
        drew_lines += sum("You drew " in m.body for m in mail.outbox[sent:])
        sent = check_new_emails(game, sent, users)
        game = step(game, rng, bot)
    # Move emails and reminders went out (a digest too when its reader had
    # something to be told at 08:00: checked the same way).
    assert any(m.subject.startswith("It is your move") for m in mail.outbox)
    assert any("left for your move" in m.subject for m in mail.outbox)
    assert drew_lines  # emails do name the reader's own cards
