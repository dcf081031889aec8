"""Reads for friends, blocks and challenges: who may do what to whom, the
friends page, the challenge lists. Each costs a fixed number of queries
whatever the number of friends or challenges.
"""

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.db.models import Exists, OuterRef, Prefetch, Q

from games import kinds
from games.chat.models import Mute
from games.engines.plumbing import in_words
from games.forms import decision_time_label
from games.models import Game, Seat
from games.notifications.models import Presence
from games.social.errors import ChallengeNotFound
from games.social.models import (
    Block,
    Challenge,
    ChallengesFrom,
    Follow,
    Invitee,
    LastSeen,
    Preset,
    SocialSettings,
)

# Seen on the site (a page's inbox socket or bell, a table) this recently:
# online now.
ONLINE = timedelta(minutes=5)
# Closed challenges the lists still show.
CLOSED_SHOWN = 10


def users_named(names: list[str]) -> dict[str, object]:
    """The active users with these usernames ({name as given: user}); a name
    matches its username exactly, else whatever its case. One query."""
    # A username has at most 150 characters and no NUL (PostgreSQL refuses one).
    names = [n for n in names if n and len(n) <= 150 and "\x00" not in n]
    if not names:
        return {}
    query = Q()
    for name in names:
        query |= Q(username__iexact=name)
    users = list(get_user_model().objects.filter(query, is_active=True))
    found = {}
    for name in names:
        exact = [u for u in users if u.username == name]
        loose = [u for u in users if u.username.lower() == name.lower()]
        match = exact or (loose if len(loose) == 1 else [])
        if match:
            found[name] = match[0]
    return found


def blocked_by_any(*, user_id: int, by) -> bool:
    """Whether any of the users `by` blocked `user_id` (one query)."""
    by = [pk for pk in by if pk is not None and pk != user_id]
    if not by:
        return False
    return Block.objects.filter(user_id__in=by, blocked_id=user_id).exists()


def blocks(*, user_id: int, other_id: int) -> bool:
    return Block.objects.filter(user_id=user_id, blocked_id=other_id).exists()


@dataclass
class Relationship:
    """What a viewer and another player are to each other."""

    following: bool = False
    followed_by: bool = False
    blocking: bool = False
    blocked_by: bool = False

    @property
    def friends(self) -> bool:
        return self.following and self.followed_by


def relationship(*, viewer, other) -> Relationship:
    """Follows and blocks between `viewer` and `other`, both ways: one query
    (none for a signed-out viewer, or oneself)."""
    if not getattr(viewer, "is_authenticated", False) or viewer.pk == other.pk:
        return Relationship()
    both = {"a": viewer.pk, "b": other.pk}
    row = (
        get_user_model()
        .objects.filter(pk=other.pk)
        .annotate(
            a_follows=Exists(
                Follow.objects.filter(follower_id=both["a"], followed_id=both["b"])
            ),
            b_follows=Exists(
                Follow.objects.filter(follower_id=both["b"], followed_id=both["a"])
            ),
            a_blocks=Exists(
                Block.objects.filter(user_id=both["a"], blocked_id=both["b"])
            ),
            b_blocks=Exists(
                Block.objects.filter(user_id=both["b"], blocked_id=both["a"])
            ),
        )
        .values_list("a_follows", "b_follows", "a_blocks", "b_blocks")
        .first()
    )
    if row is None:
        return Relationship()
    following, followed_by, blocking, blocked_by = row
    return Relationship(
        following=following,
        followed_by=followed_by,
        blocking=blocking,
        blocked_by=blocked_by,
    )


def challenges_from(user_id: int) -> str:
    """Who may challenge the user (their settings, or the default)."""
    return challenge_settings(user_id)[0]


def challenge_settings(user_id: int) -> tuple[str, bool]:
    """Who may challenge the user, and whether bot accounts may: their
    settings, or the defaults. One query."""
    chosen = (
        SocialSettings.objects.filter(user_id=user_id)
        .values_list("challenges_from", "bot_challenges")
        .first()
    )
    return chosen or (ChallengesFrom.EVERYONE, True)


