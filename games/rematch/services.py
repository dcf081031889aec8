"""Rematch: play a finished game again with the same seats, one click each.

The first human to click "Rematch" on a finished game makes an offer
(`rematch_offer`); every other human seated at it is asked to accept or
decline (on the table, and in their "your move" notifications). When all have
accepted, the new game starts at once (`rematch_answer`): the same seats, bots
at their levels, the same time per decision, house rules, listing and rating,
the seat order rotated so that the player after the last game's first player
starts. One decline ends the offer; so does its deadline, the game's time per
decision (`rematch_expire`, from an ETA task and the beat's deadline sweep).

Every change locks the finished game's row first, as moves do, and moves its
`rematch_changes` on, so its table (stamp) refreshes in every browser. At
most one offer is open at a time, and none after one started (a unique
constraint backs the lock). Refusals raise a `GameError`; nothing is written.
"""

from datetime import timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from games import selectors
from games.chat.selectors import mutes
from games.errors import (
    NotAPlayer,
    RematchClosed,
    RematchNotFound,
    RematchNotPossible,
    StaleVersion,
)
from games.models import Game, GameEvent, Rematch, Seat
from games.notifications.decisions import rematch_asks_record
from games.services import lobby, randomness
from games.services.notify import DEADLINE_ETA_HORIZON, game_announce
from games.services.table import game_lock, game_seats
from games.social.selectors import blocked_by_any

if TYPE_CHECKING:
    from accounts.models import User

NOT_A_PLAYER = "Only the players of this game can ask for or answer a rematch."
NOT_POSSIBLE = "A rematch is not possible."
EXPIRED = "This rematch offer has expired: its time ran out."


def rematch_offer(*, game_id: int, user: "User", seen: int | None) -> Rematch:
    """Offer to play the finished game again; `user` accepts it at once.

    `seen` is the latest offer the player's page showed (None: none). An
    offer still waiting is not made twice: its proposer clicking again (a
    double click) gets it back, another player clicking "Rematch" too accepts
    it. A page that did not show the latest offer (since declined or expired)
    is stale: refused, and the fresh table shows what became of it. Nobody
    offers a rematch to a player who blocked them (games.social): "not
    possible", never why.
    """
    _require_not_blocked(game_id, user)
    try:
        return _offer(game_id=game_id, user=user, seen=seen)
    except IntegrityError:
        # Another offer won a race the lock could not see (SQLite has no row
        # locks; the unique constraint stopped the second): answer it instead.
        return _offer(game_id=game_id, user=user, seen=seen)


def _offer(*, game_id: int, user: "User", seen: int | None) -> Rematch:
    with transaction.atomic():
        game, seats, _seat = _locked(game_id, user)
        now = timezone.now()
        latest = game.rematches.first()
        if latest is not None and latest.status == Rematch.Status.ASKED:
            if latest.is_open(now):
                if user.pk in latest.accepted:
                    return latest
                return _accept(game, seats, latest, user, now)
            _close(game, latest, Rematch.Status.EXPIRED, now)
        if latest is not None and latest.status == Rematch.Status.STARTED:
            raise RematchClosed(_started_message(game))
        if (latest.pk if latest else None) != seen:
            raise StaleVersion(
                "That was not done: the rematch changed meanwhile. Here it is now."
            )
        others = [s for s in _humans(seats) if s.user_id != user.pk]
        # A mute is silent: the offer is made, and never reaches whoever
        # muted its proposer (games.chat), who takes no invitation from them.
        muters = [
            s.user_id for s in others if mutes(muter_id=s.user_id, muted_id=user.pk)
        ]
        asked = [s for s in others if s.user_id not in muters]
        rematch = Rematch.objects.create(
            game=game,
            proposed_by=user,
            accepted=[user.pk],
            unasked=muters,
            created_at=now,
            expires_at=now + timedelta(seconds=game.seconds_per_decision),
        )
        if all(s.user_id in rematch.accepted for s in _humans(seats)):
            _start(game, seats, rematch, now)  # No other human to ask.
            return rematch
        rematch_asks_record(
            game=game,
            seats=asked,
            deadline=rematch.expires_at,
            now=now,
            proposer=user.name,
            table=seats,
        )
        _changed(game)
        _queue_expiry(rematch)
    return rematch


def _require_not_blocked(game_id: int, user) -> None:
    user_id = getattr(user, "pk", None)
    number = _number(game_id)
    if user_id is None or number is None or not 0 < number < 2**63:
        return  # no such game: the offer refuses it
    others = (
        Seat.objects.filter(game_id=number, user__isnull=False)
        .exclude(user_id=user_id)
        .values_list("user_id", flat=True)
    )
    if blocked_by_any(user_id=user_id, by=list(others)):
        raise RematchNotPossible(NOT_POSSIBLE)


def rematch_answer(
    *, game_id: int, rematch_id: int, user: "User", accept: bool
) -> Rematch:
    """Accept or decline the offer `rematch_id` for `user`.

    The last acceptance starts the new game; one decline (the proposer's
    too: calling it off) ends the offer for everyone. Answering an offer that
    was declined, expired or has started is refused with what became of it;
    accepting twice is accepting once.
    """
    with transaction.atomic():
        game, seats, _seat = _locked(game_id, user)
        rematch = Rematch.objects.filter(pk=_number(rematch_id), game=game).first()
        if rematch is None:
            raise RematchNotFound()
        now = timezone.now()
        started = rematch.status == Rematch.Status.STARTED
        if started and accept and user.pk in rematch.accepted:
            return rematch  # A double click on the last acceptance.
        _require_open(game, seats, rematch, now)
        if not accept:
            rematch.declined_by = user
            _close(game, rematch, Rematch.Status.DECLINED, now)
            return rematch
        if user.pk in rematch.accepted:
            return rematch
        return _accept(game, seats, rematch, user, now)


