"""Following makes friends (both ways); a block shuts a player out, saying
only "not possible"."""

import pytest

from games import services as games
from games.errors import GameError
from games.models import Game, Rematch
from games.notifications.models import InboxItem
from games.rematch import services as rematches
from games.social import selectors, services
from games.social.errors import NoSuchPlayer, NotPossible, NotYourself, YouBlocked
from games.social.models import Block, Challenge, Follow
from tests.games.factories import make_game

pytestmark = pytest.mark.django_db


def test_following_back_makes_friends_and_tells_each_in_their_inbox(ada, bea):
    services.follow(user=ada, username="bea")
    assert not selectors.relationship(viewer=ada, other=bea).friends
    told = InboxItem.objects.get(user=bea, kind="friend")
    assert told.text == "Ada follows you. Follow them back to be friends."
    assert told.url == "/players/ada/"

    services.follow(user=bea, username="ada")
    assert selectors.relationship(viewer=ada, other=bea).friends
    assert selectors.relationship(viewer=bea, other=ada).friends
    told = InboxItem.objects.get(user=ada, kind="friend")
    assert told.text == "Bea follows you back: you are friends now."


def test_following_twice_is_following_once_and_unfollowing_ends_the_friendship(
    ada, bea
):
    services.follow(user=ada, username="bea")
    services.follow(user=ada, username="bea")
    services.follow(user=bea, username="ada")
    assert Follow.objects.count() == 2
    assert InboxItem.objects.filter(user=bea).count() == 1
    services.unfollow(user=ada, username="bea")
    assert not selectors.relationship(viewer=bea, other=ada).friends
    assert selectors.relationship(viewer=bea, other=ada).following


@pytest.mark.parametrize(
    ("name", "error", "message"),
    [
        ("nobody", NoSuchPlayer, "There is no player called “nobody”."),
        ("", NoSuchPlayer, "There is no player called “”."),
        ("ada", NotYourself, "You cannot do that to yourself."),
        ("gone", NoSuchPlayer, "There is no player called “gone”."),
    ],
)
def test_following_no_one_or_oneself_is_refused_and_makes_nothing(
    ada, user_factory, name, error, message
):
    user_factory("gone", is_active=False)
    with pytest.raises(error) as refused:
        services.follow(user=ada, username=name)
    assert refused.value.message == message
    assert not Follow.objects.exists()
    assert not InboxItem.objects.exists()


def test_a_blocked_player_cannot_follow_and_is_told_only_not_possible(ada, bea):
    services.block(user=bea, username="ada")
    with pytest.raises(NotPossible) as refused:
        services.follow(user=ada, username="bea")
    assert refused.value.message == "It is not possible to follow Bea."
    assert refused.value.status == 403
    assert not Follow.objects.exists()
    assert not InboxItem.objects.exists()


def test_the_blocker_is_told_to_unblock_first(ada, bea):
    services.block(user=ada, username="bea")
    with pytest.raises(YouBlocked) as refused:
        services.follow(user=ada, username="bea")
    assert refused.value.message == "You blocked Bea: unblock them first."
    services.unblock(user=ada, username="bea")
    services.follow(user=ada, username="bea")
    assert Follow.objects.filter(follower=ada).exists()


def test_blocking_ends_the_follows_both_ways_and_the_challenges_between(
    ada, bea, cy, challenge_of
):
    services.follow(user=ada, username="bea")
    services.follow(user=bea, username="ada")
    from_ada = challenge_of(ada, bea)
    to_ada = challenge_of(bea, ada)
    with_cy = challenge_of(cy, ada, bea)
    elsewhere = challenge_of(cy, ada)

    services.block(user=bea, username="ada")

    assert not Follow.objects.exists()
    statuses = dict(Challenge.objects.values_list("pk", "status"))
    assert statuses[from_ada.pk] == "declined"
    assert statuses[to_ada.pk] == "withdrawn"
    assert statuses[with_cy.pk] == "declined"
    assert statuses[elsewhere.pk] == "open"
    # Ada hears that Bea declined, never why.
    told = InboxItem.objects.get(user=ada, key=f"challenge:{from_ada.pk}")
    assert told.text == "Bea declined the challenge."
    assert "block" not in " ".join(InboxItem.objects.values_list("text", flat=True))


def test_a_blocked_player_cannot_join_the_blockers_tables(ada, bea, cy):
    public = make_game(creator=bea, seat_count=3, start=False)
    private = make_game(creator=bea, seat_count=3, start=False, public=False)
    services.block(user=bea, username="ada")
    for game, token in ((public, None), (private, private.invite_token)):
        with pytest.raises(NotPossible) as refused:
            games.game_join(game_id=game.pk, user=ada, token=token)
        assert refused.value.message == "It is not possible to join this table."
        assert game.seats.count() == 1
    # Anyone else still may; and a table where a third player blocked Ada too.
    games.game_join(game_id=public.pk, user=cy)
    with pytest.raises(NotPossible):
        games.game_join(game_id=public.pk, user=ada)


def test_a_blocked_player_cannot_offer_the_blocker_a_rematch(ada, bea):
    game = make_game(creator=ada, players=[bea])
    games.game_resign(game_id=game.pk, user=bea)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    services.block(user=bea, username="ada")
    with pytest.raises(GameError) as refused:
        rematches.rematch_offer(game_id=game.pk, user=ada, seen=None)
    assert refused.value.message == "A rematch is not possible."
    assert not Rematch.objects.exists()
    # The blocker may still offer one.
    rematches.rematch_offer(game_id=game.pk, user=bea, seen=None)
    assert Rematch.objects.count() == 1


def test_blocking_twice_is_blocking_once(ada, bea):
    services.block(user=ada, username="bea")
    services.block(user=ada, username="bea")
    assert Block.objects.count() == 1
    assert selectors.relationship(viewer=ada, other=bea).blocking
    assert selectors.relationship(viewer=bea, other=ada).blocked_by
