"""games.services: every path, and every refusal leaves the tables unchanged."""

import pytest

from django.contrib.auth.models import AnonymousUser

from games import services
from games.engines import deal as engine
from games.errors import (
    AlreadySeated,
    BadInvite,
    BadMove,
    BadSettings,
    GameError,
    GameNotActive,
    GameNotFound,
    GameNotOpen,
    NotAPlayer,
    NotEnoughPlayers,
    NotYourGame,
    StaleVersion,
)
from games.models import Game, GameEvent, Seat
from tests.games.factories import (
    awaited_seat,
    default_move,
    fresh,
    idle_human,
    make_game,
    move_submit_as,
    seat_at,
    table_rows,
)

pytestmark = pytest.mark.django_db


def assert_refused(game, error_class, call, message=None):
    """`call()` raises `error_class` (with `message`) and writes nothing."""
    before = table_rows(game)
    with pytest.raises(error_class) as raised:
        call()
    if message is not None:
        assert raised.value.message == message
    assert isinstance(raised.value, GameError)
    assert raised.value.message
    assert table_rows(game) == before
    return raised.value


# --- create --------------------------------------------------------------


def test_game_create_seats_the_creator_at_zero_and_waits(user):
    game = services.game_create(
        creator=user,
        seat_count=3,
        seconds_per_decision=3600,
        options=engine.Options(hotel_replaces_house=True),
        public=False,
    )
    game = fresh(game)
    assert game.status == Game.Status.OPEN
    assert game.version == 0 and game.snapshot is None and game.deadline_at is None
    assert game.options["hotel_replaces_house"] is True
    assert game.rule_options() == engine.Options(hotel_replaces_house=True)
    assert game.invite_token and not game.public
    [seat] = game.seats.all()
    assert (seat.position, seat.user, seat.bot) == (0, user, "")


def test_game_create_takes_options_as_json(user):
    game = services.game_create(
        creator=user,
        seat_count=2,
        seconds_per_decision=60,
        options={"max_missed_deadlines": 2},
        public=True,
    )
    assert fresh(game).rule_options().max_missed_deadlines == 2


@pytest.mark.parametrize(
    "changes",
    [
        {"seat_count": 1},
        {"seat_count": 6},
        {"seat_count": "3"},
        {"seconds_per_decision": 0},
        {"seconds_per_decision": -60},
        {"options": {"max_missed_deadlines": 0}},
        {"options": {"hotel_replaces_house": "yes"}},
        {"options": ["not", "options"]},
    ],
)
def test_game_create_refuses_impossible_settings(user, changes):
    arguments = {
        "creator": user,
        "seat_count": 3,
        "seconds_per_decision": 3600,
        "options": None,
        "public": True,
    } | changes
    with pytest.raises(BadSettings):
        services.game_create(**arguments)
    assert not Game.objects.exists() and not Seat.objects.exists()


# --- join ----------------------------------------------------------------


def test_join_takes_the_lowest_free_seat(user, other_user):
    game = make_game(creator=user, seat_count=3, start=False)
    seat = services.game_join(game_id=game.pk, user=other_user)
    assert (seat.position, seat.user) == (1, other_user)
    assert fresh(game).status == Game.Status.OPEN


def test_join_filling_the_last_seat_starts_the_game(user, other_user):
    game = make_game(creator=user, seat_count=2, start=False)
    services.game_join(game_id=game.pk, user=other_user)
    game = fresh(game)
    assert game.status == Game.Status.ACTIVE
    assert game.started_at is not None
    assert game.version == GameEvent.objects.filter(game=game).count() > 0
    assert game.state() == engine.replay(
        [e.event(game.engine) for e in game.events.order_by("seq")]
    )
    assert game.deadline_at is not None
    first = game.events.first()
    assert (first.seat, first.cause) == (None, "setup")  # the deal is nobody's


def test_join_invite_only_game_needs_the_token(user, other_user):
    game = make_game(creator=user, seat_count=3, public=False, start=False)
    for token in (None, "", "not-the-token", game.invite_token[:-1]):
        assert_refused(
            game,
            BadInvite,
            lambda token=token: services.game_join(
                game_id=game.pk, user=other_user, token=token
            ),
            "This invitation is not valid.",
        )
    seat = services.game_join(game_id=game.pk, user=other_user, token=game.invite_token)
    assert seat.position == 1


def test_join_a_started_game_is_refused(user, other_user, user_factory):
    game = make_game(creator=user, players=[other_user])
    assert_refused(
        game,
        GameNotOpen,
        lambda: services.game_join(game_id=game.pk, user=user_factory()),
        "This game has already started.",
    )


