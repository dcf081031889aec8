"""Emails and Web Push of a classic Monopoly game speak of classic Monopoly:
the title names the game, what is owed is said in its words with the players'
names, and a sealed bid never reaches another seat's email."""

from datetime import timedelta

import pytest

from django.utils import timezone

from games import services
from games.engines import classic
from games.notifications import emails
from games.notifications.models import Notification
from games.notifications.push import push_message
from tests.engines.classic.support import Dice
from tests.games.factories import awaited_seat, fresh, make_game, move_submit_as
from tests.notifications.conftest import emails_to, html_of, sweep

pytestmark = pytest.mark.django_db

SECRET_BID = 1237
DEAL_WORDS = ("cards", "hand", "bank a card", "rent with", "play up to")


def first_and_other(game):
    first = awaited_seat(game)
    return first, game.seats.exclude(pk=first.pk).select_related("user").get()


@pytest.mark.parametrize(
    ("kind", "label", "owed", "unsaid"),
    [
        ("classic", "Classic Monopoly", "Your turn: roll the dice.", DEAL_WORDS),
        ("deal", "Monopoly Deal", "Your turn: play up to 3 cards.", ("dice",)),
    ],
)
def test_the_your_move_email_names_the_game_and_asks_in_its_words(
    clock, user, other_user, kind, label, owed, unsaid
):
    game = make_game(creator=user, players=[other_user], kind=kind)
    first, other = first_and_other(game)
    clock.past_grace()
    sweep()
    [message] = emails_to(first.user)
    title = f"{label} game {game.pk} with {other.name}"
    assert message.subject == f"It is your move in {title}"
    assert title in message.body and title in html_of(message)
    assert owed in message.body and owed in html_of(message)
    assert not any(word in message.body for word in unsaid)


def test_a_bidder_s_email_asks_for_a_sealed_bid_and_shows_no_other_bid(
    clock, monkeypatch, user, other_user
):
    game = make_game(creator=user, players=[other_user], kind="classic")
    roller = awaited_seat(game)
    bidder = game.seats.exclude(pk=roller.pk).select_related("user").get()
    monkeypatch.setattr(services.randomness, "rng", lambda: Dice(1, 2))
    move_submit_as(game, roller, classic.Roll(seat=roller.position))
    move_submit_as(game, roller, classic.DeclineBuy(seat=roller.position))
    move_submit_as(
        game, roller, classic.Bid(seat=roller.position, amounts=(SECRET_BID,))
    )
    assert fresh(game).state().auction is not None  # the bidder still to answer
    clock.past_grace()
    sweep()
    [message] = emails_to(bidder.user)
    assert message.subject == (
        f"It is your move in Classic Monopoly game {game.pk} with {roller.name}"
    )
    assert (
        "Auction of Baltic Avenue: place a sealed bid or pass. You have $1,500; "
        "nobody sees your bid until the auction closes."
    ) in message.body
    # The recent lines say a bid was placed; the bid stays sealed.
    assert f"{roller.name} placed a sealed bid." in message.body
    for text in (message.subject, message.body, html_of(message)):
        assert "1,237" not in text and "1237" not in text


def test_a_reminder_names_the_game_and_its_kind(clock, user, other_user):
    game = make_game(
        creator=user,
        players=[other_user],
        kind="classic",
        seconds_per_decision=24 * 3600,
    )
    first, other = first_and_other(game)
    clock.advance(int(timedelta(hours=19).total_seconds()))
    sweep()
    [reminder] = [m for m in emails_to(first.user) if "left for" in m.subject]
    assert reminder.subject.endswith(
        f"left for your move in Classic Monopoly game {game.pk} with {other.name}"
    )
    assert "Your turn: roll the dice." in reminder.body


def test_a_trade_offer_and_a_debt_are_told_with_names_by_push_too(user, other_user):
    game = make_game(creator=user, players=[other_user], kind="classic")
    mover = awaited_seat(game)
    other = game.seats.exclude(pk=mover.pk).get()
    offer = classic.OfferTrade(seat=mover.position, to=other.position, give_cash=10)
    move_submit_as(game, mover, offer)
    game = fresh(game)
    brief = emails.owed_brief(game, game.seats.get(pk=other.pk), timezone.now())
    assert brief.owed == (
        f"{mover.name} offered you a trade: accept, decline or counter it."
    )
    record = Notification(kind=Notification.Kind.MOVE, game=game)
    message = push_message(record, brief)
    assert message["title"] == (
        f"Your move in Classic Monopoly game {game.pk} with {mover.name}"
    )
    assert message["body"].startswith(f"{mover.name} offered you a trade")
