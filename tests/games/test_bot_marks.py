"""The BOT mark wherever a bot account's name shows (games.bot_marks): the
history's lines (Deal and classic; the table's, the whole history, a
replay's), the classic table's players, My games, the waiting room, the
tournament page, the chat; never after a person's name nor a house bot's,
the lines' words otherwise unchanged for every seat, and no query more."""

import random
import re

import pytest

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import conditional_escape

from games import selectors, services
from games.bot_marks import BOT_MARK, marked_name, with_bot_marks
from games.chat import services as chat
from games.models import Game
from games.tournaments import tasks
from games.tournaments.models import Tournament
from tests.games.factories import (
    awaited_seat,
    awaited_seats,
    fresh,
    make_game,
    move_submit_as,
    seat_at,
)
from tests.games.tournaments.test_lifecycle import make, start

pytestmark = pytest.mark.django_db

MARK = '<span class="tag tag--bot"'


def marked(page: str, name: str) -> bool:
    """Whether `name` shows in `page` followed by the BOT mark (past the
    link or bold around it)."""
    return bool(re.search(rf"{re.escape(name)}(</a>|</b>)* {re.escape(MARK)}", page))


def shown_unmarked(page: str, name: str) -> bool:
    return name in page and not marked(page, name)


def part(page: str, start: str, end: str) -> str:
    """The page from `start` to the next `end`."""
    at = page.index(start)
    return page[at : page.index(end, at)]


@pytest.fixture
def robo(user_factory):
    return user_factory("robo", display_name="Robo", is_bot=True)


@pytest.fixture
def viewer(user):
    client = Client()
    client.force_login(user)
    client.get("/inbox/bell/")  # the header's bell caches its count
    return client


def played(game, moves=12):
    """The game after some sensible moves (the house bots' by their task),
    a history to tell."""
    rng = random.Random(0)
    for _ in range(moves):
        game = fresh(game)
        if game.status != Game.Status.ACTIVE:
            break
        if services.bots_play(game_id=game.pk, version=game.version):
            continue
        seat = awaited_seat(game)
        move = game.game_kind.sensible_move(game.state(), seat.position, rng)
        move_submit_as(game, seat, move)
    return fresh(game)


def get(client, url) -> str:
    answer = client.get(url)
    assert answer.status_code == 200
    return answer.content.decode()


def queries(client, url) -> int:
    client.get(url)  # warm the session and caches
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_the_mark_says_bot_account_to_a_screen_reader():
    assert '<span aria-hidden="true">BOT</span>' in BOT_MARK
    assert '<span class="sr"> (bot account)</span>' in BOT_MARK
    escaped = marked_name("<b>Robo</b>", True)
    assert escaped == "&lt;b&gt;Robo&lt;/b&gt;" + BOT_MARK
    assert marked_name("<b>Ada</b>", False) == "<b>Ada</b>"  # the template escapes
    assert with_bot_marks("Ada paid 2M.") == "Ada paid 2M."


@pytest.mark.parametrize("kind", ["deal", "classic"])
def test_history_lines_mark_a_bot_accounts_name_and_tell_the_same_words(
    user, other_user, robo, kind
):
    game = played(make_game(creator=user, players=[other_user, robo], kind=kind))
    game, _ = selectors.game_for_viewer(game_id=game.pk, user=user)
    for viewer in (0, 1, 2, None):
        plain = selectors.history_lines(game=game, viewer=viewer, limit=None)
        shown = selectors.history_lines(
            game=game, viewer=viewer, limit=None, marked=True
        )
        assert [line["seq"] for line in shown] == [line["seq"] for line in plain]
        for mine, told in zip(shown, plain, strict=True):
            # Only the name's decoration differs: never a card more or less.
            assert conditional_escape(mine["text"]).replace(
                BOT_MARK, ""
            ) == conditional_escape(told["text"])
            assert MARK not in told["text"]
        texts = " ".join(str(line["text"]) for line in shown)
        if viewer != 2:  # Robo's own lines say "You"
            assert marked(texts, "Robo"), (kind, viewer)
        if viewer != 1:
            assert shown_unmarked(texts, "Bea"), (kind, viewer)