def test_join_a_game_you_sit_at_is_refused(user, other_user):
    game = make_game(creator=user, seat_count=3, start=False)
    services.game_join(game_id=game.pk, user=other_user)
    for player in (user, other_user):
        assert_refused(
            game,
            AlreadySeated,
            lambda player=player: services.game_join(game_id=game.pk, user=player),
        )


def test_join_an_abandoned_game_is_refused(user, other_user):
    game = make_game(creator=user, seat_count=3, start=False)
    services.game_leave(game_id=game.pk, user=user)
    assert_refused(
        game,
        GameNotOpen,
        lambda: services.game_join(game_id=game.pk, user=other_user),
        "This game is over.",
    )


def test_anonymous_users_cannot_create_join_or_leave(user):
    game = make_game(creator=user, seat_count=3, start=False)
    nobody = AnonymousUser()
    for call in (
        lambda: services.game_join(game_id=game.pk, user=nobody),
        lambda: services.game_leave(game_id=game.pk, user=nobody),
        lambda: services.game_create(
            creator=nobody, seat_count=2, seconds_per_decision=60
        ),
    ):
        assert_refused(game, NotAPlayer, call, "Sign in to play.")
    assert Game.objects.count() == 1


def test_join_a_missing_game_is_refused(user):
    with pytest.raises(GameNotFound):
        services.game_join(game_id=999_999, user=user)


# --- leave ---------------------------------------------------------------


def test_leave_frees_the_seat(user, other_user):
    game = make_game(creator=user, seat_count=3, start=False)
    services.game_join(game_id=game.pk, user=other_user)
    services.game_leave(game_id=game.pk, user=other_user)
    assert list(fresh(game).seats.values_list("user", flat=True)) == [user.pk]
    assert fresh(game).status == Game.Status.OPEN


def test_creator_leaving_an_open_game_abandons_it(user, other_user):
    game = make_game(creator=user, seat_count=3, start=False)
    services.game_join(game_id=game.pk, user=other_user)
    services.game_leave(game_id=game.pk, user=user)
    game = fresh(game)
    assert game.status == Game.Status.ABANDONED and game.finished_at is not None


def test_leave_refused_after_the_start_and_for_strangers(
    user, other_user, user_factory
):
    game = make_game(creator=user, players=[other_user])
    assert_refused(
        game,
        GameNotOpen,
        lambda: services.game_leave(game_id=game.pk, user=other_user),
        "This game has started: resign instead of leaving.",
    )
    assert_refused(
        game,
        NotAPlayer,
        lambda: services.game_leave(game_id=game.pk, user=user_factory()),
        "You are not playing in this game.",
    )


# --- bots and start ------------------------------------------------------


def test_add_bots_fills_every_empty_seat_and_starts(user, other_user):
    game = make_game(creator=user, seat_count=4, start=False)
    services.game_join(game_id=game.pk, user=other_user)
    services.game_add_bots(game_id=game.pk, user=user, bot="random")
    game = fresh(game)
    assert game.status == Game.Status.ACTIVE and game.seat_count == 4
    seats = list(game.seats.order_by("position"))
    assert [(s.user, s.bot) for s in seats] == [
        (user, ""),
        (other_user, ""),
        (None, "random"),
        (None, "random"),
    ]
    assert [s.name for s in seats][2:] == ["Bot 3 (random)", "Bot 4 (random)"]
    assert len(game.state().players) == 4


def test_add_bots_is_for_the_creator_of_an_open_game(user, other_user):
    game = make_game(creator=user, seat_count=3, start=False)
    services.game_join(game_id=game.pk, user=other_user)
    assert_refused(
        game,
        NotYourGame,
        lambda: services.game_add_bots(game_id=game.pk, user=other_user),
        "Only the player who created this game can do that.",
    )
    assert_refused(
        game,
        BadSettings,
        lambda: services.game_add_bots(game_id=game.pk, user=user, bot="genius"),
    )
    services.game_add_bots(game_id=game.pk, user=user)
    assert_refused(
        game,
        GameNotOpen,
        lambda: services.game_add_bots(game_id=game.pk, user=user),
    )


def test_start_closes_up_the_seats(user, other_user, user_factory):
    game = make_game(creator=user, seat_count=4, start=False)
    third = user_factory()
    services.game_join(game_id=game.pk, user=other_user)  # seat 1
    services.game_join(game_id=game.pk, user=third)  # seat 2
    services.game_leave(game_id=game.pk, user=other_user)
    services.game_start(game_id=game.pk, user=user)
    game = fresh(game)
    assert game.status == Game.Status.ACTIVE and game.seat_count == 2
    assert list(game.seats.order_by("position").values_list("position", "user")) == [
        (0, user.pk),
        (1, third.pk),
    ]
    assert len(game.state().players) == 2


