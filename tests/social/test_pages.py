"""The friends and challenge pages, the player page's buttons and My games:
what each shows, what each post does, and how each refuses bad input."""

import re
from datetime import timedelta

import pytest

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Game
from games.notifications.models import Presence
from games.social import services
from games.social.models import Challenge, Follow, LastSeen, Preset
from tests.games.factories import make_game
from tests.social.conftest import make_challenge

pytestmark = pytest.mark.django_db


def befriend(a, b):
    services.follow(user=a, username=b.username)
    services.follow(user=b, username=a.username)


def text(response) -> str:
    """The page's words, tags dropped and spaces squeezed."""
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def queries(client, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


# -- the player page ---------------------------------------------------------


def test_a_players_page_offers_follow_challenge_and_block(ada, bea, client_for):
    client = client_for(ada)
    page = client.get("/players/bea/")
    html = page.content.decode()
    assert 'action="/players/bea/follow/"' in html
    assert 'href="/challenges/new/?to=bea"' in html
    assert 'action="/players/bea/block/"' in html

    response = client.post("/players/bea/follow/")
    assert response.status_code == 302 and response["Location"] == "/players/bea/"
    assert Follow.objects.filter(follower=ada, followed=bea).exists()
    assert 'action="/players/bea/unfollow/"' in client.get("/players/bea/").text
    services.follow(user=bea, username="ada")
    assert "Friends" in text(client.get("/players/bea/"))

    client.post("/players/bea/block/")
    page = client.get("/players/bea/").content.decode()
    assert 'action="/players/bea/unblock/"' in page
    assert 'action="/players/bea/follow/"' not in page


def test_ones_own_page_and_a_bots_have_no_such_buttons(ada, client_for):
    client = client_for(ada)
    assert "/follow/" not in client.get("/players/ada/").content.decode()
    game = make_game(creator=ada, bots=1)
    bot = game.seats.get(position=1)
    assert bot.bot
    assert "/follow/" not in client.get("/players/sensible-bot/").content.decode()


def test_another_players_page_costs_one_query_more_than_ones_own(ada, bea, client_for):
    client = client_for(ada)
    queries(client, "/players/ada/")  # the session, the bell's cached count
    own = queries(client, "/players/ada/")
    theirs = queries(client, "/players/bea/")
    assert theirs == own + 1


def test_a_blocked_player_hears_only_not_possible(ada, bea, client_for):
    services.block(user=bea, username="ada")
    response = client_for(ada).post("/players/bea/follow/")
    assert response.status_code == 403
    assert "It is not possible to follow Bea." in text(response)
    assert "block" not in text(response).lower()
    assert not Follow.objects.exists()


@pytest.mark.parametrize(
    ("url", "status", "said"),
    [
        ("/players/nobody/follow/", 404, "There is no player called “nobody”."),
        ("/players/ada/follow/", 400, "You cannot do that to yourself."),
        ("/players/ada/block/", 400, "You cannot do that to yourself."),
    ],
)
def test_following_no_one_or_oneself_is_refused(ada, client_for, url, status, said):
    response = client_for(ada).post(url)
    assert response.status_code == status
    assert said in text(response)
    assert not Follow.objects.exists()


def test_the_doors_want_a_post_and_a_signed_in_player(ada, bea, client, client_for):
    assert client_for(ada).get("/players/bea/follow/").status_code == 405
    response = client.post("/players/bea/follow/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not Follow.objects.exists()


def test_next_may_send_back_only_to_this_site(ada, bea, client_for):
    client = client_for(ada)
    response = client.post("/players/bea/follow/", {"next": "https://evil.example/"})
    assert response["Location"] == "/players/bea/"
    response = client.post("/players/bea/unfollow/", {"next": "/friends/"})
    assert response["Location"] == "/friends/"
    # A bare word is no path (the site fuzz test's 500 at /inbox/read/).
    response = client.post("/inbox/read/", {"next": "ada"})
    assert response.status_code == 302 and response["Location"] == "/inbox/"


# -- the friends page --------------------------------------------------------


def test_friends_are_listed_with_who_is_online_and_their_games(
    ada, bea, cy, user_factory, client_for
):
    dee = user_factory("dee", display_name="Dee")
    befriend(ada, bea)
    befriend(ada, cy)
    services.follow(user=ada, username="dee")  # not followed back
    services.follow(user=user_factory("eve", display_name="Eve"), username="ada")
    watched = make_game(creator=bea, players=[dee])
    hidden = make_game(creator=bea, players=[dee], public=False)
    mine = make_game(creator=cy, players=[ada], public=False)
    LastSeen.objects.create(user=bea, seen_at=timezone.now())
    Presence.objects.create(
        user=cy, game=mine, seen_at=timezone.now() - timedelta(minutes=30)
    )

    page = client_for(ada).get("/friends/")
    html = page.content.decode()
    words = text(page)
    assert page.status_code == 200
    online = r'data-user="{}">\s*<div class="friend__who">\s*<span class="{}"'
    assert re.search(online.format("bea", "presence presence--on"), html)
    assert re.search(online.format("cy", "presence"), html)
    assert "Bea online now" in words and "Cy away" in words
    assert f'href="/games/{watched.pk}/"' in html
    assert f'href="/games/{hidden.pk}/"' not in html
    assert f'href="/games/{mine.pk}/"' in html  # Ada sits at it
    assert 'href="/challenges/new/?to=bea"' in html
    assert "You follow Dee has not followed you back" in words
    assert "Follow you Eve Follow back" in words


def test_the_friends_page_costs_the_same_queries_for_one_friend_or_ten(
    ada, user_factory, client_for
):
    client = client_for(ada)
    one = user_factory("one")
    befriend(ada, one)
    make_game(creator=one, players=[user_factory()])
    queries(client, "/friends/")
    few = queries(client, "/friends/")
    for n in range(9):
        friend = user_factory(f"friend{n}")
        befriend(ada, friend)
        make_game(creator=friend, players=[user_factory()])
    queries(client, "/friends/")  # the bell's count, dropped by the follows
    assert queries(client, "/friends/") == few


def test_who_may_challenge_is_set_on_the_friends_page(ada, bea, client_for):
    client = client_for(bea)
    response = client.post("/friends/settings/", {"challenges_from": "nobody"})
    assert response.status_code == 302
    assert re.search(
        r'value="nobody"[^>]*checked', client.get("/friends/").content.decode()
    )
    refused = client.post("/friends/settings/", {"challenges_from": "enemies"})
    assert refused.status_code == 400
    assert "Choose who may challenge you." in text(refused)
    with pytest.raises(Exception) as no:
        make_challenge(ada, bea)
    assert no.value.status == 403


def test_find_a_player_opens_their_page_or_says_there_is_none(ada, bea, client_for):
    client = client_for(ada)
    assert client.get("/friends/find/?username=%40Bea")["Location"] == "/players/bea/"
    missing = client.get("/friends/find/?username=nobody")
    assert missing.status_code == 404
    assert "There is no player called “nobody”." in text(missing)


# -- challenges --------------------------------------------------------------


def challenge_form(**fields) -> dict:
    data = {
        "to": "bea",
        "kind": "deal",
        "seat_count": "2",
        "seconds_per_decision": str(24 * 3600),
        "public": "on",
        "rated": "on",
        "bot": "sensible",
        "leaver_bot": "sensible",
        "expires_in": str(24 * 3600),
    }
    data.update(fields)
    return {k: v for k, v in data.items() if v is not None}


def test_the_challenge_form_comes_with_the_name_filled_in(ada, bea, client_for):
    page = client_for(ada).get("/challenges/new/?to=bea")
    html = page.content.decode()
    assert page.status_code == 200
    assert 'name="to" value="bea"' in html
    for field in ("kind", "seat_count", "seconds_per_decision", "bot", "expires_in"):
        assert f'name="{field}"' in html
    assert 'name="bots_now"' not in html


def test_a_challenge_sent_from_the_form_reaches_the_player(ada, bea, client_for):
    client = client_for(ada)
    response = client.post(
        "/challenges/new/",
        challenge_form(to="bea", seat_count="3", bot="random", once="t1"),
    )
    challenge = Challenge.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/challenges/{challenge.pk}/"
    assert (challenge.seat_count, challenge.bot, challenge.kind) == (
        3,
        "random",
        "deal",
    )
    # Sent again (Back, then Send): the same challenge, not a second.
    again = client.post("/challenges/new/", challenge_form(to="bea", once="t1"))
    assert again["Location"] == f"/challenges/{challenge.pk}/"
    assert Challenge.objects.count() == 1
    page = client_for(bea).get(response["Location"])
    assert "Accept the challenge" in text(page)


@pytest.mark.parametrize(
    ("fields", "status", "said"),
    [
        ({"to": "nobody"}, 404, "There is no player called “nobody”."),
        ({"to": "ada"}, 400, "You cannot challenge yourself."),
        ({"to": ""}, 400, "Name at least one player to challenge."),
        ({"seat_count": "9"}, 400, "Select a valid choice. 9 is not one of"),
        ({"seconds_per_decision": "61"}, 400, "Select a valid choice."),
        ({"kind": "chess"}, 400, "Select a valid choice."),
        ({"bot": "genius"}, 400, "Select a valid choice."),
        ({"expires_in": "60"}, 400, "Select a valid choice."),
        (
            {"kind": "classic", "seat_count": "3", "option_classic_turn_limit": "0"},
            400,
            "greater than or equal to 1",
        ),
        ({"to": "bea, cy", "seat_count": "2"}, 400, "3 players need a game"),
    ],
)
def test_a_forged_or_impossible_challenge_is_refused_and_makes_nothing(
    ada, bea, cy, client_for, fields, status, said
):
    response = client_for(ada).post("/challenges/new/", challenge_form(**fields))
    assert response.status_code == status
    assert said in text(response)
    assert not Challenge.objects.exists()


def test_a_challenge_flood_answers_429_with_the_wait(ada, user_factory, client_for):
    client = client_for(ada)
    for n in range(services.FLOOD_COUNT):
        user_factory(f"p{n}")
        client.post("/challenges/new/", challenge_form(to=f"p{n}"))
    assert Challenge.objects.count() == services.FLOOD_COUNT
    user_factory("late")
    response = client.post("/challenges/new/", challenge_form(to="late"))
    assert response.status_code == 429
    assert "You are sending challenges too fast" in text(response)
    assert "Wait 10 minutes and send it again." in text(response)
    assert Challenge.objects.count() == services.FLOOD_COUNT


def test_a_preset_saved_from_the_form_challenges_in_one_click(ada, bea, cy, client_for):
    befriend(ada, cy)
    client = client_for(ada)
    client.post(
        "/challenges/new/",
        challenge_form(
            to="bea", kind="classic", seat_count="3", save_as="My usual game"
        ),
    )
    preset = Preset.objects.get(user=ada)
    assert preset.name == "My usual game" and "to" not in preset.data
    friends = client.get("/friends/").content.decode()
    assert f'name="preset" value="{preset.pk}"' in friends
    response = client.post("/challenges/preset/", {"preset": preset.pk, "to": "cy"})
    latest = Challenge.objects.latest("pk")
    assert response["Location"] == f"/challenges/{latest.pk}/"
    assert [i.user for i in latest.invitees.all()] == [cy]
    assert (latest.kind, latest.seat_count) == ("classic", 3)


def test_a_preset_is_checked_by_the_form_again_when_used(ada, bea, client_for):
    preset = Preset.objects.create(
        user=ada,
        name="Forged",
        data={**challenge_form(), "seat_count": "9"},
        created_at=timezone.now(),
    )
    client = client_for(ada)
    response = client.post("/challenges/preset/", {"preset": preset.pk, "to": "bea"})
    assert response.status_code == 400
    assert not Challenge.objects.exists()
    other = Preset.objects.create(
        user=bea, name="Hers", data=challenge_form(), created_at=timezone.now()
    )
    response = client.post("/challenges/preset/", {"preset": other.pk, "to": "bea"})
    assert response.status_code == 400
    assert "There is no such preset." in text(response)
    assert not Challenge.objects.exists()


def test_a_challenge_page_is_its_players_only(ada, bea, cy, client_for):
    challenge = make_challenge(ada, bea)
    assert client_for(ada).get(f"/challenges/{challenge.pk}/").status_code == 200
    for url in (f"/challenges/{challenge.pk}/", "/challenges/999999/"):
        response = client_for(cy).get(url)
        assert response.status_code == 404
        assert "There is no such challenge." in text(response)
    response = client_for(cy).post(
        f"/challenges/{challenge.pk}/answer/", {"answer": "accept"}
    )
    assert response.status_code == 404
    challenge.refresh_from_db()
    assert challenge.status == "open"


def test_the_last_acceptance_takes_the_player_to_the_table(ada, bea, client_for):
    challenge = make_challenge(ada, bea)
    client = client_for(bea)
    response = client.post(f"/challenges/{challenge.pk}/answer/", {"answer": "accept"})
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/"
    other = make_challenge(ada, bea)
    response = client.post(
        f"/challenges/{other.pk}/answer/", {"answer": "accept"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 204
    assert response["HX-Redirect"] == f"/games/{Game.objects.latest('pk').pk}/"


def test_answering_a_closed_challenge_says_what_became_of_it(ada, bea, client_for):
    challenge = make_challenge(ada, bea)
    client_for(ada).post(f"/challenges/{challenge.pk}/withdraw/")
    response = client_for(bea).post(
        f"/challenges/{challenge.pk}/answer/", {"answer": "accept"}
    )
    assert response.status_code == 409
    assert "Ada withdrew this challenge." in text(response)
    assert not Game.objects.exists()


def test_a_decline_with_a_reason_and_forged_answers(ada, bea, client_for):
    challenge = make_challenge(ada, bea)
    client = client_for(bea)
    url = f"/challenges/{challenge.pk}/answer/"
    for forged in ({"answer": "maybe"}, {}, {"answer": "decline", "reason": "rude"}):
        response = client.post(url, forged)
        assert response.status_code == 400, forged
    challenge.refresh_from_db()
    assert challenge.status == "open"
    response = client.post(url, {"answer": "decline", "reason": "not_now"})
    assert response.status_code == 302
    challenge.refresh_from_db()
    assert challenge.status == "declined"
    assert "“Not now”" in text(client_for(ada).get(f"/challenges/{challenge.pk}/"))


def test_only_the_challenger_withdraws(ada, bea, client_for):
    challenge = make_challenge(ada, bea)
    response = client_for(bea).post(f"/challenges/{challenge.pk}/withdraw/")
    assert response.status_code == 400
    assert "decline it instead" in text(response)
    challenge.refresh_from_db()
    assert challenge.status == "open"


def test_the_lists_show_challenges_received_and_sent(ada, bea, cy, client_for):
    to_bea = make_challenge(ada, bea)
    to_ada = make_challenge(cy, ada)
    for url in ("/challenges/", "/games/mine/"):
        page = client_for(ada).get(url)
        html = page.content.decode()
        assert f'data-challenge="{to_ada.pk}"' in html
        assert f'data-challenge="{to_bea.pk}"' in html
        assert f'action="/challenges/{to_ada.pk}/answer/"' in html
        assert f'action="/challenges/{to_bea.pk}/answer/"' not in html


def test_the_challenge_lists_cost_the_same_queries_however_many(
    ada, user_factory, client_for
):
    client = client_for(ada)
    make_challenge(ada, user_factory())
    make_challenge(user_factory(), ada)
    queries(client, "/challenges/")
    few = queries(client, "/challenges/")
    for _ in range(6):
        make_challenge(ada, user_factory(), user_factory(), seat_count=4)
        make_challenge(user_factory(), ada)
    queries(client, "/challenges/")
    assert queries(client, "/challenges/") == few


def test_the_navigation_leads_to_friends_in_the_bar_and_under_more(
    ada, client, client_for
):
    page = client_for(ada).get("/games/").content.decode()
    links = re.findall(r'<a href="/friends/"[^>]*>Friends</a>', page)
    assert len(links) == 2  # the bar (a desk), and More (a phone)
    here = client_for(ada).get("/friends/").content.decode()
    assert 'href="/friends/" class="nav-wide" aria-current="page"' in here
    assert 'href="/friends/"' not in client.get("/games/").content.decode()
