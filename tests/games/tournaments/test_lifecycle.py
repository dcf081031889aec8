"""A tournament's life: entries, the start (or cancellation), rounds that
start when the last game of the one before ends, exactly once, withdrawals,
a round's hard end, and whole tournaments of both games played to the end by
the tasks a worker and beat run."""

import random
import threading
from datetime import timedelta

import pytest

from django.db import connection, connections
from django.utils import timezone

from games import services
from games import tasks as game_tasks
from games.engines.classic import net_worth
from games.engines.deal import DECK
from games.models import Game, Seat
from games.notifications.models import Notification
from games.ratings import SeatResult
from games.ratings.models import RatingChange
from games.services import randomness
from games.tournaments import services as tournaments
from games.tournaments import tasks
from games.tournaments.models import Entry, Pairing, Tournament
from tests.games.factories import fresh

pytestmark = pytest.mark.django_db

SOON = timedelta(minutes=5)


@pytest.fixture
def scripted_deals(monkeypatch):
    """Deals and rolls from fixed seeds: about one random Deal game in twelve
    ends within 40 sensible moves, and the tests that play a few moves need
    the game to go on."""
    seeds = iter(range(1000, 2000))
    monkeypatch.setattr(randomness, "rng", lambda: random.Random(next(seeds)))


def make(creator, *, bots=3, level="sensible", **fields):
    fields = {
        "name": "Friday cup",
        "kind": "deal",
        "format": Tournament.Format.SWISS,
        "rounds": 2,
        "seats": 2,
        "seconds_per_decision": 3600,
        "starts_at": timezone.now() + SOON,
        **fields,
    }
    tournament = tournaments.tournament_create(creator=creator, **fields)
    for _ in range(bots):
        tournaments.tournament_add_bot(
            tournament_id=tournament.pk, user=creator, bot=level
        )
    return tournament


def start(tournament):
    tournaments.tournament_advance(
        tournament_id=tournament.pk, now=tournament.starts_at + timedelta(seconds=1)
    )
    tournament.refresh_from_db()
    return tournament


def play_round(tournament, rng):
    """Play every running game of the tournament to its end, as the worker
    would: the bots by their task, each human by the sensible bot's move."""
    for game in Game.objects.filter(
        tournament_pairing__tournament=tournament, status=Game.Status.ACTIVE
    ):
        for _ in range(5000):
            game = fresh(game)
            if game.status != Game.Status.ACTIVE:
                break
            state = game.state()
            seat_no = game.engine.awaiting(state)[0].seat
            seat = game.seats.select_related("user").get(position=seat_no)
            if seat.bot:
                game_tasks.bots_play(game.pk, game.version)
                continue
            move = game.game_kind.sensible_move(state, seat_no, rng)
            services.move_submit(
                game_id=game.pk, user=seat.user, move=move, version=game.version
            )
        else:
            raise AssertionError("a game did not end")


def run_to_end(tournament, seed=0, limit=40):
    rng = random.Random(seed)
    for _ in range(limit):
        tournament.refresh_from_db()
        if tournament.status != Tournament.Status.RUNNING:
            return tournament
        play_round(tournament, rng)
        tasks.tournaments_sweep()
    raise AssertionError("the tournament did not end")


def test_a_tournament_without_its_minimum_is_cancelled_at_its_time(user):
    tournament = make(user, bots=0, min_players=3)
    assert tasks.tournaments_sweep() == 0  # not yet due
    tournament = start(tournament)
    assert tournament.status == Tournament.Status.CANCELLED
    assert not Pairing.objects.filter(tournament=tournament).exists()


def test_the_first_round_seats_everyone_once_with_a_bye_for_an_odd_count(user):
    tournament = start(make(user, bots=4))
    assert tournament.status == Tournament.Status.RUNNING
    assert tournament.round == 1
    rows = list(Pairing.objects.filter(tournament=tournament, round=1))
    seated = sorted(pk for row in rows for pk in row.entries)
    assert seated == sorted(tournament.entries.values_list("pk", flat=True))
    assert sum(1 for row in rows if row.bye_id) == 1
    for row in rows:
        if row.game_id:
            assert row.game.status == Game.Status.ACTIVE
            assert row.game.seat_count == 2


