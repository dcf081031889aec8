"""Classic Monopoly through the real site, beside Monopoly Deal: the create
form, the lobby, bots, moves posted as forms, deadlines, history, replay and
export; forged moves refused with the game unchanged; the sealed bid of one
seat never shown to another before the auction closes."""

import json
import re

import pytest

from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import selectors, services
from games.engines import classic
from games.errors import BadSettings
from games.models import Game, GameEvent
from games.notifications import emails
from tests.engines.classic.support import Dice
from tests.games.factories import (
    awaited_seat,
    default_move,
    fresh,
    make_game,
    move_submit_as,
    table_rows,
)

pytestmark = pytest.mark.django_db

HOUR = 60 * 60


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def post_move(client, game, move, *, url="games:move", **extra):
    data = {"version": fresh(game).version, "move": json.dumps(classic.to_json(move))}
    return client.post(reverse(url, args=[game.pk]), {**data, **extra})


def play_defaults_until(game, done, limit=400) -> Game:
    """Every awaited seat plays its timeout's move until `done(state)`."""
    for _ in range(limit):
        game = fresh(game)
        if done(game.state()):
            return game
        assert game.status == Game.Status.ACTIVE
        seat = awaited_seat(game)
        move_submit_as(game, seat, default_move(game, seat))
    raise AssertionError("the position never came")


# -- creating and listing ------------------------------------------------------


def test_the_create_form_makes_a_classic_game_with_its_own_house_rules(user):
    response = client_for(user).post(
        reverse("games:create"),
        {
            "kind": "classic",
            "seat_count": 8,
            "seconds_per_decision": HOUR,
            "public": "on",
            "option_classic_double_salary": "on",
            "option_hotel_replaces_house": "on",
        },
    )
    game = Game.objects.get(created_by=user)
    assert response.status_code == 302
    assert game.kind == "classic"
    assert game.seat_count == 8
    assert game.options == classic.Options(double_salary=True).to_json()


def test_the_create_form_starts_a_classic_game_against_expert_bots(user, settings):
    settings.BOT_EXPERT_SECONDS = 0.01
    response = client_for(user).post(
        reverse("games:create"),
        {
            "kind": "classic",
            "seat_count": 3,
            "seconds_per_decision": HOUR,
            "public": "on",
            "bot": "expert",
            "bots_now": "on",
        },
    )
    game = Game.objects.get(created_by=user)
    assert response.status_code == 302
    assert game.status == Game.Status.ACTIVE
    assert sorted(s.bot for s in game.seats.all()) == ["", "expert", "expert"]


def test_the_create_form_offers_both_games_and_their_house_rules(user):
    html = client_for(user).get(reverse("games:lobby")).content.decode()
    assert 'name="kind" value="classic"' in html
    assert 'name="kind" value="deal"' in html
    for key in classic.OPTION_LABELS:
        assert f'name="option_classic_{key}"' in html
    assert 'name="seat_count" value="8"' in html


def test_the_create_form_takes_a_turn_limit_and_starting_cash(user, user_factory):
    html = client_for(user).get(reverse("games:lobby")).content.decode()
    for key in classic.OPTION_NUMBERS:
        assert f'name="option_classic_{key}"' in html
    assert "Turn limit: rounds" in html
    response = client_for(user).post(
        reverse("games:create"),
        {
            "kind": "classic",
            "seat_count": 3,
            "seconds_per_decision": HOUR,
            "public": "on",
            "option_classic_turn_limit": "12",
            "option_classic_starting_cash": "",
        },
    )
    assert response.status_code == 302
    game = Game.objects.get(created_by=user)
    assert game.options == classic.Options(turn_limit=12).to_json()
    assert selectors.option_labels(game) == [
        "The game ends after 12 rounds; the highest net worth wins."
    ]
    other = user_factory("dee")
    lobby = client_for(other).get(reverse("games:lobby")).content.decode()
    assert "Classic Monopoly · Casual · 1 hour per decision · 1 house rule<" in lobby


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("turn_limit", "0", "greater than or equal to 1"),
        ("turn_limit", "two", "Enter a whole number."),
        ("starting_cash", "99", "greater than or equal to 100"),
        ("starting_cash", "100001", "less than or equal to 100000"),
    ],
)
def test_a_house_rule_number_out_of_range_is_refused(user, field, value, message):
    response = client_for(user).post(
        reverse("games:create"),
        {
            "kind": "classic",
            "seat_count": 2,
            "seconds_per_decision": HOUR,
            f"option_classic_{field}": value,
        },
    )
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Game.objects.exists()


