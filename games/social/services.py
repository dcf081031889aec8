"""The only code that writes follows, blocks, challenges and presets.

Follows and blocks:

- `follow`, `unfollow`: a friendship is two follows. The followed player is
  told in their inbox ("Ada follows you").
- `block`, `unblock`: a blocked player cannot follow, challenge, join the
  blocker's tables (games.services.lobby) or offer them a rematch
  (games.rematch); whatever they try is "not possible", never why. Blocking
  ends the follows both ways and the open challenges between the two.

Challenges (`challenge_create`, `challenge_answer`, `challenge_withdraw`,
`challenge_expire`): a game offered to named players with the create form's
settings; the challenged accept or decline (with an optional reason), and
when the last accepts, the game is made by the lobby's services, as the
create form makes one: the challenger at seat 0, the players in the order
named, bots in the seats left. One decline, a withdrawal, or the chosen time
running out ends it. Every change locks the challenge row first, so two
players accepting at once make one game, and an answer racing a withdrawal
loses or wins whole.

The challenged are told in their inbox, by email and by Web Push (as their
"your move" choices say); the challenger, in their inbox, of a decline, the
start, or the end of their time.

Each refusal raises a `games.errors.GameError` with a sentence and an HTTP
status; nothing is written then.
"""

import math
import re
from datetime import timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from games import kinds
from games.engines.plumbing import in_words
from games.errors import BadSettings
from games.forms import decision_time_label
from games.notifications import inbox
from games.notifications.decisions import challenge_asks_record
from games.notifications.models import InboxItem
from games.services import lobby
from games.services.notify import DEADLINE_ETA_HORIZON
from games.social import selectors
from games.social.errors import (
    BadChallenge,
    BadPreset,
    ChallengeClosed,
    ChallengeNotFound,
    NoSuchPlayer,
    NotPossible,
    NotYourself,
    TooManyChallenges,
    YouBlocked,
)
from games.social.models import (
    DEFAULT_EXPIRY,
    EXPIRY_CHOICES,
    Block,
    Challenge,
    ChallengesFrom,
    Follow,
    Invitee,
    LastSeen,
    Preset,
    SocialSettings,
)

if TYPE_CHECKING:
    from accounts.models import User

# At most FLOOD_COUNT challenges in FLOOD_WINDOW per challenger.
FLOOD_COUNT = 10
FLOOD_WINDOW = timedelta(minutes=10)


NOT_POSSIBLE_FOLLOW = "It is not possible to follow {name}."
NOT_POSSIBLE_CHALLENGE = "It is not possible to challenge {name}."
NOT_TOGETHER = "It is not possible to challenge these players together."
NO_SUCH_PLAYER = "There is no player called “{name}”."
NO_BOTS = "{name} takes no challenges from bot accounts."
EXPIRED = "This challenge has expired: its time ran out."


def _now():
    return timezone.now()


def _player(username, *, user) -> "User":
    """The active player `username` names, other than `user`."""
    name = str(username or "").strip()
    other = selectors.users_named([name]).get(name) if name else None
    if other is None:
        raise NoSuchPlayer(NO_SUCH_PLAYER.format(name=name[:40]))
    if other.pk == user.pk:
        raise NotYourself()
    return other


def _require_user(user) -> None:
    if user is None or not getattr(user, "is_authenticated", False):
        raise NotPossible("Sign in first.")


# -- follows and blocks ------------------------------------------------------


def follow(*, user: "User", username: str) -> "User":
    """`user` follows the player `username` (twice is once); both ways, they
    are friends. The followed player finds it in their inbox. Returns them."""
    _require_user(user)
    other = _player(username, user=user)
    if selectors.blocks(user_id=user.pk, other_id=other.pk):
        raise YouBlocked(f"You blocked {other.name}: unblock them first.")
    if selectors.blocks(user_id=other.pk, other_id=user.pk):
        raise NotPossible(NOT_POSSIBLE_FOLLOW.format(name=other.name))
    now = _now()
    with transaction.atomic():
        _made, created = Follow.objects.get_or_create(
            follower=user, followed=other, defaults={"created_at": now}
        )
        if created:
            back = Follow.objects.filter(follower=other, followed=user).exists()
            text = (
                f"{user.name} follows you back: you are friends now."
                if back
                else f"{user.name} follows you. Follow them back to be friends."
            )
            inbox.items_record(
                [
                    inbox.Entry(
                        user_id=other.pk,
                        kind=InboxItem.Kind.FRIEND,
                        key=f"user:{user.pk}",
                        text=text,
                        url=_player_url(user),
                    )
                ],
                now=now,
            )
    return other