@pytest.mark.parametrize(
    "kind,seats,format,rounds",
    [
        ("deal", 2, Tournament.Format.SWISS, 3),
        ("deal", 3, Tournament.Format.ROUND_ROBIN, 0),
        ("classic", 2, Tournament.Format.ROUND_ROBIN, 0),
        ("classic", 3, Tournament.Format.SWISS, 2),
        ("deal", 2, Tournament.Format.ELIMINATION, 0),
    ],
)
def test_a_tournament_of_bots_is_played_to_the_end_by_its_tasks(
    user, kind, seats, format, rounds
):
    options = {"turn_limit": 8} if kind == "classic" else None
    tournament = make(
        user,
        bots=4,
        kind=kind,
        seats=seats,
        format=format,
        rounds=rounds,
        options=options,
    )
    tournament = run_to_end(start(tournament))
    assert tournament.status == Tournament.Status.FINISHED
    rows = list(Pairing.objects.filter(tournament=tournament))
    games = [row for row in rows if row.game_id]
    assert games and all(row.places for row in games)
    assert all(row.game.status == Game.Status.FINISHED for row in games)
    lines = tournaments.standings(tournament)
    assert len(lines) == 5
    if format == Tournament.Format.ROUND_ROBIN:
        met = {frozenset(p) for row in games for p in _pairs(row.entries)}
        entries = list(tournament.entries.values_list("pk", flat=True))
        assert met == {frozenset(p) for p in _pairs(entries)}
    if format == Tournament.Format.SWISS:
        assert tournament.round == rounds
    if format == Tournament.Format.ELIMINATION:
        assert tournament.round == 3  # five players: a bracket of eight
        final = [row for row in games if row.round == 3]
        assert len(final) == 1
    # The rated games were rated: the creator's rating moved with each game.
    played = [row for row in games if _has(row, tournament, user)]
    assert RatingChange.objects.filter(user=user).count() == len(played)


def _pairs(entries):
    entries = list(entries)
    return [(a, b) for i, a in enumerate(entries) for b in entries[i + 1 :]]


def _has(row, tournament, user):
    mine = tournament.entries.get(user=user).pk
    return mine in row.entries


def test_a_game_ending_moves_the_tournament_on_through_its_task(
    user, django_capture_on_commit_callbacks
):
    tournament = start(make(user, bots=1, rounds=2))
    rng = random.Random(1)
    with django_capture_on_commit_callbacks(execute=True):
        play_round(tournament, rng)
    tournament.refresh_from_db()
    assert tournament.round == 2  # the last game's end started round two


def test_a_withdrawn_player_resigns_the_running_game_and_is_not_seated_again(
    user,
):
    tournament = start(make(user, bots=1, rounds=3))
    tournaments.tournament_withdraw(tournament_id=tournament.pk, user=user)
    entry = tournament.entries.get(user=user)
    assert entry.withdrawn_at is not None
    game = Pairing.objects.get(tournament=tournament, round=1, game__isnull=False).game
    assert fresh(game).status == Game.Status.FINISHED
    assert game.seats.get(user=user).status == Seat.Status.RESIGNED
    tasks.tournaments_sweep()
    tournament.refresh_from_db()
    # One player left: nobody to meet, so the tournament ends.
    assert tournament.status == Tournament.Status.FINISHED
    assert tournaments.standings(tournament)[0].player != entry.pk


def test_a_round_past_its_hard_end_is_adjudicated_and_the_next_one_starts(user):
    tournament = start(make(user, bots=1, rounds=2, round_hours=24))
    row = Pairing.objects.get(tournament=tournament, round=1)
    later = tournament.round_ends_at + timedelta(seconds=1)
    assert tournaments.tournament_advance(tournament_id=tournament.pk, now=later)
    row.refresh_from_db()
    # Nothing played yet: the two stand level and share first place.
    assert row.adjudicated and set(row.places.values()) == {1}
    tournament.refresh_from_db()
    assert tournament.round == 2


@pytest.mark.parametrize(("kind", "moves"), [("deal", 40), ("classic", 60)])
def test_at_the_hard_end_the_leader_wins_the_table(
    kind, moves, user, other_user, scripted_deals
):
    tournament = make(user, kind=kind, bots=0, rounds=2, round_hours=24)
    tournaments.tournament_join(tournament_id=tournament.pk, user=other_user)
    tournament = start(tournament)
    row = Pairing.objects.get(tournament=tournament, round=1)
    list(play_some(row.game, moves))
    game = fresh(row.game)
    assert game.status == Game.Status.ACTIVE
    state = game.state()
    standing = {
        pk: game.game_kind.leading(state, n) for n, pk in enumerate(row.entries)
    }
    leader, behind = sorted(row.entries, key=standing.get, reverse=True)
    assert standing[leader] > standing[behind]  # a game with a leader
    later = tournament.round_ends_at + timedelta(seconds=1)
    assert tournaments.tournament_advance(tournament_id=tournament.pk, now=later)
    row.refresh_from_db()
    assert row.adjudicated
    assert row.places == {str(leader): 1, str(behind): 2}
    lines = {line.player: line for line in tournaments.standings(tournament)}
    assert (lines[leader].points, lines[behind].points) == (2, 1)
    assert lines[leader].wins == 1
    # The game plays on for itself; its end changes nothing in the tournament.
    assert fresh(row.game).status == Game.Status.ACTIVE
    services.game_resign(
        game_id=row.game_id,
        user=row.game.seats.get(position=row.entries.index(leader)).user,
    )
    tournaments.tournament_advance(tournament_id=tournament.pk, now=later)
    row.refresh_from_db()
    assert row.places == {str(leader): 1, str(behind): 2}


