"""Rematch: two humans and a bot finish a game; one asks to play it again.

The other human accepts (the new game starts: the same seats, bots at their
levels, the same options, the seat order rotated so that someone else starts)
or declines (the offer ends for everyone), or the deadline passes (the sweep
closes it). Non-players, spectators, stale forms and double clicks are refused
or harmless.
"""

import threading
from datetime import timedelta

import pytest

from django.db import close_old_connections, connection
from django.test import Client
from django.urls import reverse

from games import services, tasks
from games.chat.services import user_mute
from games.engines import deal as engine
from games.errors import NotAPlayer, RematchClosed, RematchNotPossible, StaleVersion
from games.models import Game, GameEvent, Rematch, Seat
from games.notifications.models import Notification
from games.rematch import services as rematches
from tests.games.factories import fresh, make_game, play_out
from tests.games.test_hidden import check_every_page, exposed_cards

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
OPTIONS = engine.Options(hotel_replaces_house=True, max_missed_deadlines=2)
SIX_HOURS = 6 * 60 * 60


def finish(game: Game) -> Game:
    """End the game: every human resigns; bots left play it out."""
    for seat in game.seats.filter(user__isnull=False).order_by("position"):
        services.game_resign(game_id=game.pk, user=seat.user)
    game = play_out(fresh(game))
    assert game.status == Game.Status.FINISHED
    return game


@pytest.fixture
def cy(user_factory):
    return user_factory("cy", display_name="Cy")


@pytest.fixture
def finished(user, other_user):
    """Ada (seat 0), Bea (seat 1) and an expert bot (seat 2), a private casual
    game with house rules and 6 hours a decision, over."""
    game = make_game(
        creator=user,
        players=[other_user],
        bots=1,
        bot=Seat.Bot.EXPERT,
        seconds_per_decision=SIX_HOURS,
        options=OPTIONS,
        public=False,
    )
    Game.objects.filter(pk=game.pk).update(
        rated=False, bot=Seat.Bot.EXPERT, leaver_bot=Seat.Bot.RANDOM
    )
    return finish(fresh(game))


def offer(game, user, seen=None):
    return rematches.rematch_offer(game_id=game.pk, user=user, seen=seen)


def answer(game, rematch, user, accept):
    return rematches.rematch_answer(
        game_id=game.pk, rematch_id=rematch.pk, user=user, accept=accept
    )


def first_player(game: Game) -> int:
    return GameEvent.objects.get(game=game, type="GameStarted").event().first


def seating(game: Game) -> dict[int, object]:
    """Position -> the user, or the bot kind, sitting there."""
    return {
        seat.position: seat.user_id or seat.bot
        for seat in Seat.objects.filter(game=game)
    }


# --- both accept ------------------------------------------------------------


def test_when_both_accept_the_game_starts_rotated_with_the_same_options(
    finished, user, other_user
):
    rematch = offer(finished, user)
    assert rematch.status == Rematch.Status.ASKED
    assert not Game.objects.filter(rematch_of=finished).exists()

    answer(finished, rematch, other_user, True)

    new = Game.objects.get(rematch_of=finished)
    assert fresh(finished).rematch.pk == new.pk
    assert Rematch.objects.get(pk=rematch.pk).status == Rematch.Status.STARTED
    assert new.status == Game.Status.ACTIVE
    assert new.created_by == user
    assert (new.seat_count, new.seconds_per_decision) == (3, SIX_HOURS)
    assert new.rule_options() == OPTIONS
    assert (new.public, new.rated) == (False, False)
    assert (new.bot, new.leaver_bot) == (Seat.Bot.EXPERT, Seat.Bot.RANDOM)
    # The bot seat is kept, at its level; the humans play as humans.
    seats = list(Seat.objects.filter(game=new).order_by("position"))
    assert {(s.user_id, s.bot) for s in seats} == {
        (user.pk, ""),
        (other_user.pk, ""),
        (None, Seat.Bot.EXPERT),
    }
    # Rotated: the same order around the table, and the player after the
    # last game's first player starts now.
    old, now = seating(finished), seating(new)
    old_first, new_first = first_player(finished), first_player(new)
    assert now[new_first] == old[(old_first + 1) % 3]
    assert now[new_first] != old[old_first]
    for step in range(3):
        after_old = old[(old_first + 1 + step) % 3]
        assert now[(new_first + step) % 3] == after_old
    assert new.state().active == new_first