def unfollow(*, user: "User", username: str) -> "User":
    _require_user(user)
    other = _player(username, user=user)
    Follow.objects.filter(follower=user, followed=other).delete()
    return other


def block(*, user: "User", username: str) -> "User":
    """`user` blocks `username`: no follows either way, and the open
    challenges between them are over (withdrawn if `user` made it, else
    declined)."""
    _require_user(user)
    other = _player(username, user=user)
    now = _now()
    with transaction.atomic():
        Block.objects.get_or_create(
            user=user, blocked=other, defaults={"created_at": now}
        )
        Follow.objects.filter(follower=user, followed=other).delete()
        Follow.objects.filter(follower=other, followed=user).delete()
        InboxItem.objects.filter(
            user=user, kind=InboxItem.Kind.FRIEND, key=f"user:{other.pk}"
        ).delete()
        for challenge_id in _open_between(user.pk, other.pk):
            _close_for_block(challenge_id, user, now)
    return other


def unblock(*, user: "User", username: str) -> "User":
    _require_user(user)
    other = _player(username, user=user)
    Block.objects.filter(user=user, blocked=other).delete()
    return other


# A player's "last seen" is written at most this often (a mark in the cache
# says it was lately), so a page's bell costs no write most of the time.
SEEN_REFRESH = timedelta(minutes=1)


def seen_now(*, user: "User") -> None:
    """Record that `user` has a page of the site open now (for their friends'
    "online now"): one query, none when the cache says it ran lately."""
    if not getattr(user, "is_authenticated", False):
        return
    if not cache.add(f"seen:{user.pk}", 1, SEEN_REFRESH.total_seconds()):
        return
    LastSeen.objects.bulk_create(
        [LastSeen(user_id=user.pk, seen_at=_now())],
        update_conflicts=True,
        unique_fields=["user"],
        update_fields=["seen_at"],
    )


def challenges_from_set(
    *, user: "User", choice: str, bot_challenges: bool | None = None
) -> SocialSettings:
    """Who may challenge `user`: everyone, friends only, or nobody; and,
    unless None, whether bot accounts may (as far as that choice lets)."""
    _require_user(user)
    if choice not in ChallengesFrom.values:
        raise BadSettings("Choose who may challenge you.")
    chosen = {"challenges_from": choice}
    if bot_challenges is not None:
        chosen["bot_challenges"] = bool(bot_challenges)
    saved, _ = SocialSettings.objects.update_or_create(user=user, defaults=chosen)
    return saved


def _open_between(a: int, b: int) -> list[int]:
    """Open challenges that both users are in."""
    mine = Invitee.objects.filter(user_id=a).values("challenge")
    theirs = Invitee.objects.filter(user_id=b).values("challenge")
    opened = Challenge.objects.filter(status=Challenge.Status.OPEN)
    both = (
        opened.filter(challenger_id=a, pk__in=theirs)
        | opened.filter(challenger_id=b, pk__in=mine)
        | opened.filter(pk__in=mine).filter(pk__in=theirs)
    )
    return sorted(set(both.values_list("pk", flat=True)))


def _close_for_block(challenge_id: int, user, now) -> None:
    challenge = _locked(challenge_id)
    if challenge.status != Challenge.Status.OPEN:
        return
    people = _people(challenge)
    if challenge.challenger_id == user.pk:
        _end(challenge, Challenge.Status.WITHDRAWN, now, people)
        return
    invitee = selectors.invitee_of(challenge, user)
    if invitee is not None:
        invitee.answer = Invitee.Answer.DECLINED
        invitee.answered_at = now
        invitee.save(update_fields=["answer", "answered_at"])
    _end(challenge, Challenge.Status.DECLINED, now, people, by=user)


# -- challenges --------------------------------------------------------------


