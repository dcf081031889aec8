"""Challenges: named players, the create form's settings, accept or decline,
withdraw, expire; refusals say why and make nothing."""

from datetime import timedelta

import pytest

from django.utils import timezone

from games.chat.services import user_mute
from games.models import Game, Seat
from games.notifications.models import InboxItem, Notification
from games.social import selectors, services, tasks
from games.social.errors import (
    BadChallenge,
    ChallengeClosed,
    ChallengeNotFound,
    NoSuchPlayer,
    NotPossible,
    NotYourself,
    TooManyChallenges,
    YouBlocked,
)
from games.social.models import Challenge, ChallengesFrom, Invitee
from tests.social.conftest import make_challenge

pytestmark = pytest.mark.django_db


def nothing_made():
    assert not Challenge.objects.exists()
    assert not Invitee.objects.exists()
    assert not InboxItem.objects.exists()
    assert not Notification.objects.exists()


def test_a_challenge_names_its_players_and_reaches_their_inboxes(ada, bea, cy):
    challenge = make_challenge(ada, bea, cy, seat_count=4, rated=False)
    assert challenge.status == "open"
    assert [i.user for i in challenge.invitees.all()] == [bea, cy]
    assert challenge.expires_at - challenge.created_at == timedelta(days=1)
    line = InboxItem.objects.get(user=bea)
    assert line.kind == "challenge"
    assert line.text == (
        "Ada challenges you to Monopoly Deal with Cy and a sensible bot: "
        "1 hour per decision, casual. Answer within 1 day."
    )
    assert line.url == f"/challenges/{challenge.pk}/"
    assert InboxItem.objects.get(user=cy).text.startswith(
        "Ada challenges you to Monopoly Deal with Bea and a sensible bot"
    )
    assert not InboxItem.objects.filter(user=ada).exists()
    # By email (their "your move" choice) and in the inbox: one delivery each.
    emails = Notification.objects.filter(kind="challenge", channel="email")
    assert sorted(emails.values_list("user__username", flat=True)) == ["bea", "cy"]
    assert all(n.item_id and n.challenge_id == challenge.pk for n in emails)


def test_names_may_come_as_typed_with_commas_spaces_and_at_signs(ada, bea, cy):
    assert services.usernames_read(" @bea, cy  Bea;") == ["bea", "cy"]
    challenge = services.challenge_create(
        challenger=ada,
        usernames="@BEA, cy",
        seat_count=3,
        seconds_per_decision=3600,
    )
    assert [i.user for i in challenge.invitees.all()] == [bea, cy]


def test_everyone_accepting_starts_the_game_with_those_seats_and_bots(ada, bea, cy):
    challenge = make_challenge(
        ada,
        bea,
        cy,
        seat_count=5,
        kind="deal",
        seconds_per_decision=4 * 3600,
        options={"bot_replaces_leaver": True},
        public=False,
        rated=False,
        bot="random",
        leaver_bot="expert",
    )
    services.challenge_answer(challenge_id=challenge.pk, user=cy, accept=True)
    challenge.refresh_from_db()
    assert challenge.status == "open" and challenge.game is None
    done = services.challenge_answer(challenge_id=challenge.pk, user=bea, accept=True)

    assert done.status == "started"
    game = Game.objects.get(pk=done.game_id)
    assert game.status == Game.Status.ACTIVE
    assert game.created_by == ada
    assert (game.kind, game.seconds_per_decision, game.public, game.rated) == (
        "deal",
        4 * 3600,
        False,
        False,
    )
    assert (game.bot, game.leaver_bot) == ("random", "expert")
    assert game.rule_options().bot_replaces_leaver is True
    seats = list(game.seats.order_by("position"))
    assert [s.user for s in seats[:3]] == [ada, bea, cy]
    assert [s.bot for s in seats[3:]] == [Seat.Bot.RANDOM] * 2
    assert game.events.filter(type="GameStarted").exists()
    # Everyone hears it started, with a link to the table.
    for player in (ada, bea, cy):
        line = InboxItem.objects.get(user=player, key=f"challenge:{challenge.pk}")
        assert line.text == (
            f"Everyone accepted the challenge: game {game.pk} has started."
        )
        assert line.url == f"/games/{game.pk}/"
        assert line.game_id == game.pk