def test_the_new_game_links_back_and_the_finished_one_forward_for_everyone(
    finished, user, other_user, cy
):
    Game.objects.filter(pk=finished.pk).update(public=True)
    rematch = offer(finished, user)
    answer(finished, rematch, other_user, True)
    new = Game.objects.get(rematch_of=finished)
    watcher = Client()
    watcher.force_login(cy)
    old_page = watcher.get(finished.get_absolute_url()).content.decode()
    assert f'href="/games/{new.pk}/"' in old_page
    assert f"Go to the rematch, game {new.pk}" in old_page
    new_page = watcher.get(new.get_absolute_url()).content.decode()
    assert f"Rematch of game {finished.pk}" in new_page
    assert f'href="/games/{finished.pk}/"' in new_page
    # A spectator is offered nothing to click.
    assert reverse("games:rematch", args=[finished.pk]) not in old_page


def test_a_game_with_one_human_starts_again_at_the_first_click(user):
    game = finish(make_game(creator=user, bots=2, bot=Seat.Bot.RANDOM))
    rematch = offer(game, user)
    assert rematch.status == Rematch.Status.STARTED
    new = Game.objects.get(rematch_of=game)
    assert sorted(map(str, seating(new).values())) == sorted(
        [str(user.pk), "random", "random"]
    )


# --- one declines, the deadline passes ---------------------------------------


def test_one_decline_ends_the_offer_and_the_others_are_told(finished, user, other_user):
    rematch = offer(finished, user)
    answer(finished, rematch, other_user, False)
    assert Rematch.objects.get(pk=rematch.pk).status == Rematch.Status.DECLINED
    assert not Game.objects.filter(rematch_of=finished).exists()
    client = Client()
    client.force_login(user)
    page = client.get(finished.get_absolute_url()).content.decode()
    assert "Bea declined the rematch." in page
    # Ada may ask again from the page that told her.
    assert f'name="seen" value="{rematch.pk}"' in page
    with pytest.raises(RematchClosed, match="Bea declined this rematch"):
        answer(finished, rematch, user, True)


def my_games_page(user) -> str:
    client = Client()
    client.force_login(user)
    return client.get(reverse("games:mine")).content.decode()


def test_my_games_lists_a_rematch_to_answer_under_your_move(finished, user, other_user):
    rematch = offer(finished, user)
    page = my_games_page(other_user)
    yours = page.split('<h2 class="mine__head mine__head--yours">Your move</h2>')[1]
    row = yours.split("</article>")[0]
    assert f'data-game="{finished.pk}"' in row
    assert "Ada offers a rematch: answer within" in row and ">Answer</a>" in row
    assert page.count(f'data-game="{finished.pk}"') == 1  # not under Finished too
    # The proposer has answered by asking: hers is an ordinary finished game.
    assert "offers a rematch" not in my_games_page(user)
    answer(finished, rematch, other_user, False)
    page = my_games_page(other_user)
    assert "offers a rematch" not in page and f'data-game="{finished.pk}"' in page


def test_the_proposer_can_call_it_off(finished, user, other_user):
    rematch = offer(finished, user)
    answer(finished, rematch, user, False)
    with pytest.raises(RematchClosed, match="Ada declined this rematch"):
        answer(finished, rematch, other_user, True)


