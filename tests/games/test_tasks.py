"""Bots, deadlines and the sweep: the Celery tasks (eager here) and their services."""

import logging
import random
from datetime import timedelta

import pytest

from bench.management.commands.make_bot_games import bot_game_make
from games import services, tasks
from games.engines import deal as engine
from games.engines.deal import bots
from games.errors import StaleVersion
from games.models import Game, Seat
from tests.games.factories import (
    awaited_seat,
    awaited_seats,
    default_move,
    fresh,
    make_game,
    move_submit_as,
    seat_at,
    table_rows,
)

pytestmark = pytest.mark.django_db

HOUR = 60 * 60


def bot_positions(game):
    return {s.position for s in fresh(game).seats.all() if s.bot}


# --- bots ----------------------------------------------------------------


def test_bots_play_until_a_human_is_awaited(user, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = make_game(creator=user, bots=2)
    game = fresh(game)
    assert [s.user for s in awaited_seats(game)] == [user]
    seat = awaited_seat(game)
    version = game.version
    with django_capture_on_commit_callbacks(execute=True):
        move_submit_as(game, seat, default_move(game, seat))
    game = fresh(game)
    own = game.events.filter(seq__gt=version, seat=seat.position).count()
    by_bots = game.events.filter(seq__gt=version, seat__in=bot_positions(game))
    assert own and by_bots.exists()
    assert set(by_bots.values_list("cause", flat=True)) == {"bot"}
    if game.status == Game.Status.ACTIVE:
        assert [s.user for s in awaited_seats(game)] == [user]


def test_bots_beat_a_human_who_only_lets_time_pass(
    user, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = make_game(creator=user, bots=2, bot="sensible")
    for _ in range(2000):
        game = fresh(game)
        if game.status != Game.Status.ACTIVE:
            break
        seat = awaited_seat(game)
        assert seat.user == user  # the bots never leave a decision waiting
        with django_capture_on_commit_callbacks(execute=True):
            move_submit_as(game, seat, default_move(game, seat))
    game = fresh(game)
    assert game.status == Game.Status.FINISHED
    assert game.winner.bot == "sensible"
    assert game.state().winner == game.winner.position
    assert game.deadline_at is None


def test_bots_play_does_nothing_for_an_old_version_or_a_human(user):
    game = make_game(creator=user, bots=1)  # callbacks not run: bots not moved
    game = fresh(game)
    if awaited_seat(game).bot:
        before = table_rows(game)
        assert services.bots_play(game_id=game.pk, version=game.version - 1) is False
        assert table_rows(game) == before
        assert services.bots_play(game_id=game.pk, version=game.version) is True
        game = fresh(game)
    assert awaited_seat(game).user == user
    before = table_rows(game)
    assert services.bots_play(game_id=game.pk, version=game.version) is False
    assert tasks.bots_play(game.pk, game.version) is False
    assert table_rows(game) == before


def test_a_bot_that_fails_plays_the_default_move(user, monkeypatch, caplog):
    def broken_bot(*args, **kwargs):
        raise RuntimeError("bot bug")

    monkeypatch.setattr(bots, "bot_move", broken_bot)
    game = fresh(make_game(creator=user, bots=1))
    if not awaited_seat(game).bot:
        seat = awaited_seat(game)
        move_submit_as(game, seat, engine.EndTurn(seat=seat.position))
        game = fresh(game)
    with caplog.at_level(logging.ERROR, logger="games.services"):
        assert services.bots_play(game_id=game.pk, version=game.version)
    assert "bot failed" in caplog.text
    assert awaited_seat(game).user == user


def queue_recorder(monkeypatch) -> list[tuple[tuple, str | None]]:
    """The bots' tasks queued from now on: (arguments, queue), none run."""
    queued = []

    def apply_async(args, queue=None, **options):
        queued.append((tuple(args), queue))

    monkeypatch.setattr(tasks.bots_play, "apply_async", apply_async)
    return queued


def test_bots_are_queued_on_commit_when_a_bot_owes_a_decision(
    user, monkeypatch, django_capture_on_commit_callbacks
):
    queued = queue_recorder(monkeypatch)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        game = make_game(creator=user, bots=1)
    assert queued == []  # nothing before commit
    for callback in callbacks:
        callback()
    game = fresh(game)
    if awaited_seat(game).bot:
        # A human sits at this table: the bot's move goes to the urgent queue.
        assert queued == [((game.pk, game.version), tasks.MOVES_QUEUE)]
    else:
        assert queued == []


def test_games_of_bots_only_go_to_the_default_queue(
    user, monkeypatch, django_capture_on_commit_callbacks
):
    queued = queue_recorder(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        game = bot_game_make(creator=user, seats=2)
    game = fresh(game)
    assert queued == [((game.pk, game.version), None)]


def test_once_the_last_human_resigns_the_bots_are_bulk_work(
    user, monkeypatch, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = make_game(creator=user, bots=2)  # bots play to the human's turn
    queued = queue_recorder(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game_id=game.pk, user=user)
    game = fresh(game)
    assert awaited_seat(game).bot
    assert queued == [((game.pk, game.version), None)]


def test_a_game_of_bots_only_hands_over_after_its_time_slice(
    user, monkeypatch, django_capture_on_commit_callbacks
):
    """So that a worker thread soon frees up for a move a human waits for."""
    monkeypatch.setattr(services.bots, "BOT_SLICE_SECONDS", 0)
    with django_capture_on_commit_callbacks(execute=False):
        game = fresh(bot_game_make(creator=user, seats=3))
    queued = queue_recorder(monkeypatch)
    played = []
    play_bot = services.bots.bot_play
    monkeypatch.setattr(
        services.bots, "bot_play", lambda *args: played.append(play_bot(*args))
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert services.bots_play(game_id=game.pk, version=game.version)
    after = fresh(game)
    # One bot move, then the rest of the game goes to the back of the queue.
    assert len(played) == 1
    assert after.status == Game.Status.ACTIVE
    assert queued == [((game.pk, after.version), None)]


def test_bots_at_a_human_table_play_on_past_the_slice_to_the_human(
    user, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(services.bots, "BOT_SLICE_SECONDS", 0)
    # Bots that only end their turns: two bots, two moves at least, no charge.
    monkeypatch.setattr(
        bots, "bot_move", lambda state, seat, *a, **k: engine.default_move(state, seat)
    )
    with django_capture_on_commit_callbacks(execute=True):
        game = fresh(make_game(creator=user, bots=2))
    human = awaited_seat(game)
    queued = queue_recorder(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        move_submit_as(game, human, engine.EndTurn(seat=human.position))
    game = fresh(game)
    assert queued == [((game.pk, game.version), tasks.MOVES_QUEUE)]
    with django_capture_on_commit_callbacks(execute=True):
        assert services.bots_play(game_id=game.pk, version=game.version)
    after = fresh(game)
    # Both bots took their turns in one call, with no hand-over.
    bot_moves = after.events.filter(seq__gt=game.version, cause="bot")
    assert set(bot_moves.values_list("seat", flat=True)) == bot_positions(game)
    assert len(queued) == 1
    assert awaited_seat(after).user == user


# --- deadlines -----------------------------------------------------------


def test_deadline_expire_waits_for_the_clock(clock, two_player_game):
    game = fresh(two_player_game)
    before = table_rows(game)
    assert services.deadline_expire(game_id=game.pk, version=game.version) is False
    clock.advance(HOUR - 1)
    assert services.deadline_expire(game_id=game.pk, version=game.version) is False
    assert table_rows(game) == before


def test_deadline_expire_plays_the_default_move_once(clock, two_player_game):
    game = fresh(two_player_game)
    seat = awaited_seat(game)
    expected = default_move(game, seat)
    clock.advance(HOUR)
    assert services.deadline_expire(game_id=game.pk, version=game.version) is True
    after = fresh(game)
    first = after.events.get(seq=game.version + 1)
    assert (first.seat, first.cause) == (seat.position, "timeout")
    assert isinstance(expected, engine.EndTurn | engine.Discard)
    assert first.type in ("TurnEnded", "HandDiscarded")
    assert seat_at(game, seat.position).missed_deadlines == 1
    assert awaited_seat(after) != seat
    assert after.deadline_at == clock.now + timedelta(hours=1)
    # Twice, or late with the old version: nothing more happens.
    before = table_rows(after)
    assert services.deadline_expire(game_id=game.pk, version=game.version) is False
    assert tasks.deadline_expire(game.pk, game.version) is False
    assert services.deadline_expire(game_id=game.pk, version=after.version) is False
    assert table_rows(after) == before


def test_a_move_after_the_timeout_is_stale(clock, two_player_game):
    game = fresh(two_player_game)
    seat = awaited_seat(game)
    clock.advance(HOUR + 1)
    assert services.deadline_expire(game_id=game.pk, version=game.version)
    with pytest.raises(StaleVersion):
        services.move_submit(
            game_id=game.pk,
            user=seat.user,
            move=engine.EndTurn(seat=seat.position),
            version=game.version,
        )


def test_a_timeout_after_the_move_does_nothing(clock, two_player_game):
    game = fresh(two_player_game)
    seat = awaited_seat(game)
    clock.advance(HOUR + 1)
    move_submit_as(game, seat, default_move(game, seat))
    moved = fresh(game)
    assert services.deadline_expire(game_id=game.pk, version=game.version) is False
    assert fresh(game).version == moved.version
    assert seat_at(game, seat.position).missed_deadlines == 0


def test_a_deadline_is_per_decision_and_starts_again_for_the_mover(
    clock, two_player_game
):
    game = fresh(two_player_game)
    seat = awaited_seat(game)
    position = str(seat.position)
    started = game.deadline_for(seat.position)
    assert game.deadlines[position]["kind"] == "play"
    assert started == game.deadline_at
    move = next(
        m
        for m in engine.legal_moves(game.state(), seat.position)
        if isinstance(m, engine.BankCard | engine.PlayProperty)
    )
    clock.advance(600)
    move_submit_as(game, seat, move)
    game = fresh(game)
    assert awaited_seat(game) == seat
    assert game.deadline_for(seat.position) == clock.now + timedelta(hours=1)
    assert game.deadline_at > started


def let_time_pass_for(clock, game, silent_user, *, misses, callbacks):
    """Others play default moves; `silent_user` only times out, `misses` times."""
    for _ in range(500):
        game = fresh(game)
        if game.status != Game.Status.ACTIVE:
            return game
        seat = awaited_seat(game)
        if seat.user == silent_user and not seat.bot:
            clock.advance(game.seconds_per_decision)
            with callbacks(execute=True):
                assert services.deadline_expire(game_id=game.pk, version=game.version)
            misses -= 1
            if misses == 0:
                return fresh(game)
        else:
            with callbacks(execute=True):
                move_submit_as(game, seat, default_move(game, seat))
    raise AssertionError("the silent player was never awaited")


def test_a_player_who_misses_too_many_deadlines_leaves(
    clock, user, other_user, user_factory, django_capture_on_commit_callbacks
):
    game = make_game(
        creator=user,
        players=[other_user, user_factory()],
        options=engine.Options(max_missed_deadlines=2),
    )
    game = let_time_pass_for(
        clock, game, user, misses=1, callbacks=django_capture_on_commit_callbacks
    )
    seat = Seat.objects.get(game=game, user=user)
    assert (seat.missed_deadlines, seat.status) == (1, Seat.Status.PLAYING)
    game = let_time_pass_for(
        clock, game, user, misses=1, callbacks=django_capture_on_commit_callbacks
    )
    seat.refresh_from_db()
    assert (seat.missed_deadlines, seat.status) == (2, Seat.Status.TIMED_OUT)
    assert game.status == Game.Status.ACTIVE  # two players remain
    assert game.state().players[seat.position].resigned
    assert game.events.filter(type="PlayerResigned", seat=seat.position).exists()
    assert str(seat.position) not in game.deadlines


def test_in_a_two_player_game_the_one_who_stays_wins(
    clock, user, other_user, django_capture_on_commit_callbacks
):
    game = make_game(
        creator=user,
        players=[other_user],
        options=engine.Options(max_missed_deadlines=1),
    )
    game = let_time_pass_for(
        clock, game, user, misses=1, callbacks=django_capture_on_commit_callbacks
    )
    assert game.status == Game.Status.FINISHED
    assert game.winner.user == other_user


@pytest.mark.parametrize("leaver_bot", [None, "random", "expert"])
def test_with_the_house_rule_a_bot_takes_over_the_silent_seat(
    clock, user, other_user, settings, django_capture_on_commit_callbacks, leaver_bot
):
    """The bot the creator chose plays on for the silent seat (sensible if none
    was chosen)."""
    settings.BOT_EXPERT_SECONDS = 0.01  # the wiring, not the thinking
    chosen = {} if leaver_bot is None else {"leaver_bot": leaver_bot}
    game = make_game(
        creator=user,
        players=[other_user],
        options=engine.Options(max_missed_deadlines=1, bot_replaces_leaver=True),
        **chosen,
    )
    game = let_time_pass_for(
        clock, game, user, misses=1, callbacks=django_capture_on_commit_callbacks
    )
    seat = Seat.objects.get(game=game, user=user)
    assert (seat.bot, seat.status) == (leaver_bot or "sensible", Seat.Status.LEFT)
    assert not game.state().players[seat.position].resigned
    version = fresh(game).version
    # From now on the bot answers for the seat; the user may not.
    for _ in range(30):
        game = fresh(game)
        if game.status != Game.Status.ACTIVE:
            break
        [awaited] = awaited_seats(game)
        assert awaited.user == other_user
        with django_capture_on_commit_callbacks(execute=True):
            move_submit_as(game, awaited, default_move(game, awaited))
    played = fresh(game).events.filter(seq__gt=version, seat=seat.position)
    assert played.exists()
    assert set(played.values_list("cause", flat=True)) == {"bot"}


def test_an_overdue_bot_plays_at_its_deadline_without_a_miss(clock, user):
    game = fresh(make_game(creator=user, bots=1))  # the bots task never ran
    if not awaited_seat(game).bot:
        seat = awaited_seat(game)
        move_submit_as(game, seat, engine.EndTurn(seat=seat.position))
        game = fresh(game)
    bot = awaited_seat(game)
    assert bot.bot
    clock.advance(HOUR)
    assert services.deadline_expire(game_id=game.pk, version=game.version)
    assert fresh(game).version > game.version
    assert seat_at(game, bot.position).missed_deadlines == 0


def test_the_deadline_task_is_queued_with_its_eta(
    user, other_user, monkeypatch, django_capture_on_commit_callbacks
):
    queued = []
    monkeypatch.setattr(
        tasks.deadline_expire,
        "apply_async",
        lambda args, eta: queued.append((args, eta)),
    )
    with django_capture_on_commit_callbacks(execute=True):
        game = make_game(creator=user, players=[other_user], seconds_per_decision=60)
    game = fresh(game)
    assert queued[-1] == ((game.pk, game.version), game.deadline_at)
    # A deadline days away is left to the sweep.
    queued.clear()
    with django_capture_on_commit_callbacks(execute=True):
        make_game(creator=user, players=[other_user], seconds_per_decision=24 * HOUR)
    assert queued == []


def test_the_sweep_expires_every_due_game_and_only_those(clock, user, other_user):
    quick = fresh(
        make_game(creator=user, players=[other_user], seconds_per_decision=60)
    )
    slow = fresh(make_game(creator=user, players=[other_user]))
    assert tasks.deadlines_sweep() == 0
    clock.advance(61)
    assert tasks.deadlines_sweep() == 1  # eager: deadline_expire ran
    assert fresh(quick).version > quick.version
    assert fresh(slow).version == slow.version
    clock.advance(HOUR)
    assert tasks.deadlines_sweep() == 2


def test_a_decision_keeps_its_deadline_while_others_answer(
    clock, user, other_user, user_factory
):
    """When several seats owe answers, one answering restarts no one else's clock."""
    rng = random.Random(7)
    checked = 0
    for _ in range(6):
        game = make_game(creator=user, players=[other_user, user_factory()])
        for _ in range(600):
            game = fresh(game)
            if game.status != Game.Status.ACTIVE or checked >= 3:
                break
            owing = awaited_seats(game)
            seat = owing[0]
            move = bots.sensible_bot(game.state(), seat.position, rng)
            clock.advance(10)
            move_submit_as(game, seat, move)
            if len(owing) < 2:
                continue
            after = fresh(game)
            for other in owing[1:]:
                key = str(other.position)
                before_entry = game.deadlines[key]
                if after.deadlines.get(key, {}).get("kind") == before_entry["kind"]:
                    assert after.deadlines[key] == before_entry
                    checked += 1
            if str(seat.position) in after.deadlines:
                assert after.deadline_for(seat.position) == clock.now + timedelta(
                    seconds=game.seconds_per_decision
                )
        if checked >= 3:
            return
    pytest.skip("no position with several seats owing answers came up")


def test_a_refused_default_move_falls_back_to_a_bot_move(
    clock, two_player_game, monkeypatch, caplog
):
    game = fresh(two_player_game)
    seat = awaited_seat(game)
    monkeypatch.setattr(
        engine,
        "default_move",
        lambda state, position: engine.Pay(seat=position, cards=(999,)),
    )
    clock.advance(HOUR)
    with caplog.at_level(logging.ERROR, logger="games.services"):
        assert services.deadline_expire(game_id=game.pk, version=game.version)
    assert "Default Pay refused" in caplog.text
    assert fresh(game).events.filter(seq__gt=game.version, cause="timeout").exists()
    assert seat_at(game, seat.position).missed_deadlines == 1


def test_the_beat_schedule_names_the_sweep(settings):
    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert tasks.deadlines_sweep.name in scheduled
    assert tasks.deadline_expire.name == "games.tasks.deadline_expire"
    assert tasks.bots_play.name == "games.tasks.bots_play"


def test_bots_hand_over_to_a_fresh_task_after_their_quota(
    user, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(services.bots, "BOT_MOVES_PER_CALL", 1)
    played = []
    play_bot = services.bots.bot_play
    monkeypatch.setattr(
        services.bots, "bot_play", lambda *args: played.append(play_bot(*args))
    )
    moved = []
    real_bots_play = services.bots_play

    def counting_bots_play(**kwargs):
        moved.append(real_bots_play(**kwargs))
        return moved[-1]

    monkeypatch.setattr(services, "bots_play", counting_bots_play)
    with django_capture_on_commit_callbacks(execute=True):
        game = make_game(creator=user, bots=2)
    seat = awaited_seat(game)
    with django_capture_on_commit_callbacks(execute=True):
        # What the human owes may be a reply to a bot's charge when a bot
        # went first, so play whatever is owed, not EndTurn.
        move_submit_as(game, seat, default_move(game, seat))
    game = fresh(game)
    # One move per call, the calls chained through the queue: as many calls
    # that moved as bot moves, and two bot turns make two moves at least.
    assert moved.count(True) == len(played) >= 2
    if game.status == Game.Status.ACTIVE:
        assert awaited_seat(game).user == user


def test_when_only_bots_remain_they_play_to_the_end(
    user, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = make_game(creator=user, bots=2)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game_id=game.pk, user=user)
    game = fresh(game)
    assert game.status == Game.Status.FINISHED
    assert game.winner.bot
    assert Seat.objects.get(game=game, user=user).status == Seat.Status.RESIGNED


# --- nothing stalls when a task is lost -----------------------------------


def bot_awaited(game):
    """The game, advanced by one human move if needed, with a bot awaited."""
    game = fresh(game)
    if not awaited_seat(game).bot:
        seat = awaited_seat(game)
        move_submit_as(game, seat, engine.EndTurn(seat=seat.position))
        game = fresh(game)
    assert awaited_seat(game).bot
    return game


def test_a_bot_owing_a_move_is_due_within_seconds(clock, user):
    game = bot_awaited(make_game(creator=user, bots=1))  # bots task never ran
    due = game.deadline_for(awaited_seat(game).position)
    assert due - clock.now == services.BOT_DUE
    assert game.deadline_at == due


def test_the_sweep_plays_for_a_bot_whose_task_was_lost(clock, user):
    game = bot_awaited(make_game(creator=user, bots=1))
    assert tasks.deadlines_sweep() == 0
    clock.advance(services.BOT_DUE.total_seconds())
    assert tasks.deadlines_sweep() == 1
    after = fresh(game)
    assert after.version > game.version
    assert after.events.filter(seq__gt=game.version).first().cause == "bot"


def test_a_move_survives_a_broker_that_cannot_queue(
    user, monkeypatch, django_capture_on_commit_callbacks, caplog
):
    """Queuing after commit fails (Redis down): the move stands, the error is
    logged, and the bot's short due time leaves the sweep to play for it."""

    with django_capture_on_commit_callbacks(execute=True):
        game = fresh(make_game(creator=user, bots=1))  # bots move to the human
    human = awaited_seat(game)
    assert not human.bot

    def broker_down(*args, **kwargs):
        raise ConnectionError("broker down")

    monkeypatch.setattr(tasks.bots_play, "apply_async", broker_down)
    with django_capture_on_commit_callbacks(execute=True):
        while awaited_seat(game).position == human.position:
            move_submit_as(game, human, engine.EndTurn(seat=human.position))
            game = fresh(game)
    assert awaited_seat(game).bot
    assert game.deadline_at <= game.events.last().created_at + services.BOT_DUE
    assert "broker down" in caplog.text
