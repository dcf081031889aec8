"""A finished game's review: queued at the end, made once, shown beside the
replay to whoever may see the game, and nothing in it that the replay hides."""

import random
import re
from contextlib import contextmanager
from dataclasses import replace

import pytest

from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from games import kinds, services
from games import tasks as game_tasks
from games.engines import deal as engine
from games.models import Game, GameEvent, GameReview
from games.reviews.services import review_make
from tests.games.factories import awaited_seat, fresh, make_game, move_submit_as
from tests.games.test_hidden import exposed_cards, secret_cards

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@contextmanager
def without_judge(key: str):
    """The kind `key` as if it had no judge yet (as classic had at first)."""
    kind = kinds.get(key)
    kinds.register(replace(kind, judge=None))
    try:
        yield
    finally:
        kinds.register(kind)


@pytest.fixture(autouse=True)
def _small_budget(settings):
    settings.REVIEW_GUESSES = 1
    settings.REVIEW_DECISIONS = 6


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def review_url(game) -> str:
    return reverse("games:review", args=[game.pk])


def played(game, moves: int, seed: int = 0) -> Game:
    """`moves` moves of the sensible bot's choice by whoever owes one."""
    rng = random.Random(seed)
    for _ in range(moves):
        game = fresh(game)
        if game.status != Game.Status.ACTIVE:
            break
        seat = awaited_seat(game)
        kind = game.game_kind
        move_submit_as(game, seat, kind.sensible_move(game.state(), seat.position, rng))
    return fresh(game)


def finished(game, loser) -> Game:
    """The game after `loser` resigns: over, the other seat the winner; or as
    it ended already (the deal is shuffled afresh: a lucky hand wins early)."""
    if fresh(game).status == Game.Status.ACTIVE:
        services.game_resign(game_id=game.pk, user=loser)
    return fresh(game)


def test_a_game_that_ends_queues_its_review_which_is_made_once(
    settings, user, other_user, django_capture_on_commit_callbacks
):
    settings.REVIEW_AFTER_GAME = True
    game = played(make_game(creator=user, players=[other_user]), 30, seed=1)
    assert not GameReview.objects.filter(game=game).exists()
    with django_capture_on_commit_callbacks(execute=True):
        game = finished(game, other_user)
    review = GameReview.objects.get(game=game)
    assert review.status == GameReview.Status.DONE
    assert review.version == game.version
    assert len(review.chances) == game.version
    assert review.chances[-1] == [1.0, 0.0]  # Ann won when Bea resigned.
    assert review.seed == game.pk and review.guesses == 1
    assert 0 < len(review.decisions) <= 6
    # The task again (twice, late) keeps the review as it is.
    made = review.finished_at
    assert game_tasks.game_review(game.pk) is True
    assert GameReview.objects.get(game=game).finished_at == made
    # Made again with the same seed and budget: the same review.
    again = review_make(game_id=game.pk, again=True)
    assert again.finished_at > made
    for field in ("chances", "decisions", "turning", "skipped"):
        assert getattr(again, field) == getattr(review, field), field


def test_no_review_is_queued_when_the_setting_is_off_or_the_kind_has_no_judge(
    settings, user, other_user, django_capture_on_commit_callbacks
):
    settings.REVIEW_AFTER_GAME = False
    with django_capture_on_commit_callbacks(execute=True):
        game = finished(make_game(creator=user, players=[other_user]), other_user)
    assert not GameReview.objects.filter(game=game).exists()
    settings.REVIEW_AFTER_GAME = True
    with django_capture_on_commit_callbacks(execute=True), without_judge("deal"):
        unjudged = finished(make_game(creator=user, players=[other_user]), other_user)
        assert unjudged.status == Game.Status.FINISHED
        assert review_make(game_id=unjudged.pk) is None
    assert not GameReview.objects.filter(game=unjudged).exists()


def test_a_running_game_is_not_reviewed(user, other_user):
    game = played(make_game(creator=user, players=[other_user]), 5)
    assert review_make(game_id=game.pk) is None
    assert not GameReview.objects.exists()