def test_a_deal_table_is_refused_more_than_five_seats(user):
    response = client_for(user).post(
        reverse("games:create"),
        {"kind": "deal", "seat_count": 6, "seconds_per_decision": HOUR},
    )
    assert response.status_code == 400
    assert "Monopoly Deal has 2 to 5 seats." in response.content.decode()
    assert not Game.objects.exists()


@pytest.mark.parametrize("kind", ["chess", "", "CLASSIC"])
def test_a_game_of_no_known_kind_is_refused(user, kind):
    if kind == "":
        with pytest.raises(BadSettings):
            services.game_create(
                creator=user, seat_count=2, seconds_per_decision=HOUR, kind=kind
            )
    else:
        response = client_for(user).post(
            reverse("games:create"),
            {"kind": kind, "seat_count": 2, "seconds_per_decision": HOUR},
        )
        assert response.status_code == 400
    assert not Game.objects.exists()


def test_a_game_made_without_a_kind_is_monopoly_deal(user):
    response = client_for(user).post(
        reverse("games:create"), {"seat_count": 2, "seconds_per_decision": HOUR}
    )
    assert response.status_code == 302
    assert Game.objects.get().kind == "deal"


def test_the_lobby_my_games_and_player_pages_name_each_table_s_game(user, other_user):
    make_game(creator=user, seat_count=3, start=False, kind="classic")
    make_game(creator=user, seat_count=3, start=False)
    lobby = client_for(other_user).get(reverse("games:lobby")).content.decode()
    assert lobby.count("Classic Monopoly ·") == 1
    assert lobby.count("Monopoly Deal ·") == 1
    mine = client_for(user).get(reverse("games:mine")).content.decode()
    assert "Classic Monopoly" in mine and "Monopoly Deal" in mine
    player = reverse("players:player", args=[user.username])
    current = client_for(other_user).get(player).content.decode()
    assert "Classic Monopoly ·" in current and "Monopoly Deal ·" in current
    # The finished games are listed one game at a time, and say which.
    assert "Finished games of Monopoly Deal" in current
    classic_tab = client_for(other_user).get(player, {"kind": "classic"})
    assert "Finished games of Classic Monopoly" in classic_tab.content.decode()


def test_the_site_says_it_plays_both_games(client):
    home = client.get(reverse("home")).content.decode()
    assert "<h1>Monopoly Deal and Classic Monopoly, one move at a time.</h1>" in home
    assert "mdeal — Monopoly Deal and Classic Monopoly by correspondence." in home


def test_a_classic_waiting_room_offers_every_bot_and_refuses_a_made_up_one(user):
    game = make_game(creator=user, seat_count=3, start=False, kind="classic")
    client = client_for(user)
    html = client.get(game.get_absolute_url()).content.decode()
    for bot in ("sensible", "random", "expert"):
        assert f'value="{bot}"' in html
    before = table_rows(game)
    response = client.post(reverse("games:add_bots", args=[game.pk]), {"bot": "genius"})
    assert response.status_code == 400
    assert table_rows(game) == before