def test_adjudication_places_by_standing_equals_sharing_leavers_below():
    class Kind:
        @staticmethod
        def leading(state, seat):
            return state[seat]

    class Stopped:
        game_kind = Kind()

        @staticmethod
        def state():
            return {0: (1, 5), 1: (2, 0), 2: (1, 5), 3: (0, 9), 4: (3, 0)}

    results = [
        SeatResult(position=0, user_id=1, bot="", status=Seat.Status.PLAYING),
        SeatResult(position=1, user_id=2, bot="", status=Seat.Status.PLAYING),
        SeatResult(position=2, user_id=3, bot="", status=Seat.Status.PLAYING),
        SeatResult(position=3, user_id=4, bot="", status=Seat.Status.PLAYING),
        SeatResult(
            position=4, user_id=5, bot="", status=Seat.Status.RESIGNED, left_at=7
        ),
    ]
    # Seat 4 stood best but resigned: below everyone still playing.
    assert tournaments.adjudicated_places(Stopped(), results) == {
        1: 1,
        0: 2,
        2: 2,
        3: 3,
        4: 4,
    }


@pytest.mark.django_db(transaction=True)
def test_two_sweeps_at_the_hard_end_adjudicate_once(user, other_user):
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL: set DATABASE_URL to run")
    tournament = make(user, bots=0, rounds=2, round_hours=24)
    tournaments.tournament_join(tournament_id=tournament.pk, user=other_user)
    tournament = start(tournament)
    row = Pairing.objects.get(tournament=tournament, round=1)
    list(play_some(row.game, 20))
    later = tournament.round_ends_at + timedelta(seconds=1)
    barrier = threading.Barrier(2)
    results = []

    def advance():
        try:
            barrier.wait()
            results.append(
                tournaments.tournament_advance(tournament_id=tournament.pk, now=later)
            )
        finally:
            connections.close_all()

    threads = [threading.Thread(target=advance) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False, True]
    row.refresh_from_db()
    assert row.adjudicated and row.places is not None
    assert Pairing.objects.filter(tournament=tournament, round=2).count() == 1
    emails = Notification.objects.filter(
        tournament=tournament, decision="r2g1", channel=Notification.Channel.EMAIL
    )
    assert emails.filter(user=user).count() == 1
    assert emails.filter(user=other_user).count() == 1


def test_refusals_leave_nothing_made(user, other_user):
    before = Tournament.objects.count()
    bad = [
        {"name": ""},
        {"kind": "chess"},
        {"seats": 6},
        {"format": Tournament.Format.ELIMINATION, "seats": 3},
        {"rounds": 0},
        {"seconds_per_decision": 5},
        {"min_players": 1},
        {"options": {"max_missed_deadlines": 0}},
    ]
    for fields in bad:
        with pytest.raises(tournaments.TournamentError) as refused:
            make(user, bots=0, **fields)
        assert refused.value.message
    assert Tournament.objects.count() == before
    tournament = make(user, bots=0, by_invitation=True, max_players=2)
    with pytest.raises(tournaments.TournamentError, match="by invitation"):
        tournaments.tournament_join(tournament_id=tournament.pk, user=other_user)
    tournaments.tournament_join(
        tournament_id=tournament.pk, user=other_user, token=tournament.invite_token
    )
    with pytest.raises(tournaments.TournamentClosed, match="already"):
        tournaments.tournament_join(
            tournament_id=tournament.pk, user=other_user, token=tournament.invite_token
        )
    with pytest.raises(tournaments.TournamentNotFound):
        tournaments.tournament_join(tournament_id=10**9, user=other_user)
    assert tournament.entries.count() == 2