def test_a_game_without_bot_accounts_tells_plain_lines(user, other_user):
    game = played(make_game(creator=user, players=[other_user], bots=1))
    game, _ = selectors.game_for_viewer(game_id=game.pk, user=user)
    lines = selectors.history_lines(game=game, viewer=0, marked=True)
    assert lines and all(type(line["text"]) is str for line in lines)
    assert not any(MARK in line["text"] for line in lines)


@pytest.mark.parametrize("kind", ["deal", "classic"])
def test_the_table_marks_the_bot_account_in_its_seats_and_history(
    viewer, user, other_user, robo, kind
):
    game = played(make_game(creator=user, players=[other_user, robo], kind=kind))
    page = get(viewer, game.get_absolute_url())
    history = part(page, 'class="history__lines"', "</ol>")
    assert marked(history, "Robo") and shown_unmarked(history, "Bea")
    if kind == "classic":
        players = part(page, 'class="cplayers"', "</section>")
        assert marked(players, "Robo") and shown_unmarked(players, "Bea")
        assert players.count(MARK) == 1
    else:
        assert marked(page, 'class="seat__name">Robo')
        assert shown_unmarked(page, 'class="seat__name">Bea')
    whole = get(viewer, reverse("games:history", args=[game.pk]))
    whole = part(whole, 'class="history__lines', "</ol>")
    assert marked(whole, "Robo") and shown_unmarked(whole, "Bea")


@pytest.mark.parametrize("kind", ["deal", "classic"])
def test_the_status_line_and_the_wait_mark_the_awaited_bot_account(
    viewer, user, other_user, robo, kind
):
    game = make_game(creator=robo, players=[user, other_user], kind=kind)
    # Robo alone owes a decision (a Birthday asks every other seat at once,
    # and the status line then speaks of the viewer's own answer).
    while [s.user for s in awaited_seats(game)] != [robo]:
        game = played(game, moves=1)
    page = get(viewer, game.get_absolute_url())
    status = part(page, 'class="status__line', "</p>")
    assert marked(status, "Robo"), status
    wait = part(page, 'class="prompt__wait"', "</p>")
    assert marked(wait, "Robo"), wait
    bea = Client()
    bea.force_login(other_user)
    page = get(bea, game.get_absolute_url())
    assert marked(part(page, 'class="status__line', "</p>"), "Robo")


def test_a_house_bot_carries_no_bot_account_mark(viewer, user, other_user):
    game = played(make_game(creator=user, players=[other_user], bots=1))
    page = get(viewer, game.get_absolute_url())
    assert "Bot 3 (sensible)" in page and MARK not in page


def test_the_classic_end_screen_marks_the_bot_account(viewer, user, other_user, robo):
    game = make_game(creator=user, players=[robo, other_user], kind="classic")
    services.game_resign(game_id=game.pk, user=other_user)
    services.game_resign(game_id=game.pk, user=user)
    assert fresh(game).status == Game.Status.FINISHED
    page = get(viewer, game.get_absolute_url())
    assert marked(page, "</span> Robo") and shown_unmarked(page, "</span> Bea")


@pytest.mark.parametrize("kind", ["deal", "classic"])
def test_a_replay_marks_the_bot_account_in_its_lines_and_views(
    viewer, user, robo, kind
):
    game = make_game(creator=user, players=[robo], kind=kind)
    services.game_resign(game_id=game.pk, user=user)  # over: every view offered
    game = fresh(game)
    url = reverse("games:replay", args=[game.pk])
    page = get(viewer, f"{url}?step={game.version}&seat=1")
    views = part(page, 'class="replay__views"', "</ul>")
    assert marked(views, "Robo") and shown_unmarked(views, "Ada")
    assert marked(part(page, 'class="replay__eyes"', "</p>"), "As Robo")
    page = get(viewer, f"{url}?step={game.version}")  # the whole table
    assert marked(part(page, 'class="replay__text"', "</p>"), "Robo")  # won
    history = part(page, 'class="history__lines"', "</ol>")
    assert marked(history, "Robo") and shown_unmarked(history, "Ada")


