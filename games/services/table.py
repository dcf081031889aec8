"""The one path every change to a started game takes: `Table`.

A change locks the game row (`game_lock`), reads its seats (`game_seats`), and makes
a `Table` of them: the engine decides each move (`check`), the events are
appended and the state evolved (`append`), and `save` writes the events,
the snapshot, the next deadlines, the seats that changed, a finished game's
ratings and its players' inbox lines, and the decisions owed, then announces
on commit (`notify`).
"""

from datetime import datetime, timedelta

from django.utils import timezone

from games.errors import BadMove, GameNotFound
from games.models import Game, GameCheckpoint, GameEvent, Seat
from games.notifications.decisions import decisions_record
from games.notifications.push import with_device_flag
from games.notifications.results import results_record
from games.ratings import game_rate
from games.services import randomness, vacations
from games.services.notify import game_announce, game_finished
from games.services.standing import standing_answers_apply
from mdeal_site.prepared import Prepared

# A bot owes its move at once and its task plays it at once; this due time is
# for the sweep, which finds a bot whose task was lost (Redis down when it was
# queued) and plays for it through deadline_expire.
BOT_DUE = timedelta(seconds=15)


class Table:
    """A locked, started game being changed inside one transaction."""

    def __init__(self, game: Game, seats: list[Seat], *, now: datetime | None = None):
        self.game = game
        self.seats = seats
        self.kind = game.game_kind
        self.engine = self.kind.engine
        self.state = game.state()
        self.now = now or timezone.now()
        self.rows: list[GameEvent] = []
        self.checkpoints: list[GameCheckpoint] = []
        self.movers: set[int] = set()
        self.dirty: dict[int, Seat] = {}
        self._reset = False

    def check(self, move) -> list:
        """What the engine decides for `move` (BadMove when it refuses)."""
        try:
            return self.engine.decide(self.state, move, randomness.rng())
        except self.engine.IllegalMove as error:
            raise BadMove(error.message) from error

    def play(self, move, *, cause: str = GameEvent.Cause.PLAYER) -> None:
        """Let the engine decide `move` and apply what happened."""
        self.apply(move, self.check(move), cause=cause)

    def apply(self, move, events, *, cause: str = GameEvent.Cause.PLAYER) -> None:
        self.append(events, seat=move.seat, cause=cause)
        self.movers.add(move.seat)

    def append(self, events, *, seat: int | None, cause: str) -> None:
        for event in events:
            self.state = self.engine.evolve(self.state, event)
            data = self.engine.to_json(event)
            seq = self.game.version + len(self.rows) + 1
            if seq % GameCheckpoint.EVERY == 0:
                state = self.engine.to_json(self.state)
                self.checkpoints.append(
                    GameCheckpoint(game=self.game, seq=seq, state=state)
                )
            self.rows.append(
                GameEvent(
                    game=self.game,
                    seq=seq,
                    type=data["type"],
                    data=data,
                    schema_version=data.get("v", 1),
                    seat=seat,
                    cause=cause,
                    created_at=self.now,
                )
            )

    def public_history(self, position: int) -> list[dict]:
        """The game's events so far (those stored and those of this
        transaction) as the seat at `position` may read them."""
        stored = (
            GameEvent.objects.filter(game=self.game)
            .order_by("seq")
            .values_list("data", flat=True)
        )
        engine = self.engine
        return [
            engine.redact(engine.from_json(data), position)
            for data in (*stored, *(row.data for row in self.rows))
        ]

    def awaited_seats(self) -> list[int]:
        """Seats owing a decision now, in the engine's order, each once."""
        if self.state is None or self.state.over:
            return []
        return list(dict.fromkeys(a.seat for a in self.engine.awaiting(self.state)))

    def bots_owe(self) -> bool:
        return any(self.seats[p].bot for p in self.awaited_seats())

    def humans_play(self) -> bool:
        """Someone at the table waits for the bots (a human still playing)."""
        return any(seat.is_active_player for seat in self.seats)

    def changed(self, seat: Seat) -> None:
        self.dirty[seat.pk] = seat

    def reset_deadlines(self) -> None:
        self._reset = True

    def save(self, *, announce: bool = True) -> None:
        game = self.game
        owed_before = game.deadlines
        standing_answers_apply(self)
        if self.rows:
            GameEvent.objects.bulk_create(self.rows)
            if self.checkpoints:
                GameCheckpoint.objects.bulk_create(self.checkpoints)
            game.version += len(self.rows)
            game.snapshot = self.engine.to_json(self.state)
        if self.state.over:
            game.status = Game.Status.FINISHED
            game.finished_at = self.now
            winners = self.kind.winners(self.state)
            # Several winners (classic's turn limit, a tie) are a shared result.
            if len(winners) == 1:
                game.winner = self.seats[winners[0]]
            game.deadlines = {}
            game.deadline_at = None
        else:
            game.deadlines = self._deadlines()
            game.deadline_at = min(
                (datetime.fromisoformat(e["at"]) for e in game.deadlines.values()),
                default=None,
            )
        game.save()
        for seat in self.dirty.values():
            seat.save(update_fields=["bot", "status", "missed_deadlines"])
        if game.status == Game.Status.FINISHED:
            game_rate(game=game, seats=self.seats)
            game_finished(game)
            results_record(game=game, seats=self.seats, now=self.now)
        decisions_record(
            game=game,
            seats=self.seats,
            before=owed_before,
            movers=self.movers,
            now=self.now,
        )
        if announce:
            game_announce(
                game,
                bots_owe=self.bots_owe(),
                humans_play=self.humans_play(),
                movers=[
                    self.seats[p].user_id
                    for p in sorted(self.movers)
                    if self.seats[p].user_id is not None
                ],
            )
        # What the table answering this change shows needs no query again.
        game.seats_known(self.seats)
        if self.state is not None and game.snapshot is not None:
            game.state_known(self.state)

    def _deadlines(self) -> dict[str, dict[str, str]]:
        """One deadline per awaited seat, kept while it owes the same decision.

        A seat that just moved, or now owes a different kind of decision, gets
        a fresh one: seconds_per_decision from now, or from the player's return
        if they are on vacation.
        """
        previous = {} if self._reset else (self.game.deadlines or {})
        per_decision = timedelta(seconds=self.game.seconds_per_decision)
        bot_due = (self.now + BOT_DUE).isoformat()
        deadlines = {}
        for awaited in self.engine.awaiting(self.state):
            key = str(awaited.seat)
            if key in deadlines:
                continue
            kept = previous.get(key)
            if (
                kept
                and kept["kind"] == awaited.kind
                and awaited.seat not in self.movers
            ):
                deadlines[key] = kept
            else:
                seat = self.seats[awaited.seat]
                start = vacations.decision_start(seat, self.now)
                at = bot_due if seat.bot else (start + per_decision).isoformat()
                deadlines[key] = {"kind": awaited.kind, "at": at}
        return deadlines


# The reads every change makes, compiled once (mdeal_site.prepared).
_locked_game = Prepared(lambda pk: Game.objects.select_for_update().filter(pk=pk))
_seats_with_devices = Prepared(
    lambda game_id: with_device_flag(
        Seat.objects.filter(game_id=game_id).select_related("user").order_by("position")
    )
)


def game_lock(game_id: int) -> Game:
    """The game row, locked until the transaction ends (GameNotFound if none)."""
    game = _locked_game.by_id(game_id)
    if game is None:
        raise GameNotFound()
    return game


def game_seats(game: Game) -> list[Seat]:
    """The seats by position, users loaded, each saying whether its user has a
    Web Push device (for the notifications a change owes, with no query)."""
    seats = _seats_with_devices(game.pk)
    for seat in seats:
        seat.game = game
    return seats