def test_classic_expert_bots_think_in_the_worker_and_play_on(user, settings):
    settings.BOT_EXPERT_SECONDS = 0.01  # the wiring, not the thinking
    game = make_game(creator=user, seat_count=3, start=False, kind="classic")
    client = client_for(user)
    response = client.post(reverse("games:add_bots", args=[game.pk]), {"bot": "expert"})
    assert response.status_code in (200, 302)
    game = fresh(game)
    assert sorted(s.bot for s in game.seats.all()) == ["", "expert", "expert"]
    moved = 0
    for _ in range(40):
        game = fresh(game)
        if game.status != Game.Status.ACTIVE:
            break
        if services.bots_play(game_id=game.pk, version=game.version):
            moved += 1
            continue
        seat = awaited_seat(game)
        assert seat.user_id == user.pk
        assert post_move(client, game, default_move(game, seat)).status_code == 302
    bot_moves = GameEvent.objects.filter(game=game, cause="bot").count()
    assert moved and bot_moves


# -- playing -------------------------------------------------------------------


def test_a_classic_game_against_a_bot_is_played_through_the_site(user):
    game = make_game(creator=user, bots=2, kind="classic", seat_count=3)
    client = client_for(user)
    assert game.status == Game.Status.ACTIVE
    assert len(game.state().players) == 3
    human_moves = 0
    for _ in range(60):
        game = fresh(game)
        if game.status != Game.Status.ACTIVE:
            break
        if services.bots_play(game_id=game.pk, version=game.version):
            continue
        seat = awaited_seat(game)
        assert seat.user_id == user.pk
        move = default_move(game, seat)
        response = post_move(client, game, move)
        assert response.status_code == 302, response.content.decode()[:500]
        assert fresh(game).version > game.version
        human_moves += 1
    causes = set(GameEvent.objects.filter(game=game).values_list("cause", flat=True))
    assert {"setup", "player", "bot"} <= causes
    assert human_moves > 0

    page = client.get(game.get_absolute_url()).content.decode()
    assert "Classic Monopoly" in page or "$" in page
    history = client.get(reverse("games:history", args=[game.pk])).content.decode()
    assert "rolled" in history and "The game started with 3 players" in history
    replay = client.get(reverse("games:replay", args=[game.pk]), {"step": 3})
    assert replay.status_code == 200
    exported = client.get(reverse("games:export", args=[game.pk])).json()
    assert exported["game"]["kind"] == "classic"
    assert len(exported["events"]) == fresh(game).version


def post_form(client, game, **fields):
    data = {"version": fresh(game).version, **fields}
    return client.post(reverse("games:play", args=[game.pk]), data)


def test_a_move_posted_by_the_table_s_own_forms_is_read_by_the_kind(user, other_user):
    game = make_game(creator=user, players=[other_user], kind="classic")
    seat = awaited_seat(game)
    response = post_form(client_for(seat.user), game, action="roll")
    assert response.status_code == 302
    assert GameEvent.objects.filter(game=game, type="DiceRolled").exists()


def test_the_table_offers_forms_the_site_accepts(user, other_user):
    game = make_game(creator=user, players=[other_user], kind="classic")
    seat = awaited_seat(game)
    client = client_for(seat.user)
    html = client.get(game.get_absolute_url()).content.decode()
    assert 'class="ctable"' in html and reverse("games:play", args=[game.pk]) in html
    assert 'name="action" value="roll"' in html
    partial = client.get(game.get_absolute_url(), HTTP_HX_REQUEST="true")
    assert 'id="table"' in partial.content.decode()
    response = post_form(client, game, action="roll")
    assert response.status_code == 302


def test_a_counter_offer_is_both_moves_or_neither(user, other_user):
    game = make_game(creator=user, players=[other_user], kind="classic")
    ada = game.seats.get(user=user)
    bea = game.seats.get(user=other_user)
    offer = classic.OfferTrade(
        seat=ada.position, to=bea.position, give_cash=10, get_cash=1200
    )
    move_submit_as(game, ada, offer)
    game = fresh(game)
    offer_id = game.state().offers[0].id
    before = table_rows(game)
    # Bea's page: the counter form holds the offer's cash, from her side.
    page = client_for(other_user).get(game.get_absolute_url()).content.decode()
    form = page[page.index(f'data-fold="counter-{offer_id}"') :]
    assert re.search(r'name="give_cash" [^>]*value="1200"', form)
    assert re.search(r'name="get_cash" [^>]*value="10"', form)

    def counter(**terms):
        fields = {"action": "counter", "offer": offer_id, "to": ada.position}
        return post_form(client_for(other_user), game, **fields, **terms)

    # A counter asking for a deed Ada does not own: the offer is refused, so
    # the decline is not kept either.
    assert counter(get_deeds="39").status_code == 400
    assert table_rows(game) == before
    assert fresh(game).state().offers[0].id == offer_id

    response = counter(get_cash="20")
    assert response.status_code == 302
    offers = fresh(game).state().offers
    assert [(o.seat, o.get_cash) for o in offers] == [(bea.position, 20)]