def test_the_chart_and_the_review_mark_the_bot_account(viewer, user, robo):
    from tests.games.reviews.test_reviews import scripted_review

    game = played(make_game(creator=user, players=[robo]), moves=12)
    services.game_resign(game_id=game.pk, user=user)
    game = fresh(game)
    table = get(viewer, game.get_absolute_url())
    chart = part(table, 'id="chart"', "</section>")
    assert marked(chart, 'class="chart__name">Robo')
    assert shown_unmarked(chart, 'class="chart__name">Ada')
    scripted_review(game)  # a turning point of Robo's
    review = get(viewer, reverse("games:review", args=[game.pk]))
    assert re.search(rf"Robo{re.escape(BOT_MARK)} \+25%", review)
    assert marked(review, 'class="chart__name">Robo')
    assert shown_unmarked(review, 'class="chart__name">Ada')


def test_my_games_marks_the_bot_account_in_its_rows(viewer, user, other_user, robo):
    make_game(creator=user, players=[other_user, robo])
    won = make_game(creator=user, players=[robo])
    services.game_resign(game_id=won.pk, user=user)
    page = get(viewer, reverse("games:mine"))
    assert marked(page, "Robo") and shown_unmarked(page, "Bea")
    assert re.search(rf"Robo{re.escape(BOT_MARK)} won", page)


def test_the_waiting_room_and_the_invitation_mark_the_bot_account(
    viewer, user, robo, user_factory
):
    game = make_game(creator=robo, seat_count=3, start=False)
    services.game_join(game_id=game.pk, user=user)
    room = get(viewer, game.get_absolute_url())
    seats = part(room, 'class="waiting__seats', "</ol>")
    assert marked(seats, "Robo") and shown_unmarked(seats, "Ada")
    cleo = Client()
    cleo.force_login(user_factory("cleo", display_name="Cleo"))
    invitation = get(cleo, reverse("games:join", args=[game.invite_token]))
    assert marked(invitation, "Robo") and shown_unmarked(invitation, "Ada")


def test_the_chat_marks_a_bot_accounts_message(viewer, user, robo):
    game = make_game(creator=user, players=[robo])
    chat.message_post(game_id=game.pk, user=robo, room="players", text="gg")
    chat.message_post(game_id=game.pk, user=user, room="players", text="hi")
    page = get(viewer, reverse("chat:chat", args=[game.pk]))
    assert marked(page, 'class="chat__author">Robo')
    assert shown_unmarked(page, 'class="chat__author">Ada')


def test_challenges_and_friends_mark_the_bot_account(viewer, user, other_user, robo):
    from games.social import services as social

    for a, b in ((robo, user), (user, robo), (other_user, user), (user, other_user)):
        social.follow(user=a, username=b.username)
    social.challenge_create(
        challenger=robo,
        usernames=["ada", "bea"],
        seat_count=3,
        seconds_per_decision=3600,
        rated=False,
    )
    mine = get(viewer, reverse("games:mine"))
    row = part(mine, 'class="game-row challenge-row', "</article>")
    assert marked(row, "Robo") and shown_unmarked(row, "Bea")
    friends = get(viewer, reverse("social:friends"))
    assert marked(part(friends, 'data-user="robo"', "</article>"), "Robo")
    assert shown_unmarked(part(friends, 'data-user="bea"', "</article>"), "Bea")