def refusing_bots(user_ids) -> set[int]:
    """Which of `user_ids` take no challenge from bot accounts. One query."""
    return set(
        SocialSettings.objects.filter(
            user_id__in=list(user_ids), bot_challenges=False
        ).values_list("user_id", flat=True)
    )


def refusing(*, challenger_id: int, user_ids) -> tuple[set[int], set[int]]:
    """Which of `user_ids` take no challenge from the challenger (they blocked
    them, or their settings say nobody, or friends only and they are not
    friends), and which muted them. One query."""
    user_ids = list(user_ids)
    if not user_ids:
        return set(), set()
    User = get_user_model()
    rows = User.objects.filter(pk__in=user_ids).annotate(
        blocked=Exists(
            Block.objects.filter(user_id=OuterRef("pk"), blocked_id=challenger_id)
        ),
        muted=Exists(
            Mute.objects.filter(user_id=OuterRef("pk"), muted_id=challenger_id)
        ),
        follows=Exists(
            Follow.objects.filter(follower_id=OuterRef("pk"), followed_id=challenger_id)
        ),
        followed=Exists(
            Follow.objects.filter(follower_id=challenger_id, followed_id=OuterRef("pk"))
        ),
        nobody=Exists(
            SocialSettings.objects.filter(
                user_id=OuterRef("pk"), challenges_from=ChallengesFrom.NOBODY
            )
        ),
        friends_only=Exists(
            SocialSettings.objects.filter(
                user_id=OuterRef("pk"), challenges_from=ChallengesFrom.FRIENDS
            )
        ),
    )
    refused, muting = set(), set()
    for row in rows:
        friends = row.follows and row.followed
        if row.blocked or row.nobody or (row.friends_only and not friends):
            refused.add(row.pk)
        if row.muted:
            muting.add(row.pk)
    return refused, muting


def blocks_among(user_ids) -> bool:
    """Whether any of these users blocked another of them (one query)."""
    user_ids = list(user_ids)
    return Block.objects.filter(user_id__in=user_ids, blocked_id__in=user_ids).exists()


# -- the friends page --------------------------------------------------------


@dataclass
class Friend:
    user: object
    online: bool = False
    # Their games being played that the viewer may watch (public ones, or
    # ones the viewer sits at).
    games: list = field(default_factory=list)


def online_flag(now: datetime):
    """An annotation per user: seen on the site or at a table within ONLINE."""
    since = now - ONLINE
    return Exists(
        LastSeen.objects.filter(user_id=OuterRef("pk"), seen_at__gte=since)
    ) | Exists(Presence.objects.filter(user_id=OuterRef("pk"), seen_at__gte=since))


def friends_page(*, user, now: datetime) -> dict:
    """Friends (both follow) with who is online and what they play, the
    players one follows or is followed by alone, the blocked, the settings
    and presets. Six queries, whatever the numbers."""
    User = get_user_model()
    follows = User.objects.filter(followers__follower=user)
    followers = User.objects.filter(following__followed=user)
    people = (
        User.objects.filter(
            Q(pk__in=follows.values("pk")) | Q(pk__in=followers.values("pk"))
        )
        .annotate(
            online=online_flag(now),
            i_follow=Exists(
                Follow.objects.filter(follower=user, followed_id=OuterRef("pk"))
            ),
            follows_me=Exists(
                Follow.objects.filter(follower_id=OuterRef("pk"), followed=user)
            ),
        )
        .order_by("username")
    )
    friends, following, followers_only = [], [], []
    for person in people:
        if person.i_follow and person.follows_me:
            friends.append(Friend(user=person, online=person.online))
        elif person.i_follow:
            following.append(Friend(user=person, online=person.online))
        else:
            followers_only.append(Friend(user=person, online=person.online))
    by_id = {f.user.pk: f for f in friends}
    if by_id:
        mine = Seat.objects.filter(game=OuterRef("game_id"), user=user)
        watched = (
            Seat.objects.filter(user_id__in=by_id, game__status=Game.Status.ACTIVE)
            .filter(Q(game__public=True) | Exists(mine))
            .select_related("game")
            .order_by("-game__started_at")
        )
        for seat in watched:
            by_id[seat.user_id].games.append(seat.game)
    friends.sort(key=lambda f: (not f.online, f.user.name.lower()))
    challenges_from_now, bot_challenges = challenge_settings(user.pk)
    blocked = list(
        Block.objects.filter(user=user)
        .select_related("blocked")
        .order_by("-created_at")
    )
    return {
        "friends": friends,
        "following": following,
        "followers": followers_only,
        "blocked": [b.blocked for b in blocked],
        "challenges_from": challenges_from_now,
        "bot_challenges": bot_challenges,
        "presets": list(Preset.objects.filter(user=user)),
    }