def test_the_offer_expires_with_the_time_per_decision_by_the_sweep(
    finished, user, other_user, time_machine
):
    time_machine.move_to(finished.finished_at, tick=False)
    rematch = offer(finished, user)
    assert rematch.expires_at == finished.finished_at + timedelta(seconds=SIX_HOURS)
    stamp = fresh(finished).stamp

    time_machine.shift(timedelta(seconds=SIX_HOURS - 60))
    assert tasks.deadlines_sweep() == 0
    assert Rematch.objects.get(pk=rematch.pk).status == Rematch.Status.ASKED

    time_machine.shift(timedelta(seconds=61))
    assert tasks.deadlines_sweep() == 1  # eager: rematch_expire ran
    assert Rematch.objects.get(pk=rematch.pk).status == Rematch.Status.EXPIRED
    assert fresh(finished).stamp > stamp  # every browser's table refreshes
    assert tasks.deadlines_sweep() == 0
    assert not rematches.rematch_expire(rematch_id=rematch.pk)  # once only
    with pytest.raises(RematchClosed, match="expired"):
        answer(finished, rematch, other_user, True)
    assert not Game.objects.filter(rematch_of=finished).exists()


def test_accepting_after_the_deadline_before_the_sweep_is_refused(
    finished, user, other_user, time_machine
):
    time_machine.move_to(finished.finished_at, tick=False)
    rematch = offer(finished, user)
    time_machine.shift(timedelta(seconds=SIX_HOURS + 1))
    client = Client()
    client.force_login(other_user)
    response = client.post(
        reverse("games:rematch_answer", args=[finished.pk]),
        {"rematch": rematch.pk, "answer": "accept"},
        **HTMX,
    )
    assert response.status_code == 409
    assert "This rematch offer has expired" in response.content.decode()
    assert not Game.objects.filter(rematch_of=finished).exists()


def test_a_new_offer_can_follow_a_declined_one(finished, user, other_user):
    first = offer(finished, user)
    answer(finished, first, other_user, False)
    second = offer(finished, other_user, seen=first.pk)
    assert second.pk != first.pk
    answer(finished, second, user, True)
    assert Game.objects.filter(rematch_of=finished).exists()


# --- bad input ---------------------------------------------------------------


def test_a_spectator_or_outsider_cannot_offer_or_accept(finished, user, cy):
    Game.objects.filter(pk=finished.pk).update(public=True)
    with pytest.raises(NotAPlayer):
        offer(finished, cy)
    rematch = offer(finished, user)
    with pytest.raises(NotAPlayer):
        answer(finished, rematch, cy, True)
    client = Client()
    client.force_login(cy)
    response = client.post(
        reverse("games:rematch_answer", args=[finished.pk]),
        {"rematch": rematch.pk, "answer": "accept"},
        **HTMX,
    )
    assert response.status_code == 403
    assert Rematch.objects.get(pk=rematch.pk).accepted == [user.pk]


def test_an_outsider_of_a_private_game_hears_there_is_no_such_game(finished, cy):
    client = Client()
    client.force_login(cy)
    response = client.post(reverse("games:rematch", args=[finished.pk]))
    assert response.status_code == 404
    assert not Rematch.objects.exists()


def test_no_rematch_of_a_game_still_being_played(two_player_game, user):
    with pytest.raises(RematchNotPossible):
        offer(two_player_game, user)


def test_a_double_click_makes_one_offer(finished, user):
    client = Client()
    client.force_login(user)
    url = reverse("games:rematch", args=[finished.pk])
    first = client.post(url, {"seen": ""}, **HTMX)
    second = client.post(url, {"seen": ""}, **HTMX)
    assert (first.status_code, second.status_code) == (200, 200)
    assert Rematch.objects.filter(game=finished).count() == 1


def test_both_clicking_rematch_start_the_game(finished, user, other_user):
    offer(finished, user)
    offer(finished, other_user)  # Her "Rematch" is an acceptance.
    assert Game.objects.filter(rematch_of=finished).count() == 1


def test_a_stale_rematch_button_is_refused(finished, user, other_user):
    rematch = offer(finished, user)
    answer(finished, rematch, other_user, False)
    # Bea's page still showed no offer at all.
    with pytest.raises(StaleVersion):
        offer(finished, other_user, seen=None)
    assert Rematch.objects.filter(game=finished).count() == 1