def test_the_tournament_page_marks_the_bot_account(viewer, user, other_user, robo):
    from games.tournaments import services as tournaments

    tournament = make(
        user, bots=1, format=Tournament.Format.ROUND_ROBIN, rounds=0, seats=2
    )
    for player in (other_user, robo):
        tournaments.tournament_join(tournament_id=tournament.pk, user=player)
    tournament = start(tournament)
    for pairing in tournament.pairings.exclude(game=None).select_related("game"):
        loser = pairing.game.seats.filter(user__in=[user, other_user]).first()
        if loser is not None:
            services.game_resign(game_id=pairing.game_id, user=loser.user)
    tasks.tournaments_sweep()
    page = get(viewer, tournament.get_absolute_url())
    for section in (
        part(page, 'id="standings"', "</table>"),
        part(page, 'id="round-1"', "</ul>"),
        part(page, 'id="crosstable"', "</table>"),
    ):
        assert marked(section, "Robo"), section
        assert shown_unmarked(section, "Bea"), section


def test_the_pages_cost_no_query_more_with_a_bot_account(
    viewer, user, other_user, user_factory
):
    """The mark reads the seats' users the page has already read."""
    cy = user_factory("cy", display_name="Cy")
    robo = user_factory("robo", display_name="Robo", is_bot=True)
    from games.rematch import services as rematches

    counts = {}
    for third in (cy, robo):
        deal = played(make_game(creator=user, players=[other_user, third]))
        classic = played(
            make_game(creator=user, players=[other_user, third], kind="classic")
        )
        waiting = make_game(creator=third, players=[other_user], start=False)
        over = make_game(creator=user, players=[third])
        services.game_resign(game_id=over.pk, user=user)
        rematches.rematch_offer(game_id=over.pk, user=user, seen=None)
        counts[third.username] = [
            queries(viewer, url)
            for url in (
                deal.get_absolute_url(),
                classic.get_absolute_url(),
                reverse("games:history", args=[deal.pk]),
                reverse("games:replay", args=[classic.pk]) + "?step=3",
                reverse("games:mine"),
                reverse("games:lobby"),
                over.get_absolute_url(),
            )
        ]
        waiting.delete()  # the lobby lists one table each time
    assert counts["robo"] == counts["cy"], counts


def test_a_possessive_keeps_its_s_against_the_mark():
    """ "Robo BOT's turn.": no space between the mark and the "'s"
    (docs/bot-api.md says why the engines' sentences keep the possessive)."""
    told = with_bot_marks("Robo\x1f's turn.")
    assert told == "Robo" + BOT_MARK + "&#x27;s turn."


def test_a_title_attribute_says_bot_account_in_plain_text(robo, user):
    from games.bot_marks import bot_words

    assert bot_words(robo) == " (bot account)" and bot_words(True) == bot_words(robo)
    assert bot_words(user) == "" and bot_words(None) == ""


def test_the_lobby_and_my_games_avatars_say_bot_account_in_their_title(
    viewer, user, other_user, robo
):
    make_game(creator=robo, players=[other_user], seat_count=3, start=False)
    lobby = get(viewer, reverse("games:lobby"))
    assert 'title="Robo (bot account)">R</span>' in lobby
    assert 'title="Bea">B</span>' in lobby
    make_game(creator=user, players=[other_user, robo])
    mine = get(viewer, reverse("games:mine"))
    assert 'title="Robo (bot account)">R</span>' in mine
    assert 'title="Bea">B</span>' in mine


# The classic table's other places, rendered from the engine's positions as
# tests/kinds/classic/test_table.py does: Ann, Bea, Cy (and Dee) by seat.


def classic(state, seat, bot_accounts=frozenset()) -> str:
    from django.template.loader import render_to_string

    from games.engines.classic import view
    from games.kinds.classic import TEMPLATE, table_context
    from tests.kinds.classic.positions import NAMES, URLS, VERSION

    names = NAMES[: len(state.players)]
    context = table_context(
        view(state, seat), seat, names, urls=URLS, bot_accounts=bot_accounts
    )
    context |= {"game": {"version": VERSION}, "error": ""}
    return render_to_string(TEMPLATE, context)


