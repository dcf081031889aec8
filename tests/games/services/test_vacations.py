"""A player on vacation: every deadline of theirs waits exactly the time away,
nothing times out meanwhile, and the table says they are away."""

from datetime import UTC, datetime, timedelta

import pytest

from django.test import Client

from accounts.services import vacation_end, vacation_start
from games import services, tasks
from games.engines import deal as engine
from games.models import Game, GameEvent
from tests.games.factories import (
    awaited_seat,
    default_move,
    fresh,
    make_game,
    move_submit_as,
)
from tests.games.test_queries_table import queries_for
from tests.games.test_views import rig

pytestmark = pytest.mark.django_db

HOUR = timedelta(hours=1)
START = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)


@pytest.fixture
def clock(time_machine):
    """Time stopped at START (a Friday, 09:00 UTC); `clock.shift(delta)` moves it."""
    time_machine.move_to(START, tick=False)
    return time_machine


@pytest.fixture
def ada(user_factory):
    return user_factory("ada", display_name="Ada", time_zone="Europe/Paris")


@pytest.fixture
def bea(user_factory):
    return user_factory("bea", display_name="Bea", time_zone="America/Los_Angeles")


def at(game: Game, position: int) -> datetime:
    return fresh(game).deadline_for(position)


def ada_plays(ada, bea) -> Game:
    """Ada (seat 0) owes her turn."""
    game = make_game(creator=ada, players=[bea])
    if awaited_seat(game).user != ada:
        end_turn(game)
    return fresh(game)


def ada_pays(ada, bea) -> Game:
    """Bea (seat 0) collected a debt from Ada (seat 1), who accepted: Ada owes 5M."""
    game = rig(
        make_game(creator=bea, players=[ada]),
        """
        seats: 2
        turn: 0
        0 hand: Debt Collector, 1M
        1 bank: 2M, 3M
        """,
    )
    state = game.state()
    collect = next(
        move
        for move in engine.legal_moves(state, 0)
        if isinstance(move, engine.CollectDebt)
    )
    move_submit_as(game, awaited_seat(game), collect)
    move_submit_as(game, awaited_seat(game), engine.Accept(seat=1))
    owed = fresh(game).deadlines
    assert owed["1"]["kind"] == "pay" and "0" not in owed
    return fresh(game)


def bea_plays(ada, bea) -> Game:
    """Bea (seat 0) owes her turn; Ada (seat 1) owes nothing yet."""
    game = make_game(creator=bea, players=[ada])
    if awaited_seat(game).user != bea:
        end_turn(game)
    return fresh(game)


def end_turn(game: Game) -> None:
    seat = awaited_seat(game)
    move_submit_as(game, seat, engine.EndTurn(seat=seat.position))


def test_a_vacation_pushes_every_deadline_back_by_exactly_the_time_away(
    clock, ada, bea
):
    playing, paying = ada_plays(ada, bea), ada_pays(ada, bea)
    waiting = bea_plays(ada, bea)
    turn, pay = at(playing, 0), at(paying, 1)
    bea_turn = at(waiting, 0)
    versions = {g.pk: fresh(g).version for g in (playing, paying, waiting)}

    clock.shift(10 * 60)
    until = START + timedelta(days=5)
    vacation_start(user=ada, until=until)
    planned = until - (START + timedelta(minutes=10))

    assert at(playing, 0) == turn + planned
    assert at(paying, 1) == pay + planned
    assert fresh(paying).deadline_at == pay + planned
    assert at(waiting, 0) == bea_turn  # Bea's own clock runs on.
    assert {g.pk: fresh(g).version for g in (playing, paying, waiting)} == versions

    # A decision that becomes Ada's while she is away: its hour starts at her return.
    clock.shift(20 * 60)
    end_turn(waiting)
    assert fresh(waiting).deadlines["1"]["kind"] == "play"
    assert at(waiting, 1) == until + HOUR

    # Back after two days: each deadline moved by exactly the time away.
    clock.shift(timedelta(days=2) - timedelta(minutes=20))
    vacation_end(user=ada)
    away = timedelta(days=2)
    assert at(playing, 0) == turn + away
    assert at(paying, 1) == pay + away
    assert at(waiting, 1) == START + timedelta(minutes=10) + away + HOUR