def test_a_finished_classic_game_is_won_rated_and_exported_whole(user, other_user):
    game = make_game(creator=user, players=[other_user], kind="classic")
    seat = awaited_seat(game)
    response = client_for(seat.user).post(reverse("games:resign", args=[game.pk]))
    assert response.status_code == 302
    game = fresh(game)
    assert game.status == Game.Status.FINISHED
    assert game.winner.position == 1 - seat.position
    assert fresh(game).seats.get(position=seat.position).status == "resigned"
    exported = client_for(user).get(reverse("games:export", args=[game.pk])).json()
    assert exported["viewer"]["complete"]
    from games.replay.export import replay_export

    assert replay_export(exported) == game.state()
    replay = client_for(user).get(reverse("games:replay", args=[game.pk]))
    assert replay.status_code == 200


def test_a_deadline_plays_the_classic_default_move(clock, user, other_user):
    game = make_game(creator=user, players=[other_user], kind="classic")
    seat = awaited_seat(game)
    clock.advance(HOUR + 1)
    assert services.deadline_expire(game_id=game.pk, version=game.version)
    game = fresh(game)
    assert GameEvent.objects.filter(game=game, type="DiceRolled", cause="timeout")
    assert game.seats.get(position=seat.position).missed_deadlines == 1
    lines = client_for(user).get(reverse("games:history", args=[game.pk]))
    assert "(time ran out)" in lines.content.decode()


def test_a_roll_and_its_move_are_one_history_line_wherever_history_is_shown(
    monkeypatch, user, other_user
):
    game = make_game(creator=user, players=[other_user], kind="classic")
    roller = awaited_seat(game)
    other = game.seats.exclude(pk=roller.pk).select_related("user").get()
    monkeypatch.setattr(services.randomness, "rng", lambda: Dice(1, 2))
    move_submit_as(game, roller, classic.Roll(seat=roller.position))
    game = fresh(game)
    sentence = f"{roller.name} rolled 1 and 2 and moved to Baltic Avenue."

    client = client_for(other.user)
    pages = {
        "history": client.get(reverse("games:history", args=[game.pk])),
        "table": client.get(game.get_absolute_url()),
        "partial": client.get(game.get_absolute_url(), HTTP_HX_REQUEST="true"),
        "replay": client.get(reverse("games:replay", args=[game.pk])),
    }
    for name, response in pages.items():
        text = response.content.decode()
        assert sentence in text, name
        history = re.search(r'<ol class="history__lines">(.*?)</ol>', text, re.S)
        lines = history[1] if history else text  # the history page: all lines
        assert lines.count("moved to Baltic Avenue") == 1, name
    # The table's prompt tells it too, as what just happened (a laptop shows
    # the history below the board); the replay's does not.
    for name in ("table", "partial"):
        prompt = re.search(
            r'<section id="prompt".*?</section>', pages[name].content.decode(), re.S
        )[0]
        assert f"Just now:</span> {sentence}" in prompt, name
    replay = pages["replay"].content.decode()
    assert "Just now:" not in replay and "This page updates by itself" not in replay
    roller_prompt = re.search(
        r'<section id="prompt".*?</section>',
        client_for(roller.user).get(game.get_absolute_url()).content.decode(),
        re.S,
    )[0]
    assert "Just now:</span> You rolled 1 and 2 and moved to Baltic Avenue." in (
        roller_prompt
    )
    # The roller, asked to buy, reads it in the email's recent lines.
    brief = emails.owed_brief(game, game.seats.get(pk=roller.pk), timezone.now())
    assert brief.recent[-1] == "You rolled 1 and 2 and moved to Baltic Avenue."
    # A replay's step on the roll itself shows the roll alone.
    step = GameEvent.objects.get(game=game, type="DiceRolled").seq
    replay = client.get(reverse("games:replay", args=[game.pk]), {"step": step})
    assert f"{roller.name} rolled 1 and 2." in replay.content.decode()
    # The history line is numbered by the move, the last event it tells.
    [line] = [
        x
        for x in selectors.history_lines(game=game, viewer=other.position)
        if "rolled" in x["text"]
    ]
    assert line["seq"] == GameEvent.objects.get(game=game, type="TokenMoved").seq
    # The export tells the same lines, each with the event it is numbered by.
    export = reverse("games:export", args=[game.pk])
    events = client.get(export).json()["events"]
    by_type = {e["event"]["type"]: e for e in events}
    assert by_type["TokenMoved"]["text"] == sentence
    assert by_type["DiceRolled"]["text"] is None
    history = selectors.history_lines(game=game, viewer=other.position, limit=None)
    assert [e["text"] for e in events if e["text"]] == [
        line["text"] for line in reversed(history)
    ]