def test_a_forged_answer_is_refused_and_changes_nothing(finished, user, other_user):
    rematch = offer(finished, user)
    client = Client()
    client.force_login(other_user)
    url = reverse("games:rematch_answer", args=[finished.pk])
    response = client.post(url, {"rematch": rematch.pk, "answer": "maybe"}, **HTMX)
    assert response.status_code == 400
    assert "accept or decline" in response.content.decode()
    response = client.post(url, {"rematch": "x", "answer": "accept"}, **HTMX)
    assert response.status_code == 404
    assert Rematch.objects.get(pk=rematch.pk).accepted == [user.pk]


def test_answering_after_the_start_says_where_the_game_is(finished, user, other_user):
    rematch = offer(finished, user)
    answer(finished, rematch, other_user, True)
    new = Game.objects.get(rematch_of=finished)
    assert answer(finished, rematch, other_user, True).status == "started"
    with pytest.raises(RematchClosed, match=f"game {new.pk}"):
        answer(finished, rematch, other_user, False)
    with pytest.raises(RematchClosed, match=f"game {new.pk}"):
        offer(finished, user, seen=rematch.pk)


# --- the pages ----------------------------------------------------------------


def test_the_asked_player_sees_accept_and_decline_and_the_last_accept_goes_on(
    finished, user, other_user
):
    offer(finished, user)
    client = Client()
    client.force_login(other_user)
    page = client.get(finished.get_absolute_url()).content.decode()
    assert "<b>Ada</b> wants a rematch: accept or decline." in page
    assert "Accept the rematch" in page and ">Decline<" in page
    rematch = Rematch.objects.get(game=finished)
    url = reverse("games:rematch_answer", args=[finished.pk])
    response = client.post(url, {"rematch": rematch.pk, "answer": "accept"}, **HTMX)
    new = Game.objects.get(rematch_of=finished)
    assert response.status_code == 204
    assert response["HX-Redirect"] == new.get_absolute_url()
    ada = Client()
    ada.force_login(user)
    response = ada.post(url, {"rematch": rematch.pk, "answer": "accept"})
    assert response.status_code == 302
    assert response["Location"] == new.get_absolute_url()


def test_the_proposer_sees_who_is_still_to_answer(finished, user):
    offer(finished, user)
    client = Client()
    client.force_login(user)
    page = client.get(finished.get_absolute_url()).content.decode()
    assert "You asked for a rematch. Waiting for Bea to accept" in page
    assert "Call the rematch off" in page


def test_an_offer_moves_the_finished_tables_stamp(finished, user, other_user):
    client = Client()
    client.force_login(other_user)
    url = reverse("games:version", args=[finished.pk])
    before = client.get(url).json()["version"]
    offer(finished, user)
    after = client.get(url).json()["version"]
    assert after != before
    assert client.get(url, {"since": after}).status_code == 204


@pytest.mark.django_db(transaction=True)
def test_two_offers_at_once_make_one(user, other_user):
    """Two threads click "Rematch" together; the lock (PostgreSQL) or the
    unique constraint (SQLite) lets one offer through, the other joins it."""
    game = finish(make_game(creator=user, players=[other_user], bots=1))
    barrier = threading.Barrier(2)
    errors = []

    def click(who):
        try:
            barrier.wait()
            offer(game, who)
        except Exception as error:
            errors.append(error)
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=click, args=(u,)) for u in (user, user)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Rematch.objects.filter(game=game).count() == 1
    assert not [e for e in errors if not isinstance(e, StaleVersion)], errors


# --- hidden cards ---------------------------------------------------------------


def rematch_box(page: str) -> str:
    start = page.index('<div id="rematch"')
    return page[start : page.index("</div>\n", start)]