@pytest.mark.django_db(transaction=True)
def test_two_games_ending_at_once_start_the_next_round_once(user, monkeypatch):
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL: set DATABASE_URL to run")
    tournament = make(user, bots=3, rounds=2)
    tournament = start(tournament)
    # The games end with their tasks held back; then both tasks run at once.
    monkeypatch.setattr(tasks.tournament_game_over, "delay", lambda game_id: None)
    play_round(tournament, random.Random(2))
    barrier = threading.Barrier(2)
    results = []

    def advance():
        try:
            barrier.wait()
            results.append(tournaments.tournament_advance(tournament_id=tournament.pk))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=advance) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False, True]
    assert Pairing.objects.filter(tournament=tournament, round=2).count() == 2
    assert Entry.objects.filter(tournament=tournament).count() == 4


def test_a_best_of_three_elimination_plays_each_match_until_two_wins(user):
    tournament = make(
        user, bots=3, format=Tournament.Format.ELIMINATION, best_of=3, rounds=0
    )
    tournament = run_to_end(start(tournament), seed=7)
    assert tournament.status == Tournament.Status.FINISHED
    rows = list(Pairing.objects.filter(tournament=tournament, game__isnull=False))
    for number in (1, 2):
        boards = {row.board for row in rows if row.round == number}
        for board in boards:
            games = [r for r in rows if r.round == number and r.board == board]
            assert 2 <= len(games) <= 3
            wins = {}
            for game in games:
                firsts = [k for k, v in game.places.items() if v == 1]
                if len(firsts) == 1:
                    wins[firsts[0]] = wins.get(firsts[0], 0) + 1
            decided = max(wins.values(), default=0) == 2
            assert decided or len(games) == 3
            # The loser of a decided match plays no more after it.
            if decided and number == 1:
                loser = next(pk for pk in games[0].entries if wins.get(str(pk)) != 2)
                later = [r for r in rows if r.round == 2]
                assert all(loser not in r.entries for r in later)


def test_the_top_two_seeds_meet_only_in_the_final(user):
    tournament = make(user, bots=5, format=Tournament.Format.ELIMINATION, rounds=0)
    tournament = start(tournament)
    first, second = list(tournament.entries.order_by("joined_at", "pk"))[:2]
    rng = random.Random(9)
    while tournament.status == Tournament.Status.RUNNING:
        for row in Pairing.objects.filter(tournament=tournament, game__isnull=False):
            together = {first.pk, second.pk} <= set(row.entries)
            assert not together or row.round == tournament.rounds
        play_round(tournament, rng)
        tasks.tournaments_sweep()
        tournament.refresh_from_db()


@pytest.mark.parametrize("kind", ["deal", "classic"])
def test_a_closed_table_keeps_each_players_worth_for_the_tie_break(
    kind, user, other_user, scripted_deals
):
    tournament = make(user, kind=kind, bots=0, rounds=1)
    tournaments.tournament_join(tournament_id=tournament.pk, user=other_user)
    tournament = start(tournament)
    row = Pairing.objects.get(tournament=tournament, round=1)
    played = list(play_some(row.game, 30))
    services.game_resign(game_id=row.game_id, user=user)
    tournaments.tournament_advance(tournament_id=tournament.pk)
    row.refresh_from_db()
    game = fresh(row.game)
    state = game.state()
    seat = {pk: n for n, pk in enumerate(row.entries)}
    if kind == "classic":
        expected = {pk: net_worth(state, seat[pk]) for pk in row.entries}
        assert expected[row.entries[seat_of(game, other_user)]] > 0
    else:
        expected = {
            pk: sum(card_value(c) for c in state.players[seat[pk]].bank)
            for pk in row.entries
        }
    assert {int(k): v for k, v in row.worth.items()} == expected
    assert played  # the game moved on before it ended
    lines = {line.player: line for line in tournaments.standings(tournament)}
    assert {pk: lines[pk].worth for pk in row.entries} == expected


def play_some(game, moves):
    """Up to `moves` sensible moves, whoever owes them (humans included)."""
    rng = random.Random(3)
    for _ in range(moves):
        game = fresh(game)
        state = game.state()
        seat_no = game.engine.awaiting(state)[0].seat
        seat = game.seats.select_related("user").get(position=seat_no)
        move = game.game_kind.sensible_move(state, seat_no, rng)
        services.move_submit(
            game_id=game.pk, user=seat.user, move=move, version=game.version
        )
        yield move


def seat_of(game, user) -> int:
    return game.seats.get(user=user).position


def card_value(card: int) -> int:
    return DECK[card].value
