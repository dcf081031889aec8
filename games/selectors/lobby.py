"""Reads for the lists of games: the lobby, my games, a game by its invitation."""

from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.utils import timezone

from games.bot_marks import is_bot_account
from games.models import Game, Rematch, Seat

FINISHED_SHOWN = 20


ACTIVE_KINDS = ("open", "active")


def _seats():
    return Prefetch("seats", queryset=Seat.objects.select_related("user"))


def lobby_games() -> list[Game]:
    """Public games waiting for players, newest first."""
    return list(
        Game.objects.filter(status=Game.Status.OPEN, public=True)
        .select_related("created_by")
        .prefetch_related(_seats())
        .order_by("-created_at")[:50]
    )


@dataclass
class MyGame:
    game: Game
    seat: Seat
    waiting_for_me: bool
    my_deadline: object = None
    names: list[str] = field(default_factory=list)
    winner_name: str = ""
    # A finished game's rematch offer the user is asked to answer: who made it.
    rematch_from: str = ""
    # Whether a bot account is the winner, the offer's maker: the BOT mark.
    winner_bot: bool = False
    rematch_from_bot: bool = False


def my_games(*, user) -> dict[str, list[MyGame]]:
    """The games `user` sits at: those waiting for them first, soonest deadline
    (rematch offers they are asked to answer among them, due by the offer's
    deadline)."""
    now = timezone.now()
    current = (
        Game.objects.filter(seats__user=user, status__in=ACTIVE_KINDS)
        .select_related("tournament_pairing__tournament")
        .prefetch_related(_seats())
        .order_by("-created_at")
    )
    finished = (
        Game.objects.filter(seats__user=user)
        .exclude(status__in=ACTIVE_KINDS)
        .select_related("tournament_pairing__tournament")
        .prefetch_related(_seats())
        .order_by("-finished_at", "-created_at")[:FINISHED_SHOWN]
    )
    waiting, playing, open_games = [], [], []
    for game in current:
        seat = game.seat_for(user)
        entry = MyGame(game=game, seat=seat, waiting_for_me=False, names=_names(game))
        if game.status == Game.Status.OPEN:
            open_games.append(entry)
            continue
        entry.my_deadline = game.deadline_for(seat.position)
        entry.waiting_for_me = (
            str(seat.position) in (game.deadlines or {})
            and seat.status == Seat.Status.PLAYING
        )
        (waiting if entry.waiting_for_me else playing).append(entry)
    asked = _rematches_asking(user=user, now=now)
    waiting += asked
    waiting.sort(key=lambda e: (e.my_deadline is None, e.my_deadline or 0))
    answering = {entry.game.pk for entry in asked}
    done = []
    for game in finished:
        if game.pk in answering:
            continue  # listed under "Your move", with the offer
        seat = game.seat_for(user)
        winner = next((s for s in game.seats.all() if s.pk == game.winner_id), None)
        done.append(
            MyGame(
                game=game,
                seat=seat,
                waiting_for_me=False,
                names=_names(game),
                winner_name="You" if winner == seat else winner.name if winner else "",
                winner_bot=winner is not None and is_bot_account(winner),
            )
        )
    return {"waiting": waiting, "playing": playing, "open": open_games, "done": done}


def _rematches_asking(*, user, now) -> list[MyGame]:
    """The finished games whose open rematch offer `user` still has to answer
    (two queries: the offers with their games, the games' seats)."""
    offers = (
        Rematch.objects.filter(
            game__seats__user=user,
            status=Rematch.Status.ASKED,
            expires_at__gt=now,
        )
        .select_related("game")
        .prefetch_related(Prefetch("game__seats", queryset=_seats().queryset))
    )
    entries = []
    for offer in offers:
        if not offer.asks(user.pk, now):
            continue
        game = offer.game
        seats = game.seats.all()
        proposer = next((s for s in seats if s.user_id == offer.proposed_by_id), None)
        entries.append(
            MyGame(
                game=game,
                seat=game.seat_for(user),
                waiting_for_me=True,
                my_deadline=offer.expires_at,
                names=_names(game),
                rematch_from=proposer.name if proposer else "A player",
                rematch_from_bot=proposer is not None and is_bot_account(proposer),
            )
        )
    return entries


def _names(game: Game) -> list[str]:
    return [s.name for s in sorted(game.seats.all(), key=lambda s: s.position)]


def invited_game(*, token: str) -> Game | None:
    return (
        Game.objects.prefetch_related(_seats())
        .select_related("created_by")
        .filter(invite_token=token)
        .first()
    )