def test_the_move_a_player_makes_while_away_gives_the_next_decision_time_from_return(
    clock, ada, bea
):
    game = ada_plays(ada, bea)
    until = START + timedelta(days=3)
    vacation_start(user=ada, until=until)
    end_turn(game)  # Ada still plays while away, if she likes
    while awaited_seat(game).user != ada:  # Bea ends her turn (and discards)
        seat = awaited_seat(game)
        move_submit_as(game, seat, default_move(game, seat))
    assert fresh(game).deadlines["0"]["kind"] == "play"
    assert at(game, 0) == until + HOUR
    assert at(game, 1) is None


def test_nothing_times_out_while_the_player_is_away(clock, ada, bea):
    playing, paying = ada_plays(ada, bea), ada_pays(ada, bea)
    before = {g.pk: (fresh(g).version, fresh(g).deadlines) for g in (playing, paying)}
    until = START + timedelta(days=4)
    vacation_start(user=ada, until=until)

    for _ in range(4):
        clock.shift(timedelta(days=1) - timedelta(minutes=1))
        assert tasks.deadlines_sweep() == 0
    for game in (playing, paying):
        version, deadlines = before[game.pk]
        assert fresh(game).version == version
        assert GameEvent.objects.filter(game=game, cause="timeout").count() == 0
        assert {k: v["kind"] for k, v in fresh(game).deadlines.items()} == {
            k: v["kind"] for k, v in deadlines.items()
        }

    # The vacation over, the clock runs again and time does run out.
    clock.shift(2 * HOUR)
    assert tasks.deadlines_sweep() == 2
    assert GameEvent.objects.filter(game=playing, cause="timeout").exists()


def test_a_due_deadline_of_an_away_player_is_not_played_but_restarted(clock, ada, bea):
    """Defence in depth: should a deadline of an away player ever fall due, the
    timeout does not play for them; their clock starts again at their return."""
    game = ada_plays(ada, bea)
    until = START + timedelta(days=2)
    vacation_start(user=ada, until=until)
    version = fresh(game).version
    past = (START - HOUR).isoformat()
    Game.objects.filter(pk=game.pk).update(
        deadlines={"0": {"kind": "play", "at": past}}, deadline_at=START - HOUR
    )

    assert services.deadline_expire(game_id=game.pk, version=version) is False
    assert fresh(game).version == version
    assert at(game, 0) == until + HOUR
    assert fresh(game).seats.get(position=0).missed_deadlines == 0


def test_the_table_says_who_is_away_in_the_viewers_time_zone(
    clock, ada, bea, user_factory
):
    game = ada_plays(ada, bea)
    bea_client, ada_client = Client(), Client()
    bea_client.force_login(bea)
    ada_client.force_login(ada)
    url = game.get_absolute_url()
    queries_for(bea_client, url)
    before = queries_for(bea_client, url)
    assert "is away until" not in bea_client.get(url).content.decode()

    # Back on 3 December, Paris time: 23:00 UTC on the 2nd.
    vacation_start(user=ada, until=datetime(2026, 12, 2, 23, 0, tzinfo=UTC))

    # For Bea in Los Angeles that is still 2 December.
    assert "Ada is away until 2 December." in bea_client.get(url).content.decode()
    assert "You are away until 3 December." in ada_client.get(url).content.decode()
    assert queries_for(bea_client, url) == before

    clock.shift(timedelta(days=13))
    assert "is away until" not in bea_client.get(url).content.decode()


def test_opponents_tables_show_the_clock_waiting_and_are_told_to_redraw(
    clock, ada, bea, group_ear, django_capture_on_commit_callbacks
):
    game = ada_plays(ada, bea)
    bea_client = Client()
    bea_client.force_login(bea)
    url = game.get_absolute_url()
    page = bea_client.get(url).content.decode()
    assert "the clock waits" not in page and "data-deadline" in page
    table = group_ear(f"game-{game.pk}")

    with django_capture_on_commit_callbacks(execute=True):
        vacation_start(user=ada, until=datetime(2026, 12, 2, 23, 0, tzinfo=UTC))

    told = table.heard()
    assert told == {"type": "game.clocks"}
    page = bea_client.get(url).content.decode()
    clock_line = page[page.index('class="status__clock"') :]
    clock_line = clock_line[: clock_line.index("</p>")]
    assert "Ada is away until 2 December: the clock waits." in clock_line
    assert "data-deadline" not in clock_line

    clock.shift(timedelta(hours=5))
    with django_capture_on_commit_callbacks(execute=True):
        vacation_end(user=ada)
    assert table.heard() == {"type": "game.clocks"}
    page = bea_client.get(url).content.decode()
    assert "the clock waits" not in page
    clock_line = page[page.index('class="status__clock"') :]
    assert "data-deadline" in clock_line[: clock_line.index("</p>")]