def usernames_read(text) -> list[str]:
    """The names in what was typed: separated by commas or spaces, an "@"
    before one allowed, each once (as first written)."""
    if isinstance(text, list | tuple):
        text = ",".join(str(t) for t in text)
    names = []
    for raw in re.split(r"[\s,;]+", str(text or "")):
        name = raw.strip().lstrip("@")
        if name and name.lower() not in {n.lower() for n in names}:
            names.append(name)
    return names


def challenge_create(
    *,
    challenger: "User",
    usernames,
    kind: str = kinds.DEFAULT,
    seat_count: int,
    seconds_per_decision: int,
    options=None,
    public: bool = True,
    rated: bool = True,
    bot: str = "sensible",
    leaver_bot: str = "sensible",
    expires_in: int = DEFAULT_EXPIRY,
) -> Challenge:
    """Challenge the players `usernames` to a game with these settings (the
    create form's, checked as `lobby.game_create` checks them); seats beyond
    the challenger and the named are for bots of strength `bot`.

    Refused, with nothing made: a name that is no active player, oneself, a
    player who blocked the challenger or takes no challenge from them
    (everyone / friends only / nobody; "not possible", never why), one the
    challenger blocked, players who blocked each other, settings out of
    range, and more than FLOOD_COUNT challenges in FLOOD_WINDOW (429, with
    the wait). A mute is silent (as for rematch offers): the challenge is
    made, and never reaches a player who muted the challenger.
    """
    _require_user(challenger)
    names = usernames_read(usernames)
    if not names:
        raise BadChallenge("Name at least one player to challenge.")
    game_kind, rule_options = lobby.game_settings_check(
        kind=kind,
        seat_count=seat_count,
        seconds_per_decision=seconds_per_decision,
        options=options,
        bot=bot,
        leaver_bot=leaver_bot,
    )
    if len(names) + 1 > seat_count:
        raise BadChallenge(
            f"{len(names) + 1} players need a game of at least "
            f"{len(names) + 1} seats: you chose {seat_count}."
        )
    if expires_in not in dict(EXPIRY_CHOICES):
        raise BadChallenge("A challenge waits 1 hour to 7 days for its answers.")
    found = selectors.users_named(names)
    for name in names:
        if name not in found:
            raise NoSuchPlayer(NO_SUCH_PLAYER.format(name=name[:40]))
        if found[name].pk == challenger.pk:
            raise NotYourself("You cannot challenge yourself.")
    players = [found[name] for name in names]
    if len({p.pk for p in players}) != len(players):
        raise BadChallenge("Name each player once.")
    for player in players:
        if selectors.blocks(user_id=challenger.pk, other_id=player.pk):
            raise YouBlocked(f"You blocked {player.name}: unblock them first.")
    refused, muting = selectors.refusing(
        challenger_id=challenger.pk, user_ids=[p.pk for p in players]
    )
    for player in players:
        if player.pk in refused:
            raise NotPossible(NOT_POSSIBLE_CHALLENGE.format(name=player.name))
    if challenger.is_bot:
        no_bots = selectors.refusing_bots(p.pk for p in players)
        for player in players:
            if player.pk in no_bots:
                raise NotPossible(NO_BOTS.format(name=player.name))
    if len(players) > 1 and selectors.blocks_among([p.pk for p in players]):
        raise NotPossible(NOT_TOGETHER)
    with transaction.atomic():
        now = _now()
        _require_not_flooding(challenger, now)
        challenge = Challenge.objects.create(
            challenger=challenger,
            kind=game_kind.key,
            seat_count=seat_count,
            seconds_per_decision=seconds_per_decision,
            options=rule_options.to_json(),
            public=bool(public),
            rated=bool(rated),
            bot=bot,
            leaver_bot=leaver_bot,
            created_at=now,
            expires_at=now + timedelta(seconds=expires_in),
        )
        Invitee.objects.bulk_create(
            Invitee(
                challenge=challenge,
                user=player,
                position=n,
                muted=player.pk in muting,
            )
            for n, player in enumerate(players, start=1)
        )
        # A mute is silent: whoever muted the challenger is not told.
        told = [player for player in players if player.pk not in muting]
        within = _time_label(expires_in)
        items = inbox.items_record(
            [
                inbox.Entry(
                    user_id=player.pk,
                    kind=InboxItem.Kind.CHALLENGE,
                    key=_key(challenge),
                    text=f"{challenger.name} challenges you to "
                    f"{selectors.challenge_summary(challenge, players, reader=player)}"
                    f" Answer within {within}.",
                    url=challenge.get_absolute_url(),
                )
                for player in told
            ],
            now=now,
        )
        challenge_asks_record(
            challenge=challenge,
            users=told,
            items={user_id: pk for (user_id, _kind, _key_), pk in items.items()},
            now=now,
        )
        _queue_expiry(challenge)
    return challenge