def test_the_classic_title_deeds_say_a_bot_account_holds_them():
    from tests.kinds.classic import positions

    state = positions.roll()  # Bea holds St. James Place, Ann Boardwalk
    # The board's deeds are memo fragments, kept by their values: the plain
    # page first, then the marked one, then the plain one again.
    for bots in (frozenset(), frozenset({1}), frozenset()):
        html = classic(state, 0, bots)
        deed = part(html, 'id="deed-16"', "</div>")
        assert "Held by Bea" in deed
        assert (MARK in deed) == bool(bots), deed
        assert marked(deed, "Held by Bea") == bool(bots)
        # Its group's other deeds, Bea's among them, say who holds them.
        assert marked(deed, "Tennessee Avenue, Bea") == bool(bots)
        boardwalk = part(html, 'id="deed-39"', "</div>")
        assert "Held by you" in boardwalk and MARK not in boardwalk


def test_classic_trade_offers_mark_the_bot_account_they_are_with():
    from tests.kinds.classic import positions

    state = positions.offer()  # Bea offered Ann a trade
    ann = classic(state, 0, frozenset({1}))
    assert marked(ann, '<h3 class="coffer__title">Bea')
    assert "offers you a trade" in ann
    offer = part(ann, 'class="coffer__lines"', "</ul>")
    assert marked(offer, "<li>Bea") and marked(offer, "You give Bea")
    assert "Get Out of Jail Free (Community Chest)." in offer  # the same words
    bea = classic(state, 1, frozenset({0}))
    assert marked(bea, "Your offer to Ann")
    plain = classic(state, 0, frozenset({2}))
    assert shown_unmarked(plain, '<h3 class="coffer__title">Bea')
    assert MARK not in part(plain, 'class="coffer__lines"', "</ul>")
    # The trade forms, one a player: "With Bea", marked.
    forms = classic(positions.roll(), 0, frozenset({1}))
    assert marked(forms, "<summary>With Bea") and "<summary>With Cy</summary>" in forms


def test_the_classic_auction_marks_a_bot_accounts_name_among_its_bidders():
    from tests.kinds.classic import positions
    from tests.kinds.classic.positions import bid_of

    state = positions.auction((bid_of(0, 137),))  # Ann bid; Bea, Cy to answer
    html = classic(state, 2, frozenset({0}))
    auction = part(html, 'class="cprompt__auction"', "</p>")
    assert marked(auction, "sealed bids from Ann"), auction
    assert shown_unmarked(auction, "Bea")
    html = classic(state, 2, frozenset({1}))
    auction = part(html, 'class="cprompt__auction"', "</p>")
    assert marked(auction, "waiting for you and Bea"), auction
    assert shown_unmarked(auction, "Ann")
    assert "$137" not in auction  # still sealed


# The Deal table's other places.


def test_the_deal_pending_action_marks_a_bot_account_among_its_targets(
    viewer, user, other_user, robo
):
    from games.engines import deal as engine
    from tests.games.test_views import rig

    game = rig(
        make_game(creator=user, players=[robo, other_user]),
        """
        seats: 3
        turn: 0
        0 hand: It's My Birthday, 1M
        1 bank: 2M
        2 bank: 2M
        """,
    )
    birthday = next(
        m for m in engine.legal_moves(game.state(), 0) if isinstance(m, engine.Birthday)
    )
    game = move_submit_as(game, seat_at(game, 0), birthday)
    pending = part(get(viewer, game.get_absolute_url()), 'class="pending"', "</ul>")
    assert marked(pending, "<li>Robo") and shown_unmarked(pending, "<li>Bea")
    assert shown_unmarked(pending, "<b>You</b>")  # Ada reads it