# -- bad input -----------------------------------------------------------------


def forged_json(game):
    """(posted JSON moves, status, words of the answer) the site refuses."""
    version = fresh(game).version
    roll = json.dumps({"type": "Roll"})
    return [
        ({"version": version, "move": json.dumps({"type": "Buy"})}, 400, "buy"),
        (
            {"version": version, "move": json.dumps({"type": "BankCard", "card": 1})},
            400,
            "not understood",
        ),
        (
            {"version": version, "move": json.dumps({"type": "Bid", "amounts": "x"})},
            400,
            "",
        ),
        ({"version": version, "move": "{"}, 400, "not understood"),
        ({"version": version}, 400, "not understood"),
        ({"version": version - 1, "move": roll}, 409, "changed"),
        ({"version": "x", "move": roll}, (400, 409), ""),
    ]


def forged_forms(game):
    """(posted table forms, status, words of the answer) the site refuses."""
    version = fresh(game).version
    return [
        ({"version": version, "action": "buy"}, 400, "buy"),
        ({"version": version, "action": "bid", "bid-1": "x"}, 400, "auction"),
        ({"version": version, "action": "build", "space": "99"}, 400, "no such"),
        ({"version": version, "action": "fly"}, 400, "not understood"),
        ({"version": version, "action": ["roll", "roll"]}, 400, "not understood"),
        ({"version": version}, 400, "not understood"),
        ({"version": version - 1, "action": "roll"}, 409, "changed"),
        ({"version": "x", "action": "roll"}, 409, "changed"),
    ]


@pytest.mark.parametrize(
    ("url", "cases"), [("games:move", forged_json), ("games:play", forged_forms)]
)
def test_forged_classic_moves_are_refused_and_change_nothing(
    user, other_user, url, cases
):
    game = make_game(creator=user, players=[other_user], kind="classic")
    seat = awaited_seat(game)
    client = client_for(seat.user)
    for data, status, words in cases(game):
        before = table_rows(game)
        response = client.post(reverse(url, args=[game.pk]), data)
        assert response.status_code in (
            status if isinstance(status, tuple) else (status,)
        ), (data, response.status_code)
        assert words.lower() in response.content.decode().lower(), data
        assert table_rows(game) == before


def test_a_classic_move_out_of_turn_or_by_an_outsider_is_refused(
    user, other_user, user_factory
):
    game = make_game(creator=user, players=[other_user], kind="classic")
    idle = next(s for s in game.seats.all() if s.pk != awaited_seat(game).pk)
    before = table_rows(game)
    response = post_move(client_for(idle.user), game, classic.Roll(seat=idle.position))
    assert response.status_code == 400
    assert table_rows(game) == before
    response = post_move(
        client_for(user_factory("Cy")), game, classic.Roll(seat=0), url="games:play"
    )
    assert response.status_code == 403
    assert table_rows(game) == before