def presets_of(user) -> list[Preset]:
    return list(Preset.objects.filter(user=user))


# -- challenges --------------------------------------------------------------


def with_people(challenges):
    return challenges.select_related("challenger", "game").prefetch_related(
        Prefetch("invitees", queryset=Invitee.objects.select_related("user"))
    )


def challenge_for_viewer(*, challenge_id, user) -> Challenge:
    """The challenge with its people, if `user` is in it (else, as for one
    that does not exist, ChallengeNotFound). Two queries."""
    try:
        challenge_id = int(challenge_id)
    except (TypeError, ValueError):
        raise ChallengeNotFound() from None
    if not 0 < challenge_id < 2**63:
        raise ChallengeNotFound()
    challenge = with_people(Challenge.objects.filter(pk=challenge_id)).first()
    if challenge is None or not involves(challenge, user):
        raise ChallengeNotFound()
    return challenge


def involves(challenge: Challenge, user) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return challenge.challenger_id == user.pk or invitee_of(challenge, user) is not None


def invitee_of(challenge: Challenge, user) -> Invitee | None:
    """`user`'s place in the challenge; None for one it never reached (they
    had muted the challenger)."""
    return next(
        (i for i in challenge.invitees.all() if i.user_id == user.pk and not i.muted),
        None,
    )


def status_of(challenge: Challenge, now: datetime) -> str:
    """Its status as it stands: an open one whose time ran out has expired
    (before the sweep comes by)."""
    if challenge.status == Challenge.Status.OPEN and challenge.expires_at <= now:
        return Challenge.Status.EXPIRED
    return challenge.status


def challenges_of(*, user, now: datetime) -> dict[str, list[Challenge]]:
    """The user's challenges: received and waiting for their answer, sent (or
    accepted) and still open, and the latest closed ones. Six queries: three
    lists, each with its players."""
    named = Invitee.objects.filter(user=user, muted=False)
    open_now = Challenge.objects.filter(
        status=Challenge.Status.OPEN, expires_at__gt=now
    )
    received = open_now.filter(
        pk__in=named.filter(answer=Invitee.Answer.PENDING).values("challenge")
    )
    sent = open_now.filter(
        Q(challenger=user)
        | Q(pk__in=named.filter(answer=Invitee.Answer.ACCEPTED).values("challenge"))
    )
    closed = Challenge.objects.filter(
        Q(challenger=user) | Q(pk__in=named.values("challenge"))
    ).exclude(pk__in=open_now.values("pk"))
    return {
        "received": list(with_people(received).order_by("expires_at")),
        "sent": list(with_people(sent).order_by("expires_at")),
        "closed": list(with_people(closed).order_by("-created_at")[:CLOSED_SHOWN]),
    }


def challenge_summary(challenge: Challenge, players=None, *, reader=None) -> str:
    """ "Monopoly Deal with Bea and a sensible bot: 1 day per decision, rated."

    `players`: the challenged users (else read from the challenge); `reader`,
    one of them, is left out ("Ada challenges you to Monopoly Deal with Cy").
    """
    if players is None:
        players = [i.user for i in challenge.invitees.all()]
    bots = challenge.seat_count - 1 - len(players)
    others = [p.name for p in players if reader is None or p.pk != reader.pk]
    if bots:
        many = "s" if bots > 1 else ""
        others.append(f"{'a' if bots == 1 else bots} {challenge.bot} bot{many}")
    game = kinds.label(challenge.kind)
    if others:
        game = f"{game} with {in_words(others)}"
    rated = "rated" if challenge.rated else "casual"
    return (
        f"{game}: {decision_time_label(challenge.seconds_per_decision)} per "
        f"decision, {rated}."
    )