def _require_not_flooding(challenger, now) -> None:
    # One challenge at a time per challenger: the count below is then exact.
    get_user_model().objects.select_for_update().filter(pk=challenger.pk).first()
    recent = list(
        Challenge.objects.filter(
            challenger=challenger, created_at__gt=now - FLOOD_WINDOW
        )
        .order_by("-created_at")
        .values_list("created_at", flat=True)[:FLOOD_COUNT]
    )
    if len(recent) >= FLOOD_COUNT:
        wait = math.ceil((recent[-1] + FLOOD_WINDOW - now).total_seconds())
        minutes = max(1, math.ceil(wait / 60))
        raise TooManyChallenges(
            f"You are sending challenges too fast: at most {FLOOD_COUNT} in "
            f"{FLOOD_WINDOW.seconds // 60} minutes. Wait {minutes} "
            f"minute{'s' if minutes > 1 else ''} and send it again."
        )


def challenge_answer(
    *, challenge_id, user: "User", accept: bool, reason: str = ""
) -> Challenge:
    """Accept or decline the challenge for `user`, one of the challenged.

    The last acceptance starts the game (`challenge.game`); a decline, with
    an optional reason from `Invitee.Reason`, ends the challenge for everyone.
    Answering a challenge that was withdrawn, declined, has expired or
    started is refused with what became of it (409); accepting twice is
    accepting once.
    """
    _require_user(user)
    if not accept and reason not in Invitee.Reason.values:
        raise BadChallenge("Choose a reason from the list, or none.")
    with transaction.atomic():
        challenge = _locked(challenge_id)
        people = _people(challenge)
        invitee = selectors.invitee_of(challenge, user)
        if invitee is None:
            if challenge.challenger_id == user.pk:
                raise BadChallenge(
                    "You made this challenge: the players you named answer it."
                )
            raise ChallengeNotFound()
        now = _now()
        if (
            accept
            and challenge.status == Challenge.Status.STARTED
            and invitee.answer == Invitee.Answer.ACCEPTED
        ):
            return challenge  # A double click on the last acceptance.
        _require_open(challenge, people, now)
        if accept and invitee.answer == Invitee.Answer.ACCEPTED:
            return challenge  # Accepting twice is accepting once.
        invitee.answer = Invitee.Answer.ACCEPTED if accept else Invitee.Answer.DECLINED
        invitee.reason = "" if accept else reason
        invitee.answered_at = now
        invitee.save(update_fields=["answer", "reason", "answered_at"])
        if not accept:
            _end(challenge, Challenge.Status.DECLINED, now, people, by=user)
        elif all(i.answer == Invitee.Answer.ACCEPTED for i in challenge.invitees.all()):
            _start(challenge, now, people)
        inbox.items_read_where(
            user=user, now=now, kind=InboxItem.Kind.CHALLENGE, key=_key(challenge)
        )
    return challenge


def challenge_withdraw(*, challenge_id, user: "User") -> Challenge:
    """The challenger calls their open challenge off."""
    _require_user(user)
    with transaction.atomic():
        challenge = _locked(challenge_id)
        people = _people(challenge)
        if challenge.challenger_id != user.pk:
            if selectors.invitee_of(challenge, user) is not None:
                raise BadChallenge(
                    "Only the player who made a challenge can withdraw it: "
                    "decline it instead."
                )
            raise ChallengeNotFound()
        now = _now()
        _require_open(challenge, people, now)
        _end(challenge, Challenge.Status.WITHDRAWN, now, people)
    return challenge


def challenge_expire(*, challenge_id: int) -> bool:
    """Close a challenge whose time ran out; False when it is not (yet) due.

    Called by the ETA task queued with it and by the sweep; safe to call
    twice or late.
    """
    with transaction.atomic():
        try:
            challenge = _locked(challenge_id)
        except ChallengeNotFound:
            return False
        now = _now()
        if challenge.status != Challenge.Status.OPEN or challenge.expires_at > now:
            return False
        _end(challenge, Challenge.Status.EXPIRED, now, _people(challenge))
    return True