# -- the sealed bid ------------------------------------------------------------

SECRET_BID = 1237


# How the amount could be written in a page (a bare "1237" may be a timestamp's).
WRITTEN = ("1,237", "$1237", ">1237", "1237<", '"1237"', "1237 ", " 1237", "=1237")


def in_auction(state) -> bool:
    return state.auction is not None and len(state.auction.bidders) >= 2


def mentions(value, amount: int) -> bool:
    """Whether the amount is anywhere in a JSON value (as a number or in text)."""
    if isinstance(value, dict):
        return any(mentions(v, amount) for v in value.values())
    if isinstance(value, list):
        return any(mentions(v, amount) for v in value)
    if isinstance(value, str):
        return any(w in value for w in ("1,237", "$1237"))
    return value == amount


def test_a_sealed_bid_is_never_shown_to_another_seat_before_the_auction_closes(
    user, other_user, user_factory
):
    cy = user_factory("Cy")
    game = make_game(creator=user, players=[other_user, cy], kind="classic")
    game = play_defaults_until(game, in_auction)
    bidder = awaited_seat(game)
    lots = game.state().auction.lots
    assert game.state().players[bidder.position].cash >= SECRET_BID
    amounts = (SECRET_BID,) + (0,) * (len(lots) - 1)
    move_submit_as(game, bidder, classic.Bid(seat=bidder.position, amounts=amounts))
    game = fresh(game)
    assert game.state().auction is not None  # still open: two seats to answer

    for other in game.seats.exclude(pk=bidder.pk).select_related("user"):
        client = client_for(other.user)
        pages = {
            "page": client.get(game.get_absolute_url()),
            "partial": client.get(game.get_absolute_url(), HTTP_HX_REQUEST="true"),
            "history": client.get(reverse("games:history", args=[game.pk])),
            "replay": client.get(reverse("games:replay", args=[game.pk])),
        }
        for name, response in pages.items():
            assert response.status_code == 200, name
            text = response.content.decode()
            assert not any(w in text for w in WRITTEN), (name, other.position)
        exported = client.get(reverse("games:export", args=[game.pk])).json()
        assert not mentions(exported["events"], SECRET_BID)
        brief = emails.owed_brief(game, other, timezone.now())
        assert not mentions([brief.owed, brief.title, *brief.recent], SECRET_BID)
        history = pages["history"].content.decode()
        assert "placed a sealed bid" in history
        # The lines joined into sentences are there, the bid still sealed.
        assert re.search(r"rolled \d and \d[^.]* and moved to ", history)
    # The bidder sees their own bid.
    own = client_for(bidder.user).get(reverse("games:history", args=[game.pk]))
    assert "$1,237" in own.content.decode()


# -- query counts ------------------------------------------------------------------


def table_queries(client, game, **headers) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        response = client.get(game.get_absolute_url(), **headers)
    assert response.status_code == 200
    return len(captured)


def test_the_classic_table_costs_the_same_queries_however_long_the_game(
    user, other_user, presence_kept
):
    game = make_game(creator=user, players=[other_user], kind="classic")
    client = client_for(user)
    table_queries(client, game)
    early = (
        table_queries(client, game),
        table_queries(client, game, HTTP_HX_REQUEST="true"),
    )
    game = play_defaults_until(game, lambda state: fresh(game).version >= 300)
    table_queries(client, game)
    late = (
        table_queries(client, game),
        table_queries(client, game, HTTP_HX_REQUEST="true"),
    )
    assert late == early
    assert max(late) <= 8


def test_while_a_bot_owes_the_move_the_table_says_it_is_thinking(user):
    game = make_game(creator=user, bots=1, kind="classic")
    for _ in range(50):
        game = fresh(game)
        if awaited_seat(game).bot:
            break
        seat = awaited_seat(game)
        move_submit_as(game, seat, default_move(game, seat))
    else:
        pytest.fail("the bot never owed a move")
    html = client_for(user).get(game.get_absolute_url()).content.decode()
    assert "Bot 2 (sensible) is thinking." in html