def test_the_game_is_made_by_the_lobby_services(ada, bea, monkeypatch):
    from games.services import lobby

    calls = []
    for name in ("game_create", "game_join"):
        real = getattr(lobby, name)

        def spy(*args, _real=real, _name=name, **kwargs):
            calls.append(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(lobby, name, spy)
    challenge = make_challenge(ada, bea)
    services.challenge_answer(challenge_id=challenge.pk, user=bea, accept=True)
    assert calls == ["game_create", "game_join"]


def test_accepting_twice_is_accepting_once(ada, bea):
    challenge = make_challenge(ada, bea)
    services.challenge_answer(challenge_id=challenge.pk, user=bea, accept=True)
    again = services.challenge_answer(challenge_id=challenge.pk, user=bea, accept=True)
    assert again.status == "started"
    assert Game.objects.count() == 1


def test_a_decline_with_a_reason_ends_it_for_everyone(ada, bea, cy):
    challenge = make_challenge(ada, bea, cy)
    services.challenge_answer(challenge_id=challenge.pk, user=cy, accept=True)
    services.challenge_answer(
        challenge_id=challenge.pk, user=bea, accept=False, reason="too_many"
    )
    challenge.refresh_from_db()
    assert challenge.status == "declined"
    said = "Bea declined the challenge: “I have enough games going”"
    assert InboxItem.objects.get(user=ada).text == said
    assert InboxItem.objects.get(user=cy).text == said
    with pytest.raises(ChallengeClosed) as refused:
        services.challenge_answer(challenge_id=challenge.pk, user=cy, accept=True)
    assert refused.value.message == "Bea declined this challenge."
    assert refused.value.status == 409
    assert not Game.objects.exists()


def test_a_reason_not_on_the_list_is_refused(ada, bea):
    challenge = make_challenge(ada, bea)
    with pytest.raises(BadChallenge):
        services.challenge_answer(
            challenge_id=challenge.pk, user=bea, accept=False, reason="rude words"
        )
    challenge.refresh_from_db()
    assert challenge.status == "open"


def test_accepting_a_withdrawn_challenge_says_so(ada, bea):
    challenge = make_challenge(ada, bea)
    services.challenge_withdraw(challenge_id=challenge.pk, user=ada)
    with pytest.raises(ChallengeClosed) as refused:
        services.challenge_answer(challenge_id=challenge.pk, user=bea, accept=True)
    assert refused.value.message == "Ada withdrew this challenge."
    assert refused.value.status == 409
    assert not Game.objects.exists()
    assert InboxItem.objects.get(user=bea).text == "Ada withdrew their challenge."
    with pytest.raises(ChallengeClosed):
        services.challenge_withdraw(challenge_id=challenge.pk, user=ada)


def test_accepting_an_expired_challenge_says_so(ada, bea, clock):
    challenge = make_challenge(ada, bea, expires_in=3600)
    clock.advance(3601)
    with pytest.raises(ChallengeClosed) as refused:
        services.challenge_answer(challenge_id=challenge.pk, user=bea, accept=True)
    assert refused.value.message == "This challenge has expired: its time ran out."
    assert not Game.objects.exists()
    challenge.refresh_from_db()
    assert challenge.status == "open"  # until the sweep comes by

    assert tasks.challenges_sweep() == 1
    challenge.refresh_from_db()
    assert challenge.status == "expired"
    assert InboxItem.objects.get(user=ada).text == (
        "Your challenge expired: Bea did not answer in time."
    )
    assert tasks.challenges_sweep() == 0
    assert services.challenge_expire(challenge_id=challenge.pk) is False


def test_a_challenge_not_yet_due_is_not_expired(ada, bea):
    challenge = make_challenge(ada, bea)
    assert services.challenge_expire(challenge_id=challenge.pk) is False
    assert tasks.challenges_sweep() == 0


def test_only_the_challenged_answer_and_only_the_challenger_withdraws(ada, bea, cy):
    challenge = make_challenge(ada, bea)
    with pytest.raises(BadChallenge):
        services.challenge_answer(challenge_id=challenge.pk, user=ada, accept=True)
    with pytest.raises(ChallengeNotFound) as outsider:
        services.challenge_answer(challenge_id=challenge.pk, user=cy, accept=True)
    assert outsider.value.status == 404
    with pytest.raises(BadChallenge):
        services.challenge_withdraw(challenge_id=challenge.pk, user=bea)
    with pytest.raises(ChallengeNotFound):
        services.challenge_withdraw(challenge_id=challenge.pk, user=cy)
    for bad in ("x", None, -1, 10**20, challenge.pk + 1):
        with pytest.raises(ChallengeNotFound):
            services.challenge_answer(challenge_id=bad, user=bea, accept=True)
    challenge.refresh_from_db()
    assert challenge.status == "open"


@pytest.mark.parametrize(
    ("names", "error", "message"),
    [
        (["nobody"], NoSuchPlayer, "There is no player called “nobody”."),
        (["gone"], NoSuchPlayer, "There is no player called “gone”."),
        (["ada"], NotYourself, "You cannot challenge yourself."),
        ([], BadChallenge, "Name at least one player to challenge."),
    ],
)
def test_a_challenge_to_no_one_is_refused_and_makes_nothing(
    ada, bea, user_factory, names, error, message
):
    user_factory("gone", is_active=False)
    with pytest.raises(error) as refused:
        services.challenge_create(
            challenger=ada, usernames=names, seat_count=2, seconds_per_decision=3600
        )
    assert refused.value.message.startswith(message.split(":")[0][:40])
    nothing_made()


def test_a_player_who_blocked_the_challenger_cannot_be_challenged(ada, bea):
    services.block(user=bea, username="ada")
    with pytest.raises(NotPossible) as refused:
        make_challenge(ada, bea)
    assert refused.value.message == "It is not possible to challenge Bea."
    assert refused.value.status == 403
    nothing_made()


def test_a_mute_is_silent_the_challenge_never_reaches_the_muter(ada, bea, cy):
    user_mute(user=cy, muted_id=ada.pk)
    challenge = make_challenge(ada, bea, cy, seat_count=3)
    assert challenge.status == "open"
    assert [(i.user, i.muted) for i in challenge.invitees.all()] == [
        (bea, False),
        (cy, True),
    ]
    # Bea is told; Cy never: no line, no email, no push, no list, no page.
    assert InboxItem.objects.filter(user=bea).exists()
    assert not InboxItem.objects.filter(user=cy).exists()
    assert not Notification.objects.filter(user=cy).exists()
    assert selectors.challenges_of(user=cy, now=timezone.now())["received"] == []
    with pytest.raises(ChallengeNotFound):
        selectors.challenge_for_viewer(challenge_id=challenge.pk, user=cy)
    with pytest.raises(ChallengeNotFound):
        services.challenge_answer(challenge_id=challenge.pk, user=cy, accept=True)
    # Bea's acceptance alone does not start it: it waits, then expires.
    services.challenge_answer(challenge_id=challenge.pk, user=bea, accept=True)
    challenge.refresh_from_db()
    assert challenge.status == "open" and not Game.objects.exists()


def test_the_challenger_who_blocked_a_player_is_told_to_unblock(ada, bea):
    services.block(user=ada, username="bea")
    with pytest.raises(YouBlocked):
        make_challenge(ada, bea)
    nothing_made()


def test_players_who_blocked_each_other_are_not_challenged_together(ada, bea, cy):
    services.block(user=bea, username="cy")
    with pytest.raises(NotPossible) as refused:
        make_challenge(ada, bea, cy)
    assert refused.value.message == (
        "It is not possible to challenge these players together."
    )
    nothing_made()


def test_who_may_challenge_follows_the_players_settings(ada, bea):
    services.challenges_from_set(user=bea, choice=ChallengesFrom.NOBODY)
    with pytest.raises(NotPossible):
        make_challenge(ada, bea)
    services.challenges_from_set(user=bea, choice=ChallengesFrom.FRIENDS)
    with pytest.raises(NotPossible):
        make_challenge(ada, bea)
    services.follow(user=ada, username="bea")
    with pytest.raises(NotPossible):  # following is not being friends
        make_challenge(ada, bea)
    nothing_made_but_follows = Challenge.objects.exists()
    assert not nothing_made_but_follows
    services.follow(user=bea, username="ada")
    assert make_challenge(ada, bea).status == "open"


def test_a_setting_not_on_the_list_is_refused(bea):
    with pytest.raises(Exception) as refused:
        services.challenges_from_set(user=bea, choice="enemies")
    assert refused.value.status == 400


@pytest.mark.parametrize(
    ("chosen", "message"),
    [
        ({"seat_count": 9}, "Monopoly Deal has 2 to 5 seats."),
        ({"seat_count": 1}, "Monopoly Deal has 2 to 5 seats."),
        ({"kind": "chess"}, "There is no such game."),
        ({"bot": "genius"}, "There is no such bot."),
        ({"seconds_per_decision": 0}, "The time per decision must be a positive"),
        ({"options": {"max_missed_deadlines": 0}}, "Those game settings are not"),
        ({"options": {"bot_replaces_leaver": "yes"}}, "Those game settings are not"),
        ({"expires_in": 60}, "A challenge waits 1 hour to 7 days"),
    ],
)
def test_settings_out_of_range_are_refused_as_the_create_form_refuses_them(
    ada, bea, chosen, message
):
    with pytest.raises(Exception) as refused:
        make_challenge(ada, bea, **chosen)
    assert refused.value.status == 400
    assert refused.value.message.startswith(message)
    nothing_made()


def test_more_names_than_seats_is_refused(ada, bea, cy):
    with pytest.raises(BadChallenge) as refused:
        make_challenge(ada, bea, cy, seat_count=2)
    assert refused.value.message == (
        "3 players need a game of at least 3 seats: you chose 2."
    )
    nothing_made()


def test_a_flood_of_challenges_is_refused_with_the_wait(ada, user_factory, clock):
    players = [user_factory(f"p{n}") for n in range(services.FLOOD_COUNT + 1)]
    for player in players[:-1]:
        make_challenge(ada, player)
        clock.advance(30)
    with pytest.raises(TooManyChallenges) as refused:
        make_challenge(ada, players[-1])
    assert refused.value.status == 429
    # The first went out 5 minutes ago: a slot frees 5 minutes from now.
    assert refused.value.message == (
        "You are sending challenges too fast: at most 10 in 10 minutes. "
        "Wait 5 minutes and send it again."
    )
    assert Challenge.objects.count() == services.FLOOD_COUNT
    assert not Invitee.objects.filter(user=players[-1]).exists()
    clock.advance(5 * 60)
    make_challenge(ada, players[-1])


def test_a_challenge_closed_by_time_tells_the_challenged_too(ada, bea, clock):
    challenge = make_challenge(ada, bea, expires_in=3600)
    clock.advance(3600)
    assert services.challenge_expire(challenge_id=challenge.pk) is True
    assert InboxItem.objects.get(user=bea).text == "Ada's challenge expired."


def test_an_eta_task_is_queued_for_a_challenge_about_to_expire(
    ada, bea, cy, settings, monkeypatch, django_capture_on_commit_callbacks
):
    queued = []
    monkeypatch.setattr(
        tasks.challenge_expire,
        "apply_async",
        lambda args, eta: queued.append((args, eta)),
    )
    with django_capture_on_commit_callbacks(execute=True):
        far = make_challenge(ada, bea, expires_in=3600)
    assert queued == []  # beyond the horizon: the sweep's
    settings.GAMES_DEADLINE_ETA_HORIZON = timedelta(hours=2)
    with django_capture_on_commit_callbacks(execute=True):
        near = make_challenge(ada, cy, expires_in=3600)
    assert queued == [((near.pk,), near.expires_at)]
    assert far.pk != near.pk