def test_a_review_under_way_sends_the_next_one_back_to_wait(
    monkeypatch, user, other_user
):
    game = finished(make_game(creator=user, players=[other_user]), other_user)
    later = []
    monkeypatch.setattr(
        game_tasks.game_review,
        "apply_async",
        lambda args, countdown: later.append((args, countdown)),
    )
    from django.core.cache import cache

    cache.add(game_tasks.REVIEW_LOCK, 0, 60)
    try:
        assert game_tasks.game_review(game.pk) is False
    finally:
        cache.delete(game_tasks.REVIEW_LOCK)
    assert later == [((game.pk,), game_tasks.REVIEW_RETRY_SECONDS)]
    assert not GameReview.objects.filter(game=game).exists()
    assert game_tasks.game_review(game.pk) is True


def test_the_review_command_reviews_finished_games_without_one(user, other_user):
    from io import StringIO

    from django.core.management import call_command

    game = finished(played(make_game(creator=user, players=[other_user]), 8), user)
    out = StringIO()
    call_command("review_games", stdout=out)
    assert f"Game {game.pk}:" in out.getvalue()
    assert "1 games reviewed." in out.getvalue()
    first = GameReview.objects.get(game=game)
    call_command("review_games", stdout=(out := StringIO()))
    assert "0 games reviewed." in out.getvalue()
    call_command(
        "review_games", str(game.pk), "--again", "--seed", "5", stdout=StringIO()
    )
    assert GameReview.objects.get(game=game).seed == 5 != first.seed


# -- the page --------------------------------------------------------------------


def scripted_review(game) -> GameReview:
    """A review row written by hand over the game's real events: one of Ann's
    decisions that lost 12%, one that lost 2%, and one turning point."""
    rows = list(GameEvent.objects.filter(game=game).order_by("seq"))
    mine = [r for r in rows if r.seat == 0 and r.cause == GameEvent.Cause.PLAYER]
    state = None
    for row in rows:
        if row.seq == mine[0].seq:
            break
        state = engine.evolve(state, row.event(game.engine))
    end = engine.EndTurn(seat=0)
    best_event = engine.decide(state, end, random.Random(0))[0]
    decision = {
        "seat": 0,
        "made": {},
        "best": engine.to_json(end),
        "same": False,
        "best_event": engine.to_json(best_event),
    }
    chances = [[0.5, 0.5] for _ in rows]
    chances[-1] = [1.0, 0.0]
    return GameReview.objects.create(
        game=game,
        status=GameReview.Status.DONE,
        seed=1,
        guesses=1,
        version=game.version,
        chances=chances,
        decisions=[
            {
                **decision,
                "seq": mine[0].seq,
                "made_chance": 0.3,
                "best_chance": 0.42,
                "lost": 0.12,
            },
            {
                **decision,
                "seq": mine[1].seq,
                "made_chance": 0.4,
                "best_chance": 0.42,
                "lost": 0.02,
            },
        ],
        turning=[{"seq": mine[1].seq, "last": mine[1].seq, "seat": 1, "swing": 0.25}],
    )


def test_the_review_page_shows_the_chart_turning_points_and_your_costly_decisions(
    user, other_user, user_factory
):
    game = played(make_game(creator=user, players=[other_user]), 12, seed=3)
    game = finished(game, other_user)
    review = scripted_review(game)
    ann = client_for(user)
    page = ann.get(review_url(game)).content.decode()
    replay = reverse("games:replay", args=[game.pk])
    first, second = review.decisions
    made = engine.describe(
        GameEvent.objects.get(game=game, seq=first["seq"]).event(), 0, game.seat_names()
    )
    assert made.startswith("You ")
    told = "That lost about 12% of your chances; the expert would have ended your turn."
    assert escape(f"{made} {told}") in page  # "B. & O. Railroad" as HTML
    assert f'href="{replay}?step={first["seq"]}"' in page
    # A decision that cost less than the threshold is not told.
    assert (
        f'href="{replay}?step={second["seq"]}">Step {second["seq"]} in the replay'
        not in page
    )
    judged = "The expert judged 2 of your decisions and would have made 0 of them"
    assert f"{judged} the same way." in page
    # The turning point: who gained, by how much, the replay at that step.
    assert f"{game.seat_names()[1]} +25%" in page
    assert f'href="{replay}?step={review.turning[0]["last"]}" data-turning="1"' in page
    assert page.count('<figure class="chart__seat') == 2
    assert 'class="chart__turn"' in page
    # An onlooker of the public game sees the chart and turning points only.
    watcher = client_for(user_factory("watcher")).get(review_url(game)).content.decode()
    assert "Turning points" in watcher and "Your decisions" not in watcher
    assert "That lost about" not in watcher
    # Bea's decisions are not Ann's: she sees her own (none told).
    bea = client_for(other_user).get(review_url(game)).content.decode()
    assert "That lost about" not in bea and "Your decisions" in bea