def test_the_deal_pay_prompt_and_the_pending_action_mark_the_bot_account(
    viewer, user, robo
):
    from games.engines import deal as engine
    from tests.games.test_views import rig

    game = rig(
        make_game(creator=robo, players=[user]),
        """
        seats: 2
        turn: 0
        0 hand: Debt Collector, 1M
        1 bank: 2M, 3M
        """,
    )
    collect = next(
        m
        for m in engine.legal_moves(game.state(), 0)
        if isinstance(m, engine.CollectDebt)
    )
    game = move_submit_as(game, seat_at(game, 0), collect)
    pending = part(get(viewer, game.get_absolute_url()), 'class="pending"', "</ul>")
    assert marked(pending, "<b>Robo</b>") and shown_unmarked(pending, "<li>You")
    game = move_submit_as(game, seat_at(game, 1), engine.Accept(seat=1))
    title = part(get(viewer, game.get_absolute_url()), 'id="prompt-title"', "</h2>")
    assert marked(title, "Pay Robo"), title
    assert re.search(rf"Pay Robo{re.escape(BOT_MARK)} 5M", title)


def test_a_bot_account_away_is_marked_on_the_table(viewer, user, other_user, robo):
    from datetime import timedelta

    from django.utils import timezone

    from accounts.services import vacation_start

    game = make_game(creator=user, players=[robo, other_user])
    vacation_start(user=robo, until=timezone.now() + timedelta(days=3))
    vacation_start(user=other_user, until=timezone.now() + timedelta(days=3))
    page = get(viewer, fresh(game).get_absolute_url())
    assert marked(page, "Robo") and re.search(
        rf"Robo{re.escape(BOT_MARK)} is away until", page
    )
    assert "Bea is away until" in page


def test_the_rematch_line_marks_the_bot_account_still_to_accept(
    viewer, user, other_user, robo
):
    from games.rematch import services as rematches

    game = make_game(creator=user, players=[robo, other_user])
    services.game_resign(game_id=game.pk, user=user)
    services.game_resign(game_id=game.pk, user=other_user)
    game = fresh(game)
    assert game.status == Game.Status.FINISHED
    rematches.rematch_offer(game_id=game.pk, user=user, seen=None)
    rematch = part(get(viewer, game.get_absolute_url()), 'id="rematch"', "</p>")
    assert "Waiting for" in rematch
    assert marked(rematch, "Robo") and shown_unmarked(rematch, "Bea")
    bea = Client()
    bea.force_login(other_user)
    rematch = part(get(bea, game.get_absolute_url()), 'id="rematch"', "</p>")
    assert "<b>Ada</b> wants a rematch" in rematch and MARK not in rematch


def test_the_rematch_line_names_a_bot_account_that_asked_without_a_possessive(
    viewer, user, other_user, robo
):
    from games.models import Rematch
    from games.rematch import services as rematches

    game = make_game(creator=user, players=[robo, other_user])
    services.game_resign(game_id=game.pk, user=user)
    services.game_resign(game_id=game.pk, user=other_user)
    game = fresh(game)
    rematches.rematch_offer(game_id=game.pk, user=robo, seen=None)
    rematch = part(get(viewer, game.get_absolute_url()), 'id="rematch"', "</p>")
    assert marked(rematch, "<b>Robo</b>") and "wants a rematch" in rematch
    offer = Rematch.objects.get(game=game)
    rematches.rematch_answer(
        game_id=game.pk, rematch_id=offer.pk, user=other_user, accept=True
    )
    bea = Client()
    bea.force_login(other_user)
    rematch = part(get(bea, game.get_absolute_url()), 'id="rematch"', "</p>")
    assert re.search(
        rf"You accepted the rematch Robo{re.escape(BOT_MARK)} asked for\. "
        r"Waiting for Ada to accept",
        rematch,
    ), rematch