def rematch_expire(*, rematch_id: int) -> bool:
    """Close an offer whose time ran out; False when it is not (yet) due.

    Called by the ETA task queued with the offer and by the deadline sweep;
    safe to call twice or late.
    """
    game_id = (
        Rematch.objects.filter(pk=rematch_id).values_list("game_id", flat=True).first()
    )
    if game_id is None:
        return False
    with transaction.atomic():
        game = game_lock(game_id)
        rematch = Rematch.objects.get(pk=rematch_id)
        now = timezone.now()
        if rematch.status != Rematch.Status.ASKED or rematch.expires_at > now:
            return False
        _close(game, rematch, Rematch.Status.EXPIRED, now)
    return True


def rematches_due(now) -> list[int]:
    """Offers still asked whose deadline has passed (for the sweep)."""
    return list(
        Rematch.objects.filter(
            status=Rematch.Status.ASKED, expires_at__lte=now
        ).values_list("pk", flat=True)
    )


# ---------------------------------------------------------------------------


def _locked(game_id: int, user) -> tuple[Game, list[Seat], Seat]:
    """The finished game (locked), its seats, and `user`'s seat at it."""
    game = game_lock(game_id)
    seats = game_seats(game)
    seat = next((s for s in seats if user is not None and s.user_id == user.pk), None)
    if seat is None or not getattr(user, "is_authenticated", False):
        raise NotAPlayer(NOT_A_PLAYER)
    if game.status != Game.Status.FINISHED:
        raise RematchNotPossible()
    return game, seats, seat


def _humans(seats: list[Seat]) -> list[Seat]:
    """The seats a person held at the end (a bot playing for a leaver too)."""
    return [seat for seat in seats if seat.user_id is not None]


def _number(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _require_open(game: Game, seats: list[Seat], rematch: Rematch, now) -> None:
    """Refuse an answer to an offer that is no longer waiting, saying why."""
    if rematch.status == Rematch.Status.DECLINED:
        by = next((s for s in seats if s.user_id == rematch.declined_by_id), None)
        who = by.name if by is not None else "A player"
        raise RematchClosed(f"{who} declined this rematch.")
    if rematch.status == Rematch.Status.STARTED:
        raise RematchClosed(_started_message(game))
    if not rematch.is_open(now):
        raise RematchClosed(EXPIRED)


def _started_message(game: Game) -> str:
    new = selectors.rematch_game_id(game_id=game.pk)
    return f"The rematch has started: game {new}."


def _accept(game: Game, seats: list[Seat], rematch: Rematch, user, now) -> Rematch:
    rematch.accepted = [*rematch.accepted, user.pk]
    if all(s.user_id in rematch.accepted for s in _humans(seats)):
        _start(game, seats, rematch, now)
    else:
        rematch.save(update_fields=["accepted"])
        _changed(game)
    return rematch


def _close(game: Game, rematch: Rematch, status: str, now) -> None:
    rematch.status = status
    rematch.decided_at = now
    rematch.save(update_fields=["status", "decided_at", "declined_by"])
    _changed(game)


def _start(game: Game, seats: list[Seat], rematch: Rematch, now) -> Game:
    """Deal the new game and seat everyone, rotated: the player after the last
    game's first player starts, and everyone keeps their neighbours."""
    count = len(seats)
    events = game.engine.setup(count, game.rule_options(), randomness.rng())
    first = events[0].first
    shift = first - (_first_player(game) + 1)
    new = Game.objects.create(
        kind=game.kind,
        created_by=rematch.proposed_by,
        seat_count=count,
        seconds_per_decision=game.seconds_per_decision,
        options=game.options,
        public=game.public,
        rated=game.rated,
        bot=game.bot,
        leaver_bot=game.leaver_bot,
        rematch_of=game,
    )
    Seat.objects.bulk_create(
        Seat(
            game=new,
            position=(seat.position + shift) % count,
            user=seat.user,
            bot=Seat.Bot.NONE if seat.user_id else seat.bot,
        )
        for seat in seats
    )
    lobby.game_begin(new, game_seats(new), events=events)
    rematch.status = Rematch.Status.STARTED
    rematch.decided_at = now
    rematch.save(update_fields=["accepted", "status", "decided_at"])
    _changed(game)
    return new


def _first_player(game: Game) -> int:
    """Who started `game` (its GameStarted event's `first`)."""
    data = (
        GameEvent.objects.filter(game=game, type="GameStarted")
        .values_list("data", flat=True)
        .first()
    )
    return data["first"] if data else -1


def _changed(game: Game) -> None:
    """Move the finished table's stamp on and tell its browsers (on commit)."""
    game.rematch_changes += 1
    game.save(update_fields=["rematch_changes"])
    game_announce(game)


def _queue_expiry(rematch: Rematch) -> None:
    """On commit: an ETA task for the deadline if it is near (else the sweep)."""
    rematch_id, expires_at = rematch.pk, rematch.expires_at

    def queue() -> None:
        from games import tasks

        horizon = getattr(settings, "GAMES_DEADLINE_ETA_HORIZON", DEADLINE_ETA_HORIZON)
        if expires_at - timezone.now() <= horizon:
            tasks.rematch_expire.apply_async((rematch_id,), eta=expires_at)

    transaction.on_commit(queue, robust=True)