def challenges_due(now) -> list[int]:
    """Open challenges whose time has run out (for the sweep)."""
    return list(
        Challenge.objects.filter(
            status=Challenge.Status.OPEN, expires_at__lte=now
        ).values_list("pk", flat=True)
    )


def _locked(challenge_id) -> Challenge:
    """The challenge row, locked until the transaction ends, with its
    challenged players (ChallengeNotFound if none)."""
    try:
        challenge_id = int(challenge_id)
    except (TypeError, ValueError):
        raise ChallengeNotFound() from None
    if not 0 < challenge_id < 2**63:
        raise ChallengeNotFound()
    challenge = (
        Challenge.objects.select_for_update(of=("self",))
        .select_related("challenger")
        .filter(pk=challenge_id)
        .first()
    )
    if challenge is None:
        raise ChallengeNotFound()
    # Read after the lock: the answers as the last writer left them.
    invitees = list(Invitee.objects.filter(challenge=challenge).select_related("user"))
    _invitees_known(challenge, invitees)
    return challenge


def _invitees_known(challenge: Challenge, invitees: list[Invitee]) -> None:
    queryset = Invitee.objects.filter(challenge=challenge)
    queryset._result_cache = invitees
    queryset._prefetch_done = True
    challenge._prefetched_objects_cache = {"invitees": queryset}


def _people(challenge: Challenge) -> dict[int, str]:
    """Names by user id of everyone in the challenge."""
    names = {challenge.challenger_id: challenge.challenger.name}
    names.update({i.user_id: i.user.name for i in challenge.invitees.all()})
    return names


def _require_open(challenge: Challenge, people: dict[int, str], now) -> None:
    """Refuse to act on a challenge no longer waiting, saying what became of it."""
    status = challenge.status
    if status == Challenge.Status.WITHDRAWN:
        who = people.get(challenge.challenger_id, "The challenger")
        raise ChallengeClosed(f"{who} withdrew this challenge.")
    if status == Challenge.Status.DECLINED:
        by = next(
            (
                i
                for i in challenge.invitees.all()
                if i.answer == Invitee.Answer.DECLINED
            ),
            None,
        )
        who = people.get(by.user_id) if by is not None else "A player"
        raise ChallengeClosed(f"{who} declined this challenge.")
    if status == Challenge.Status.STARTED:
        raise ChallengeClosed(f"This challenge has started: game {challenge.game_id}.")
    if status == Challenge.Status.EXPIRED or challenge.expires_at <= now:
        raise ChallengeClosed(EXPIRED)


def _start(challenge: Challenge, now, people: dict[int, str]) -> None:
    """Make the game through the lobby, as the create form does: the
    challenger's table, the challenged seated in order, bots in the rest."""
    game = lobby.game_create(
        creator=challenge.challenger,
        seat_count=challenge.seat_count,
        seconds_per_decision=challenge.seconds_per_decision,
        options=challenge.options,
        public=challenge.public,
        rated=challenge.rated,
        bot=challenge.bot,
        leaver_bot=challenge.leaver_bot,
        kind=challenge.kind,
    )
    for invitee in challenge.invitees.all():
        lobby.game_join(game_id=game.pk, user=invitee.user, token=game.invite_token)
    if challenge.bot_seats > 0:
        lobby.game_add_bots(game_id=game.pk, user=challenge.challenger)
    challenge.game = game
    challenge.status = Challenge.Status.STARTED
    challenge.decided_at = now
    challenge.save(update_fields=["game", "status", "decided_at"])
    text = f"Everyone accepted the challenge: game {game.pk} has started."
    inbox.items_record(
        [
            inbox.Entry(
                user_id=user_id,
                kind=InboxItem.Kind.CHALLENGE,
                key=_key(challenge),
                text=text,
                url=game.get_absolute_url(),
                game_id=game.pk,
            )
            for user_id in people
        ],
        now=now,
    )