def test_the_review_page_says_when_it_is_being_prepared_and_polls(user, other_user):
    game = finished(make_game(creator=user, players=[other_user]), other_user)
    response = client_for(user).get(review_url(game))
    assert response.status_code == 200
    page = response.content.decode()
    assert "The review is being prepared" in page
    assert 'hx-trigger="every 5s"' in page
    review_make(game_id=game.pk)
    partial = client_for(user).get(review_url(game), **HTMX).content.decode()
    assert partial.lstrip().startswith('<div id="review"')
    assert "every 5s" not in partial
    assert "Turning points" in partial


def test_a_kind_without_a_judge_says_its_games_get_no_review(user, other_user):
    game = finished(make_game(creator=user, players=[other_user]), other_user)
    with without_judge("deal"):
        page = client_for(user).get(review_url(game)).content.decode()
    assert "has no expert to review its games yet" in page


def test_only_a_finished_game_has_a_review_and_outsiders_of_a_private_one_get_404(
    user, other_user, user_factory
):
    running = played(make_game(creator=user, players=[other_user]), 6)
    response = client_for(user).get(review_url(running))
    assert response.status_code == 404
    assert "reviewed once it is over" in response.content.decode()
    private = make_game(creator=user, players=[other_user], public=False)
    private = finished(private, other_user)
    review_make(game_id=private.pk)
    outsider = client_for(user_factory("outsider"))
    missing = outsider.get(review_url(Game(pk=private.pk + 1000)))
    assert outsider.get(review_url(private)).status_code == 404 == missing.status_code
    assert client_for(other_user).get(review_url(private)).status_code == 200
    assert Client().get(review_url(private)).status_code == 302  # sign in first


def test_the_finished_table_and_the_replay_link_to_the_review(user, other_user):
    game = finished(make_game(creator=user, players=[other_user]), other_user)
    ann = client_for(user)
    assert (
        f'href="{review_url(game)}"'
        in ann.get(reverse("games:table", args=[game.pk])).content.decode()
    )
    assert (
        f'href="{review_url(game)}"'
        in ann.get(reverse("games:replay", args=[game.pk])).content.decode()
    )
    running = make_game(creator=user, players=[other_user])
    assert (
        review_url(running)
        not in ann.get(reverse("games:replay", args=[running.pk])).content.decode()
    )


def test_the_review_shows_no_card_the_replay_hides(user, other_user, user_factory):
    game = played(make_game(creator=user, players=[other_user]), 40, seed=7)
    game = finished(game, other_user)
    review = review_make(game_id=game.pk)
    assert review.turning, "a game with no turning point checks nothing"
    events = {
        row.seq: row.event(game.engine) for row in GameEvent.objects.filter(game=game)
    }
    final = game.state()
    viewers = {
        0: client_for(user),
        1: client_for(other_user),
        None: client_for(user_factory("w")),
    }
    for viewer, client in viewers.items():
        page = client.get(review_url(game)).content.decode()
        # No card is drawn, and the draw pile's order is never named.
        assert not exposed_cards(page)
        assert not set(final.draw) & exposed_cards(page)
        items = re.findall(r'<p class="review__text">(.*?)</p>', page, re.S)
        assert len(items) >= len(review.turning)
        for t, text in zip(review.turning, items, strict=False):
            span = [events[seq] for seq in range(t["seq"], t["last"] + 1)]
            # Six cards are "1M": a name the viewer's own cards in the same
            # lines carry ("You discarded 1M") tells nothing of a secret one.
            told = {engine.DECK[c].name for e in span for c in shown_cards(e, viewer)}
            for event in span:
                for card in secret_cards(event, viewer):
                    name = engine.DECK[card].name
                    assert name in told or name not in text, (viewer, event, text)


def shown_cards(event, viewer) -> list[int]:
    """The cards an event names that `viewer` may see."""
    card = getattr(event, "card", None)
    cards = [
        *(getattr(event, "cards", None) or ()),
        *([card] if card is not None else []),
    ]
    secret = set(secret_cards(event, viewer))
    return [c for c in cards if isinstance(c, int) and c not in secret]
