"""The load harness's figures: percentiles, the stamps a player fetches the
table for, and the bots' lines of the report."""

from bench.load.figures import (
    another_seats_move,
    bot_lines,
    fetch_due,
    latest,
    percentile,
    unseen,
)


def test_percentiles_are_taken_from_the_values_in_order():
    values = [float(v) for v in range(100, 0, -1)]  # 100 down to 1
    assert percentile(values, 0.5) == 51
    assert percentile(values, 0.95) == 96
    assert percentile(values, 0.99) == 100
    assert percentile([7.0], 0.95) == 7
    assert percentile([], 0.95) == 0


def test_a_player_fetches_the_table_only_for_a_stamp_it_has_not_shown():
    assert unseen(12, 10)  # someone moved
    assert not unseen(10, 10)
    # Its own move's answer shows 12; the last message was the move before.
    assert not unseen(10, 12)
    # While the game waits for players every join moves the stamp down.
    assert unseen(-3, -2) and unseen(-2, -3) and not unseen(-2, -2)
    assert unseen(5, -2)  # the game started
    assert not unseen(None, -1) and not unseen(None, 7)  # nothing told yet


def test_a_player_fetches_the_table_once_per_stamp_told():
    assert fetch_due(12, 10, fetched_for=None)
    # The fetch brought version 11 (12 was not yet to be read): no fetch again
    # until another stamp is told, as the page.
    assert not fetch_due(12, 11, fetched_for=12)
    assert fetch_due(13, 11, fetched_for=12)
    # Told -1 on connecting to a game that started meanwhile: one fetch.
    assert fetch_due(-1, 5, fetched_for=None)
    assert not fetch_due(-1, 5, fetched_for=-1)
    assert not fetch_due(10, 10, fetched_for=None)


def test_a_player_remembers_the_last_stamp_its_game_told():
    # While the game waits every join moves the stamp down: the last one told
    # is what the table shows once fetched, and then there is nothing to fetch.
    assert latest(-1, -2) == -2 and not unseen(latest(-1, -2), -2)
    assert latest(-3, -2) == -2
    assert latest(-3, 0) == 0  # started
    assert latest(None, -1) == -1 and latest(None, 4) == 4
    # Once started only a later version is news (a poll may tell an older one).
    assert latest(12, 10) == 12 and latest(10, 12) == 12


def test_the_bots_lines_give_moves_answers_and_the_unanswered():
    answers = [float(ms) for ms in range(10, 1010, 10)]  # 10 ms ... 1000 ms
    lines = bot_lines(
        {False: (1200, 20.04), True: (300, 4.5)},
        answers,
        {"push": 97, "poll": 3},
        [2.5, 12.25],
    )
    assert lines == [
        "bot moves through Celery in games of bots only: 1200 "
        "(20.0/s while they played)",
        "bot moves through Celery against humans: 300 (4.5/s while they played)",
        "bot answers after the human's move response: 100 (97 by push, 3 by poll), "
        "p50 510 ms, p95 960 ms, max 1000 ms",
        "bot answers still awaited at the end: 2 (the longest for 12.2 s)",
    ]


def test_no_bots_no_lines():
    assert bot_lines({}, [], {"push": 0, "poll": 0}, []) == []


def test_answers_that_never_came_are_reported_without_a_time():
    lines = bot_lines({True: (0, 0.0)}, [], {}, [30.0])
    assert lines[1:] == [
        "bot answers after the human's move response: 0 (0 by push, 0 by poll), "
        "p50 0 ms, p95 0 ms, max 0 ms",
        "bot answers still awaited at the end: 1 (the longest for 30.0 s)",
    ]


def test_a_players_own_move_is_not_timed_as_a_push():
    assert another_seats_move(12, 11, moving=False)
    assert not another_seats_move(12, 12, moving=False)  # its own, answered
    # Its own, told before its response came back.
    assert not another_seats_move(12, 11, moving=True)
    assert another_seats_move(3, None, moving=False)