def _end(challenge: Challenge, status: str, now, people: dict[int, str], by=None):
    """Close the challenge and tell those it concerns, in their inboxes."""
    challenge.status = status
    challenge.decided_at = now
    challenge.save(update_fields=["status", "decided_at"])
    # Those it reached (a mute is silent: not whoever muted the challenger).
    challenged = [i.user_id for i in challenge.invitees.all() if not i.muted]
    challenger = people.get(challenge.challenger_id, "The challenger")
    if status == Challenge.Status.WITHDRAWN:
        inbox.items_retell(
            kind=InboxItem.Kind.CHALLENGE,
            key=_key(challenge),
            text=f"{challenger} withdrew their challenge.",
            user_ids=challenged,
        )
        return
    if status == Challenge.Status.EXPIRED:
        waiting = [
            people[i.user_id]
            for i in challenge.invitees.all()
            if i.answer != Invitee.Answer.ACCEPTED
        ]
        text = f"Your challenge expired: {in_words(waiting)} did not answer in time."
        tell = [challenge.challenger_id]
        inbox.items_retell(
            kind=InboxItem.Kind.CHALLENGE,
            key=_key(challenge),
            text=f"{challenger}'s challenge expired.",
            user_ids=challenged,
        )
    else:  # declined
        decliner = people.get(getattr(by, "pk", None), "A player")
        invitee = next(
            (
                i
                for i in challenge.invitees.all()
                if i.user_id == getattr(by, "pk", None)
            ),
            None,
        )
        reason = (
            f": “{Invitee.Reason(invitee.reason).label}”"
            if invitee is not None and invitee.reason
            else "."
        )
        text = f"{decliner} declined the challenge{reason}"
        tell = [
            user_id
            for user_id in [challenge.challenger_id, *challenged]
            if user_id != getattr(by, "pk", None)
        ]
    inbox.items_record(
        [
            inbox.Entry(
                user_id=user_id,
                kind=InboxItem.Kind.CHALLENGE,
                key=_key(challenge),
                text=text,
                url=challenge.get_absolute_url(),
            )
            for user_id in tell
        ],
        now=now,
    )


def _queue_expiry(challenge: Challenge) -> None:
    """On commit: an ETA task for the expiry if it is near (else the sweep)."""
    challenge_id, expires_at = challenge.pk, challenge.expires_at

    def queue() -> None:
        from games.social import tasks

        horizon = getattr(settings, "GAMES_DEADLINE_ETA_HORIZON", DEADLINE_ETA_HORIZON)
        if expires_at - timezone.now() <= horizon:
            tasks.challenge_expire.apply_async((challenge_id,), eta=expires_at)

    transaction.on_commit(queue, robust=True)


def _key(challenge: Challenge) -> str:
    return f"challenge:{challenge.pk}"


def _player_url(user) -> str:
    from django.urls import reverse

    return reverse("players:player", args=[user.username])


def _time_label(seconds: int) -> str:
    return dict(EXPIRY_CHOICES).get(seconds) or decision_time_label(seconds)


# -- presets -----------------------------------------------------------------


def preset_save(*, user: "User", name: str, data: dict) -> Preset:
    """Keep the challenge form's `data` as `user`'s preset `name` (the same
    name again replaces it); at most Preset.MAX_PER_USER."""
    _require_user(user)
    name = " ".join(str(name or "").split())[:40]
    if not name:
        raise BadPreset("Give the preset a name.")
    if not isinstance(data, dict):
        raise BadPreset()
    with transaction.atomic():
        existing = Preset.objects.filter(user=user, name=name).first()
        if existing is None and Preset.objects.filter(user=user).count() >= (
            Preset.MAX_PER_USER
        ):
            raise BadPreset(
                f"You have {Preset.MAX_PER_USER} presets: delete one to save another."
            )
        preset, _ = Preset.objects.update_or_create(
            user=user, name=name, defaults={"data": data, "created_at": _now()}
        )
    return preset


def preset_delete(*, user: "User", preset_id) -> None:
    _require_user(user)
    try:
        preset_id = int(preset_id)
    except (TypeError, ValueError):
        raise BadPreset("There is no such preset.") from None
    if not 0 < preset_id < 2**63:
        raise BadPreset("There is no such preset.")
    deleted, _ = Preset.objects.filter(user=user, pk=preset_id).delete()
    if not deleted:
        raise BadPreset("There is no such preset.")