def test_start_needs_two_players_and_the_creator(user, other_user):
    game = make_game(creator=user, seat_count=3, start=False)
    assert_refused(
        game,
        NotEnoughPlayers,
        lambda: services.game_start(game_id=game.pk, user=user),
        "At least two players are needed to start.",
    )
    services.game_join(game_id=game.pk, user=other_user)
    assert_refused(
        game,
        NotYourGame,
        lambda: services.game_start(game_id=game.pk, user=other_user),
    )
    services.game_start(game_id=game.pk, user=user)
    assert_refused(
        game, GameNotOpen, lambda: services.game_start(game_id=game.pk, user=user)
    )


# --- moves ---------------------------------------------------------------


def test_move_appends_events_and_moves_the_snapshot_on(two_player_game):
    game = fresh(two_player_game)
    seat = awaited_seat(game)
    version = game.version
    result = move_submit_as(game, seat, engine.EndTurn(seat=seat.position))
    game = fresh(game)
    assert result.version == game.version > version
    events = list(game.events.order_by("seq"))
    assert [e.seq for e in events] == list(range(1, game.version + 1))
    assert {(e.seat, e.cause) for e in events[version:]} == {(seat.position, "player")}
    assert events[version].type == "TurnEnded"
    assert game.state() == engine.replay([e.event() for e in events])
    assert awaited_seat(game) != seat


def test_move_accepts_the_engine_json(two_player_game):
    game = fresh(two_player_game)
    seat = awaited_seat(game)
    move = engine.to_json(default_move(game, seat))
    services.move_submit(
        game_id=game.pk, user=seat.user, move=move, version=game.version
    )
    assert fresh(game).version > game.version


def test_move_from_someone_not_playing_is_refused(two_player_game, user_factory):
    game = fresh(two_player_game)
    seat = awaited_seat(game)
    move = engine.EndTurn(seat=seat.position)
    for stranger in (user_factory(), AnonymousUser()):
        assert_refused(
            game,
            NotAPlayer,
            lambda stranger=stranger: services.move_submit(
                game_id=game.pk, user=stranger, move=move, version=game.version
            ),
            "You are not playing in this game.",
        )


def test_move_out_of_turn_is_refused(two_player_game):
    game = fresh(two_player_game)
    idle = idle_human(game)
    assert_refused(
        game,
        BadMove,
        lambda: move_submit_as(game, idle, engine.EndTurn(seat=idle.position)),
        "It is not your turn.",
    )


def test_move_at_a_stale_version_is_refused(two_player_game):
    game = fresh(two_player_game)
    seat = awaited_seat(game)
    for version in (game.version - 1, game.version + 1, "nonsense", None):
        assert_refused(
            game,
            StaleVersion,
            lambda version=version: services.move_submit(
                game_id=game.pk,
                user=seat.user,
                move=engine.EndTurn(seat=seat.position),
                version=version,
            ),
            "Your move was not made: the table changed meanwhile. Here it is now.",
        )


def test_move_with_a_card_not_held_is_refused(two_player_game):
    game = fresh(two_player_game)
    seat = awaited_seat(game)
    other = 1 - seat.position
    card = game.state().players[other].hand[0]
    assert_refused(
        game,
        BadMove,
        lambda: move_submit_as(game, seat, {"type": "BankCard", "card": card}),
        "You do not hold that card.",
    )


def test_move_naming_another_seat_is_refused(two_player_game):
    game = fresh(two_player_game)
    seat = awaited_seat(game)
    idle = idle_human(game)
    # The JSON a page posts names the player's own seat, or none: any other
    # seat is forged, whoever forges it.
    for mover, named in ((idle, seat.position), (seat, idle.position)):
        assert_refused(
            game,
            BadMove,
            lambda mover=mover, named=named: move_submit_as(
                game, mover, {"type": "EndTurn", "seat": named}
            ),
            "That move names another seat: you play only your own.",
        )
    # An engine Move is played for the user's own seat, whatever it says.
    assert_refused(
        game,
        BadMove,
        lambda: move_submit_as(game, idle, engine.EndTurn(seat=seat.position)),
        "It is not your turn.",
    )
    move_submit_as(game, seat, {"type": "EndTurn", "seat": seat.position})
    events = fresh(game).events.filter(seq__gt=game.version)
    assert events.first().data == {"type": "TurnEnded", "v": 1, "seat": seat.position}