def test_no_rematch_page_or_box_shows_a_hidden_card(user, other_user, cy):
    game = finish(make_game(creator=user, players=[other_user], bots=1))
    rematch = offer(game, user)
    clients = {}
    for who in (user, other_user, cy):
        clients[who.pk] = Client()
        clients[who.pk].force_login(who)
    for client in clients.values():
        page = client.get(game.get_absolute_url()).content.decode()
        assert exposed_cards(rematch_box(page)) == set()
    answer(game, rematch, other_user, True)
    new = Game.objects.get(rematch_of=game)
    for client in clients.values():
        page = client.get(game.get_absolute_url()).content.decode()
        assert exposed_cards(rematch_box(page)) == set()
    # The new table, its partial, history and the lists, for each seat and
    # a spectator: nothing of another hand or the draw pile.
    by_seat = {new.seat_for(u).position: clients[u.pk] for u in (user, other_user)}
    check_every_page(new, {**by_seat, None: clients[cy.pk]})


def test_a_classic_game_is_played_again_the_same_way(user, other_user):
    game = make_game(creator=user, players=[other_user], kind="classic")
    services.game_resign(game_id=game.pk, user=other_user)
    game = fresh(game)
    assert game.status == Game.Status.FINISHED
    client = Client()
    client.force_login(user)
    page = client.get(game.get_absolute_url()).content.decode()
    assert reverse("games:rematch", args=[game.pk]) in page
    rematch = offer(game, user)
    answer(game, rematch, other_user, True)
    new = Game.objects.get(rematch_of=game)
    assert (new.kind, new.status) == ("classic", Game.Status.ACTIVE)
    old, now = seating(game), seating(new)
    assert now[first_player(new)] == old[(first_player(game) + 1) % 2]


def test_a_mute_is_silent_the_offer_is_made_and_never_reaches_the_muter(
    finished, user, other_user
):
    """Bea muted Ada. Ada's rematch offer is made as any other, with nothing
    said of the mute; Bea is never asked: no answer on her table, nothing in
    her games or notifications. The offer waits for her until it expires."""
    user_mute(user=other_user, muted_id=user.pk)
    ada, bea = Client(), Client()
    ada.force_login(user)
    bea.force_login(other_user)

    response = ada.post(reverse("games:rematch", args=[finished.pk]), follow=True)

    page = response.content.decode()
    assert response.status_code == 200
    assert "You asked for a rematch." in page and "muted" not in page
    rematch = Rematch.objects.get()
    assert rematch.status == Rematch.Status.ASKED
    for answer_page in (
        bea.get(finished.get_absolute_url()),
        bea.get(finished.get_absolute_url(), **HTMX),
        bea.get(reverse("games:mine")),
    ):
        text = answer_page.content.decode()
        assert "Ada asked for a rematch" not in text
        assert "wants a rematch" not in text
        assert reverse("games:rematch_answer", args=[finished.pk]) not in text
    assert not Notification.objects.filter(
        user=other_user, decision=Rematch.DECISION
    ).exists()
    assert not rematch.asks(other_user.pk, rematch.created_at)


def test_a_muter_who_asks_for_the_rematch_too_starts_it(finished, user, other_user):
    user_mute(user=other_user, muted_id=user.pk)
    rematch = offer(finished, user)
    bea = Client()
    bea.force_login(other_user)
    page = bea.get(finished.get_absolute_url()).content.decode()
    assert f'name="seen" value="{rematch.pk}"' in page  # her "Rematch" button

    bea.post(reverse("games:rematch", args=[finished.pk]), {"seen": rematch.pk})

    assert Game.objects.filter(rematch_of=finished).exists()


def test_the_muted_player_may_answer_the_muters_offer(finished, user, other_user):
    user_mute(user=other_user, muted_id=user.pk)
    rematch = offer(finished, other_user)
    answer(finished, rematch, user, True)
    assert Game.objects.filter(rematch_of=finished).exists()


def test_a_spectator_sees_no_rematch_box_until_there_is_an_offer(finished, user, cy):
    Game.objects.filter(pk=finished.pk).update(public=True)
    watcher = Client()
    watcher.force_login(cy)
    assert (
        'id="rematch"' not in watcher.get(finished.get_absolute_url()).content.decode()
    )
    offer(finished, user)
    page = watcher.get(finished.get_absolute_url()).content.decode()
    assert "Ada asked for a rematch." in page
    assert reverse("games:rematch_answer", args=[finished.pk]) not in page
