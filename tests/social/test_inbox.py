"""The inbox: one line per thing that happened, folded per game; read, kept
90 days, and counted by the header's bell."""

import re
from datetime import timedelta

import pytest

from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import services as games
from games.chat.services import message_post, user_mute
from games.models import Game
from games.notifications import delivery, inbox
from games.notifications.models import InboxItem, Notification
from games.rematch import services as rematches
from games.social import services
from tests.games.factories import awaited_seat, default_move, make_game, move_submit_as
from tests.social.conftest import make_challenge

pytestmark = pytest.mark.django_db


def lines(user) -> list[tuple[str, str]]:
    return list(
        InboxItem.objects.filter(user=user)
        .order_by("-updated_at", "-pk")
        .values_list("kind", "text")
    )


def play_until_owed(game, user, limit=40):
    for _ in range(limit):
        seat = awaited_seat(game)
        if seat.user_id == user.pk:
            return seat
        move_submit_as(game, seat, default_move(game, seat))
    raise AssertionError("never owed")


def text(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


# -- what goes in ------------------------------------------------------------


def test_your_move_is_one_line_per_game_however_many_moves(ada, bea, clock):
    game = make_game(creator=ada, players=[bea])
    other = make_game(creator=ada, players=[bea])
    for _ in range(6):
        clock.advance(60)
        seat = awaited_seat(game)
        move_submit_as(game, seat, default_move(game, seat))
    moves = InboxItem.objects.filter(kind="move")
    assert moves.filter(user=ada, game=game).count() == 1
    assert moves.filter(user=bea, game=game).count() == 1
    assert moves.filter(game=other).count() >= 1
    line = moves.get(user=bea, game=game)
    assert line.text == f"Your move in Monopoly Deal game {game.pk} with Ada."
    assert line.url == f"/games/{game.pk}/"


def test_a_new_decision_makes_the_games_line_unread_and_newest_again(ada, bea, clock):
    game = make_game(creator=ada, players=[bea])
    seat = play_until_owed(game, bea)
    line = InboxItem.objects.get(user=bea, kind="move", game=game)
    inbox.item_read(user=bea, item_id=line.pk, now=timezone.now())
    clock.advance(60)
    make_challenge(ada, bea)  # something newer meanwhile
    clock.advance(60)
    move_submit_as(game, seat, default_move(game, seat))
    play_until_owed(game, bea)
    line.refresh_from_db()
    assert line.read_at is None
    assert lines(bea)[0][0] == "move"


def test_the_mover_gets_no_line_for_a_decision_made_at_the_table(ada, bea):
    game = make_game(creator=ada, players=[bea])
    seat = awaited_seat(game)
    before = InboxItem.objects.filter(user=seat.user, game=game).count()
    move_submit_as(game, seat, default_move(game, seat))  # plays on, or passes
    mover = InboxItem.objects.filter(user=seat.user, game=game)
    if awaited_seat(game).user_id == seat.user_id:  # still theirs: no new line
        assert mover.count() == before


def test_a_rematch_offer_reaches_the_others_inbox(ada, bea):
    game = make_game(creator=ada, players=[bea])
    games.game_resign(game_id=game.pk, user=bea)
    rematches.rematch_offer(game_id=game.pk, user=ada, seen=None)
    line = InboxItem.objects.get(user=bea, kind="rematch")
    assert line.text == (
        f"Ada wants a rematch of Monopoly Deal game {game.pk} with Ada: "
        "accept or decline."
    )
    delivery_rows = Notification.objects.filter(
        user=bea, decision="rematch", kind="move"
    )
    assert delivery_rows and all(n.item_id == line.pk for n in delivery_rows)


def test_the_end_of_a_game_tells_each_player_the_result_and_rating(ada, bea):
    game = make_game(creator=ada, players=[bea])
    games.game_resign(game_id=game.pk, user=bea)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert ("result", f"You won Monopoly Deal game {game.pk} with Bea.") in lines(ada)
    assert ("result", f"Ada won Monopoly Deal game {game.pk} with Ada.") in lines(bea)
    rating = InboxItem.objects.get(user=ada, kind="rating")
    assert re.fullmatch(
        rf"Your Monopoly Deal rating: \d+ → \d+ \(\+\d+\) after game {game.pk}\.",
        rating.text,
    )
    assert rating.url == "/players/ada/"
    falling = InboxItem.objects.get(user=bea, kind="rating").text
    assert re.search(r"\(-\d+\)", falling)


def test_a_casual_game_moves_no_rating(ada, bea):
    game = make_game(creator=ada, players=[bea])
    Game.objects.filter(pk=game.pk).update(rated=False)
    games.game_resign(game_id=game.pk, user=bea)
    assert not InboxItem.objects.filter(kind="rating").exists()
    assert InboxItem.objects.filter(kind="result").count() == 2


def test_a_cancelled_table_tells_whoever_sat_at_it(ada, bea):
    game = make_game(creator=ada, players=[bea], seat_count=3, start=False)
    games.game_leave(game_id=game.pk, user=ada)
    assert lines(bea) == [
        ("result", f"Ada cancelled Monopoly Deal game {game.pk} before it started.")
    ]
    assert lines(ada) == []


def test_a_mention_in_the_chat_reaches_the_player_named(ada, bea, cy):
    game = make_game(creator=ada, players=[bea, cy])
    message_post(
        game_id=game.pk, user=ada, room="players", text="Nice one @bea, and @nobody."
    )
    line = InboxItem.objects.get(user=bea, kind="mention")
    assert line.text == (
        f"Ada mentioned you in the chat of Monopoly Deal game {game.pk} with Ada "
        "and Cy: “Nice one @bea, and @nobody.”"
    )
    assert line.url == f"/games/{game.pk}/#chat"
    assert not InboxItem.objects.filter(kind="mention").exclude(user=bea).exists()


def test_a_mention_by_someone_muted_or_blocked_or_unread_tells_nobody(
    ada, bea, cy, user_factory
):
    game = make_game(creator=ada, players=[bea, cy])
    user_mute(user=bea, muted_id=ada.pk)
    services.block(user=cy, username="ada")
    message_post(game_id=game.pk, user=ada, room="players", text="@bea @cy @ada")
    watcher = user_factory("watcher")
    message_post(game_id=game.pk, user=watcher, room="spectators", text="@bea hi")
    assert not InboxItem.objects.filter(kind="mention").exists()


def test_a_chat_email_reader_has_the_batch_in_the_inbox(ada, bea):
    bea.chat_emails = True
    bea.save()
    game = make_game(creator=ada, players=[bea])
    message_post(game_id=game.pk, user=ada, room="players", text="Hello")
    line = InboxItem.objects.get(user=bea, kind="chat")
    assert line.text == f"New chat messages in Monopoly Deal game {game.pk} with Ada."
    row = Notification.objects.get(user=bea, kind="chat")
    assert row.item_id == line.pk
    assert not InboxItem.objects.filter(user=ada, kind="chat").exists()


def test_a_reminder_is_in_the_inbox_when_it_goes_out(ada, bea, clock):
    game = make_game(creator=ada, players=[bea], seconds_per_decision=4 * 3600)
    play_until_owed(game, bea)
    reminder = Notification.objects.get(user=bea, kind="reminder", channel="email")
    assert not InboxItem.objects.filter(user=bea, kind="reminder").exists()
    clock.now = reminder.due_at + timedelta(seconds=1)
    assert delivery.reminder_send(notification_id=reminder.pk) == 1
    line = InboxItem.objects.get(user=bea, kind="reminder")
    assert line.text.startswith("59 minutes left for your move in Monopoly Deal")
    assert line.url == f"/games/{game.pk}/"


# -- the page ----------------------------------------------------------------


def test_the_inbox_lists_the_newest_first_with_links_to_the_place(
    ada, bea, cy, clock, client_for
):
    services.follow(user=bea, username="ada")
    clock.advance(60)
    challenge = make_challenge(cy, ada)
    page = client_for(ada).get("/inbox/")
    words = text(page)
    assert words.index("Cy challenges you") < words.index("Bea follows you")
    first = InboxItem.objects.get(user=ada, kind="challenge")
    assert f'href="/inbox/{first.pk}/"' in page.content.decode()
    response = client_for(ada).get(f"/inbox/{first.pk}/")
    assert response["Location"] == f"/challenges/{challenge.pk}/"
    first.refresh_from_db()
    assert first.read_at is not None


def test_mark_read_and_mark_all_read(ada, bea, cy, client_for):
    services.follow(user=bea, username="ada")
    services.follow(user=cy, username="ada")
    client = client_for(ada)
    one = InboxItem.objects.filter(user=ada).first()
    assert client.post(f"/inbox/{one.pk}/read/").status_code == 302
    assert InboxItem.objects.filter(user=ada, read_at=None).count() == 1
    assert client.post("/inbox/read/").status_code == 302
    assert not InboxItem.objects.filter(user=ada, read_at=None).exists()


def test_another_players_line_is_not_there_for_you(ada, bea, client_for):
    services.follow(user=ada, username="bea")
    theirs = InboxItem.objects.get(user=bea)
    client = client_for(ada)
    for response in (
        client.get(f"/inbox/{theirs.pk}/"),
        client.post(f"/inbox/{theirs.pk}/read/"),
    ):
        assert response.status_code == 404
        assert "There is no such line in your inbox." in text(response)
    theirs.refresh_from_db()
    assert theirs.read_at is None
    assert client.get("/inbox/read/").status_code == 405


def test_the_inbox_page_costs_the_same_queries_whatever_its_length(
    ada, user_factory, client_for
):
    client = client_for(ada)
    services.follow(user=user_factory(), username="ada")

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get("/inbox/").status_code == 200
        return len(captured)

    queries()
    few = queries()
    for _ in range(80):  # more than a page
        services.follow(user=user_factory(), username="ada")
    cache.clear()
    queries()
    assert queries() == few
    assert "Page 1 of 2" in text(client.get("/inbox/"))


def test_lines_untouched_for_90_days_are_forgotten(ada, bea, cy, clock):
    services.follow(user=bea, username="ada")
    clock.advance(89 * 24 * 3600)
    services.follow(user=cy, username="ada")
    clock.advance(2 * 24 * 3600)
    assert inbox.items_prune(timezone.now()) == 1
    assert lines(ada) == [("friend", "Cy follows you. Follow them back to be friends.")]


# -- the bell ----------------------------------------------------------------


def test_the_bell_shows_the_unread_count(ada, bea, cy, client_for):
    client = client_for(ada)
    assert 'data-unread="0"' in client.get("/games/mine/").content.decode()
    services.follow(user=bea, username="ada")
    services.follow(user=cy, username="ada")
    cache.clear()
    html = client.get("/games/mine/").content.decode()
    assert 'data-unread="2"' in html
    assert "Inbox, 2 unread" in html
    assert 'class="bell__count" aria-hidden="true">2<' in html


def test_the_bell_costs_one_query_and_none_while_cached(ada, client_for):
    client = client_for(ada)

    def queries() -> list[str]:
        with CaptureQueriesContext(connection) as captured:
            assert client.get("/friends/").status_code == 200
        return [q["sql"] for q in captured]

    queries()
    warm = queries()
    cache.delete(inbox.bell_key(ada.pk))
    cold = queries()
    assert len(cold) == len(warm) + 1
    assert 'FROM "notifications_inboxitem"' in " ".join(cold)
    assert 'FROM "notifications_inboxitem"' not in " ".join(warm)


def test_a_change_drops_the_cached_count_on_commit(
    ada, bea, django_capture_on_commit_callbacks
):
    assert inbox.unread_count(ada) == 0
    with django_capture_on_commit_callbacks(execute=True):
        services.follow(user=bea, username="ada")
    assert inbox.unread_count(ada) == 1


def test_the_bell_reads_the_lines_of_the_table_it_sits_on(ada, bea, client_for):
    game = make_game(creator=ada, players=[bea])
    play_until_owed(game, bea)
    client = client_for(bea)
    response = client.get(f"/inbox/bell/?at=/games/{game.pk}/")
    assert 'data-unread="0"' in response.content.decode()
    assert not InboxItem.objects.filter(user=bea, read_at=None).exists()
    # Elsewhere, or a path that is no table, reads nothing.
    services.follow(user=ada, username="bea")
    for at in ("/friends/", "/games/x/", "%00", "/" * 500):
        assert client.get("/inbox/bell/", {"at": at}).status_code == 200
    assert InboxItem.objects.filter(user=bea, read_at=None).count() == 1


def test_opening_a_table_reads_its_lines(ada, bea, client_for):
    game = make_game(creator=ada, players=[bea])
    play_until_owed(game, bea)
    services.follow(user=ada, username="bea")
    cache.clear()
    client_for(bea).get(f"/games/{game.pk}/")
    assert list(
        InboxItem.objects.filter(user=bea, read_at=None).values_list("kind", flat=True)
    ) == ["friend"]