GARBAGE = [
    "EndTurn",
    ["EndTurn"],
    None,
    42,
    {},
    {"type": "Nope"},
    {"type": "Move"},
    {"type": "BankCard"},
    {"type": "BankCard", "card": "7"},
    {"type": "BankCard", "card": True},
    {"type": "BankCard", "card": -1},
    {"type": "BankCard", "card": 1.5},
    {"type": "BankCard", "card": None},
    {"type": "Discard", "cards": [1, "x"]},
    {"type": "Discard", "cards": "12"},
    {"type": "PlayProperty", "card": 0, "colour": "purple"},
    {"type": "PlayProperty", "card": 0, "colour": 3},
    {"type": "ChargeRent", "card": 0, "colour": "red", "doubles": {"a": 1}},
    {"type": "CardsDrawn", "seat": 0, "cards": [1, 2]},
    {"type": "GameWon", "v": 1, "seat": 0},
    {"type": "State"},
    {"type": "Options"},
]


@pytest.mark.parametrize("move", GARBAGE, ids=repr)
def test_move_data_that_is_not_a_move_is_refused(two_player_game, move):
    game = fresh(two_player_game)
    seat = awaited_seat(game)
    assert_refused(
        game,
        BadMove,
        lambda: move_submit_as(game, seat, move),
        "That move is not understood.",
    )


def test_move_in_a_game_that_is_not_being_played_is_refused(user, other_user):
    game = make_game(creator=user, seat_count=3, start=False)
    assert_refused(
        game,
        GameNotActive,
        lambda: services.move_submit(
            game_id=game.pk, user=user, move=engine.EndTurn(seat=0), version=0
        ),
        "This game has not started yet.",
    )
    game = make_game(creator=user, players=[other_user])
    services.game_resign(game_id=game.pk, user=other_user)
    game = fresh(game)
    assert_refused(
        game,
        GameNotActive,
        lambda: services.move_submit(
            game_id=game.pk,
            user=user,
            move=engine.EndTurn(seat=0),
            version=game.version,
        ),
        "This game is over.",
    )


def test_move_resets_the_movers_missed_deadlines(two_player_game):
    game = fresh(two_player_game)
    seat = awaited_seat(game)
    Seat.objects.filter(pk=seat.pk).update(missed_deadlines=2)
    move_submit_as(game, seat, default_move(game, seat))
    assert seat_at(game, seat.position).missed_deadlines == 0


# --- resign --------------------------------------------------------------


def test_resigning_leaves_the_last_player_the_winner(two_player_game, other_user):
    game = fresh(two_player_game)
    services.game_resign(game_id=game.pk, user=other_user, version=game.version)
    game = fresh(game)
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    assert game.winner.user != other_user
    assert game.deadline_at is None and game.deadlines == {}
    assert Seat.objects.get(game=game, user=other_user).status == Seat.Status.RESIGNED
    assert game.state().over


def test_resigning_in_a_bigger_game_lets_it_go_on(user, other_user, user_factory):
    third = user_factory()
    game = make_game(creator=user, players=[other_user, third])
    seat = awaited_seat(game)
    services.game_resign(game_id=game.pk, user=seat.user)
    game = fresh(game)
    assert game.status == Game.Status.ACTIVE
    assert seat_at(game, seat.position).status == Seat.Status.RESIGNED
    assert awaited_seat(game) != seat
    assert str(seat.position) not in game.deadlines
    assert_refused(
        game,
        NotAPlayer,
        lambda: services.game_resign(game_id=game.pk, user=seat.user),
    )


def test_resigning_at_a_stale_version_is_refused(two_player_game, other_user):
    game = fresh(two_player_game)
    assert_refused(
        game,
        StaleVersion,
        lambda: services.game_resign(
            game_id=game.pk, user=other_user, version=game.version - 1
        ),
    )


# --- announcements -------------------------------------------------------


def test_a_move_is_announced_only_when_it_commits(
    two_player_game, group_ear, django_capture_on_commit_callbacks
):
    game = fresh(two_player_game)
    seat = awaited_seat(game)
    table = group_ear(f"game-{game.pk}")
    with django_capture_on_commit_callbacks() as callbacks:
        move_submit_as(game, seat, engine.EndTurn(seat=seat.position))
    assert callbacks  # queued, not yet run
    for callback in callbacks:
        callback()
    message = table.heard()
    # The mover is named: their sockets get the version alone (their move's
    # answer brings their table), the others' their table (games.consumers).
    assert message == {
        "type": "game.changed",
        "version": fresh(game).version,
        "movers": [seat.user_id],
    }


def test_a_refused_move_announces_nothing(
    two_player_game, django_capture_on_commit_callbacks
):
    game = fresh(two_player_game)
    idle = idle_human(game)
    with django_capture_on_commit_callbacks() as callbacks, pytest.raises(BadMove):
        move_submit_as(game, idle, engine.EndTurn(seat=idle.position))
    assert callbacks == []
