"""What the QA walkthrough asked of the table's markup: clear labels, a way for
the host to cancel, a visible way back from the history, no discard picker
during a turn."""

import re

import pytest

from django.urls import reverse

from games.models import Game
from tests.games.factories import fresh, make_game
from tests.games.test_views import client_for, prompt_of, rig

pytestmark = pytest.mark.django_db


def test_the_host_sees_what_the_bots_button_does_and_may_cancel(user):
    game = make_game(creator=user, seat_count=3, start=False)
    host = client_for(user)
    html = host.get(game.get_absolute_url()).content.decode()
    assert "Fill empty seats with bots and start" in html
    # Asked first: the button that cancels is inside a fold that asks.
    assert re.search(
        r"<summary>Cancel this table…</summary><form[^>]*>.*?"
        r"This cannot be undone\..*?Yes, cancel it</button>",
        html,
        re.S,
    )
    response = host.post(reverse("games:leave", args=[game.pk]), follow=True)
    assert fresh(game).status == Game.Status.ABANDONED
    assert "You cancelled the table." in response.content.decode()


def test_a_guest_is_not_offered_to_cancel(user, other_user):
    game = make_game(creator=user, players=[other_user], seat_count=3, start=False)
    html = client_for(other_user).get(game.get_absolute_url()).content.decode()
    assert "Cancel this table" not in html
    assert "Leave this table" in html


def test_the_history_page_has_a_button_back_to_the_table(two_player_game, user):
    url = reverse("games:history", args=[two_player_game.pk])
    html = client_for(user).get(url).content.decode()
    back = f'<a class="btn btn--play" href="{two_player_game.get_absolute_url()}">'
    assert back in html


def test_a_turn_with_a_big_hand_offers_no_discard_picker(user, other_user):
    game = make_game(creator=user, players=[other_user])
    game = rig(
        game,
        """
        seats: 2
        turn: 0
        0 hand: 1M, 2M, 3M, 4M, 5M, Pass Go, Sly Deal, Boardwalk, Park Place
        """,
    )
    prompt = prompt_of(client_for(user).get(game.get_absolute_url()).content.decode())
    assert "Your turn" in prompt
    assert "picker--discard" not in prompt
    assert "None" not in prompt


def test_a_turn_with_no_plays_left_does_not_invite_more(user, other_user):
    from tests.games.test_views import client_for, rig

    game = rig(
        make_game(creator=user, players=[other_user]),
        "seats: 2\nturn: 0\nplays: 3\n0 hand: 1M, Pass Go",
    )
    html = client_for(user).get(game.get_absolute_url()).content.decode()
    assert "No plays left this turn: end it when you are ready." in html
    assert "0 plays left" not in html and "see what it can do" not in html
