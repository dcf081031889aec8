"""Game builders shared by the games tests (services, views, consumers, tasks).

Everything goes through `games.services`, so a built game is one the site
could have made. Users come from the `user_factory` fixture (tests/conftest.py).

    game = make_game(creator=ada, players=[bea])          # started, 2 humans
    game = make_game(creator=ada, bots=2)                 # ada and 2 bots
    game = make_game(creator=ada, seat_count=3, start=False)  # open, 1 seated
    seat = awaited_seat(game)                             # who owes a decision
    move_submit_as(game, seat, engine.EndTurn(seat=seat.position))
"""

import random
from collections.abc import Sequence

from games import services
from games.engines import deal as engine
from games.engines.deal.bots import sensible_bot
from games.models import Game, GameEvent, Seat

ONE_HOUR = 60 * 60


def make_game(
    *,
    creator,
    players: Sequence = (),
    bots: int = 0,
    bot: str = "sensible",
    seat_count: int | None = None,
    seconds_per_decision: int = ONE_HOUR,
    options: engine.Options | dict | None = None,
    public: bool = True,
    start: bool = True,
    leaver_bot: str = "sensible",
    kind: str = "deal",
) -> Game:
    """A game created by `creator`, joined by `players`, then maybe bots.

    `seat_count` defaults to everyone named plus `bots`. With `start=False`
    the game stays open (unless the players fill it); with bots it always
    starts (adding bots starts a game).
    """
    seats = seat_count or (1 + len(players) + bots)
    game = services.game_create(
        creator=creator,
        seat_count=seats,
        seconds_per_decision=seconds_per_decision,
        options=options,
        public=public,
        leaver_bot=leaver_bot,
        kind=kind,
    )
    for player in players:
        services.game_join(game_id=game.pk, user=player, token=game.invite_token)
    game.refresh_from_db()
    if bots:
        services.game_add_bots(game_id=game.pk, user=creator, bot=bot)
    elif start and game.status == Game.Status.OPEN:
        services.game_start(game_id=game.pk, user=creator)
    game.refresh_from_db()
    return game


def fresh(game: Game) -> Game:
    """The game as the database has it now."""
    return Game.objects.get(pk=game.pk)


def seat_at(game: Game, position: int) -> Seat:
    return Seat.objects.select_related("user").get(game=game, position=position)


def awaited_seats(game: Game) -> list[Seat]:
    """The seats that owe a decision now, in the engine's order."""
    game = fresh(game)
    state = game.state()
    if state is None or state.over:
        return []
    positions = list(dict.fromkeys(a.seat for a in game.engine.awaiting(state)))
    return [seat_at(game, p) for p in positions]


def awaited_seat(game: Game) -> Seat:
    """The first seat that owes a decision now."""
    return awaited_seats(game)[0]


def idle_human(game: Game) -> Seat:
    """A human seat that owes nothing now (to try moves out of turn)."""
    game = fresh(game)
    owing = {s.pk for s in awaited_seats(game)}
    return next(
        s
        for s in game.seats.select_related("user").order_by("position")
        if s.user_id and s.pk not in owing
    )


def move_submit_as(game: Game, seat: Seat, move) -> Game:
    """Submit `move` for `seat`'s user at the game's current version."""
    game = fresh(game)
    return services.move_submit(
        game_id=game.pk, user=seat.user, move=move, version=game.version
    )


def default_move(game: Game, seat: Seat):
    """What a timeout would play for `seat` now."""
    game = fresh(game)
    return game.engine.default_move(game.state(), seat.position)


def bot_choice(game: Game, seat: Seat, seed: int = 0):
    """What the sensible bot would play for `seat` now."""
    return sensible_bot(fresh(game).state(), seat.position, random.Random(seed))


def table_rows(game: Game) -> tuple:
    """Everything the database holds about a game, to compare before/after."""
    game_row = Game.objects.filter(pk=game.pk).values().get()
    seat_rows = list(Seat.objects.filter(game=game).order_by("position").values())
    event_rows = list(
        GameEvent.objects.filter(game=game).order_by("seq").values_list("pk", "seq")
    )
    return game_row, seat_rows, event_rows


def positions(game: Game, *, moves: int, seed: int = 0):
    """The game after each of up to `moves` moves, every awaited seat playing
    the sensible bot's choice (either kind): many positions to check a page in."""
    rng = random.Random(seed)
    for _ in range(moves):
        game = fresh(game)
        if game.status != Game.Status.ACTIVE:
            return
        yield game
        seat = awaited_seat(game)
        move_submit_as(
            game, seat, game.game_kind.sensible_move(game.state(), seat.position, rng)
        )


def play_out(game: Game, *, humans: str = "bot", limit: int = 5000) -> Game:
    """Play the game to its end through the services.

    Awaited humans play the kind's sensible bot's choice (`humans="bot"`) or the
    timeout's default move (`humans="default"`, which never wins on its own);
    bot seats answer through services.bots_play, called directly.
    """
    rng = random.Random(0)
    for _ in range(limit):
        game = fresh(game)
        if game.status != Game.Status.ACTIVE:
            return game
        if services.bots_play(game_id=game.pk, version=game.version):
            continue
        seat = awaited_seat(game)
        if humans == "bot":
            move = game.game_kind.sensible_move(game.state(), seat.position, rng)
        else:
            move = default_move(game, seat)
        move_submit_as(game, seat, move)
    raise AssertionError(f"game {game.pk} did not end in {limit} moves")
