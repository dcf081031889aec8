"""A finished classic game's review: the classic judge (games/engines/classic/
bots/judge.py) wired into its kind, the review made at the game's end, the
page with its chart, turning points and the viewer's costly decisions linking
into the classic replay, and nothing in it the viewer could not see then
beyond what the finished game's replay shows them (docs/review.md)."""

import random
import re

import pytest

from django.test import Client
from django.urls import reverse

from games import kinds
from games.engines import classic as engine
from games.engines.classic.bots import judge as classic_judge
from games.engines.classic.bots import sensible_bot
from games.models import Game, GameEvent, GameReview
from games.reviews.judging import Played, by_chance_extent, made_move
from games.reviews.services import review_make
from tests.games.factories import make_game, play_out

pytestmark = pytest.mark.django_db

# Games short enough to play through the services in a test: the turn limit
# ends them, the highest net worth winning.
ROUNDS = 8


@pytest.fixture(autouse=True)
def _small_budget(settings):
    settings.REVIEW_GUESSES = 1
    settings.REVIEW_DECISIONS = 40


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def review_url(game) -> str:
    return reverse("games:review", args=[game.pk])


def classic_game(creator, players, rounds: int = ROUNDS, cash: int = 1500) -> Game:
    """A classic game of people playing the sensible bot's moves to its end
    (with little `cash`, deeds go to auction)."""
    game = make_game(
        creator=creator,
        players=players,
        kind="classic",
        options=engine.Options(turn_limit=rounds, starting_cash=cash),
    )
    game = play_out(game)
    assert game.status == Game.Status.FINISHED
    return game


def test_classic_has_the_classic_judge():
    assert kinds.get("classic").judge is classic_judge


def test_a_roll_is_found_by_its_dice_whatever_they_were_with_all_it_made():
    state = engine.new_game(2, 3)
    seat = engine.awaiting(state)[0].seat
    roll = engine.Roll(seat=seat)
    rng = random.Random(11)
    rolled = engine.decide(state, roll, rng)
    # The dice of seed 11, not those of the seed made_move decides with: the
    # roll is still found, its count unknown (0: it depends on the dice).
    assert rolled[0] != engine.decide(state, roll, random.Random(0))[0]
    assert made_move(engine, state, seat, rolled[0]) == (roll, 0)
    # Its events run up to the seat's next move, which starts a step of its own.
    after = state
    for event in rolled:
        after = engine.evolve(after, event)
    (owed,) = engine.awaiting(after)
    following = engine.decide(after, sensible_bot(after, owed.seat, rng), rng)
    played = [
        Played(seq=n, event=e, seat=seat, human=True)
        for n, e in enumerate([*rolled, *following], start=1)
    ]
    assert owed.seat == seat and len(rolled) > 1
    assert by_chance_extent(engine, state, played, 0) == len(rolled)


def test_a_bid_is_found_with_its_amounts_though_the_engine_lists_one():
    rng = random.Random(5)
    state = engine.replay(engine.setup(3, engine.Options(starting_cash=300), rng))
    while not any(a.kind == "bid" for a in engine.awaiting(state)):
        seat = engine.awaiting(state)[0].seat
        for event in engine.decide(state, sensible_bot(state, seat, rng), rng):
            state = engine.evolve(state, event)
    seat = next(a.seat for a in engine.awaiting(state) if a.kind == "bid")
    listed = [m for m in engine.legal_moves(state, seat) if isinstance(m, engine.Bid)]
    bid = engine.Bid(seat=seat, amounts=tuple(1 for _ in state.auction.lots))
    assert bid not in listed
    (placed,) = engine.decide(state, bid, random.Random(0))
    assert made_move(engine, state, seat, placed) == (bid, 1)


def test_a_finished_classic_game_queues_its_review_which_judges_its_rolls_too(
    settings, user, other_user, django_capture_on_commit_callbacks
):
    settings.REVIEW_AFTER_GAME = True
    game = make_game(
        creator=user,
        players=[other_user],
        kind="classic",
        options=engine.Options(turn_limit=ROUNDS),
    )
    with django_capture_on_commit_callbacks(execute=True):
        game = play_out(game)
    review = GameReview.objects.get(game=game)
    assert review.status == GameReview.Status.DONE
    assert review.version == game.version
    assert len(review.chances) == game.version
    final = game.state()
    assert review.chances[-1] == list(classic_judge.chances(final))
    assert sorted(review.chances[-1]) == [0.0, 1.0]
    made = {d["made"]["type"] for d in review.decisions}
    assert "Roll" in made, made
    for d in review.decisions:
        if d["made"]["type"] == "Roll":
            assert d["made_random"]
    # Again with the same seed and budget: the same review.
    again = review_make(game_id=game.pk, again=True)
    for field in ("chances", "decisions", "turning", "skipped"):
        assert getattr(again, field) == getattr(review, field), field


def scripted_review(game) -> GameReview:
    """A review row written by hand over the game's real events: Ann's first
    roll lost 12% (the expert would have rolled too: the figures are made up),
    her second 2%, her first end of turn 7%; one turning point of Bea's."""
    rows = list(GameEvent.objects.filter(game=game).order_by("seq"))
    rolls = [
        r
        for r in rows
        if r.seat == 0 and r.cause == GameEvent.Cause.PLAYER and r.type == "DiceRolled"
    ]
    state = None
    for row in rows:
        if row.seq == rolls[0].seq:
            break
        state = engine.evolve(state, row.event(game.engine))
    best = engine.Roll(seat=0)
    best_event = engine.decide(state, best, random.Random(0))[0]
    decision = {
        "seat": 0,
        "made": {"type": "Roll", "seat": 0},
        "best": engine.to_json(best),
        "same": False,
        "best_event": engine.to_json(best_event),
        "made_random": True,
        "best_random": True,
    }
    ended = next(r for r in rows if r.seat == 0 and r.type == "TurnEnded")
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
                "seq": rolls[0].seq,
                "made_chance": 0.3,
                "best_chance": 0.42,
                "lost": 0.12,
            },
            {
                **decision,
                "best_random": False,
                "best_event": engine.to_json(engine.TurnEnded(seat=0)),
                "seq": rolls[1].seq,
                "made_chance": 0.4,
                "best_chance": 0.42,
                "lost": 0.02,
            },
            {
                **decision,
                "made_random": False,
                "best_random": False,
                "best_event": engine.to_json(engine.TurnEnded(seat=0)),
                "seq": ended.seq,
                "made_chance": 0.3,
                "best_chance": 0.37,
                "lost": 0.07,
            },
        ],
        turning=[{"seq": rolls[1].seq, "last": rolls[1].seq, "seat": 1, "swing": 0.25}],
    )


def test_the_classic_review_page_shows_turning_points_and_your_costly_decisions(
    user, other_user, user_factory
):
    game = classic_game(user, [other_user], rounds=3)
    review = scripted_review(game)
    page = client_for(user).get(review_url(game)).content.decode()
    replay = reverse("games:replay", args=[game.pk])
    first, second, third = review.decisions
    # A roll is told without the dice: the expert's would not have been these.
    told = (
        "You rolled the dice. That lost about 12% of your chances; "
        "the expert would have rolled the dice."
    )
    assert told in page
    assert f'href="{replay}?step={first["seq"]}"' in page
    assert (
        "You ended your turn. That lost about 7% of your chances; "
        "the expert would have ended your turn." in page
    )
    assert f'href="{replay}?step={third["seq"]}">Step' in page
    # Less than the threshold: not told.
    assert f'href="{replay}?step={second["seq"]}">Step' not in page
    assert "The expert judged 3 of your decisions" in page
    names = game.seat_names()
    assert f"{names[1]} +25%" in page
    assert f'href="{replay}?step={second["seq"]}" data-turning="1"' in page
    assert page.count('<figure class="chart__seat') == 2
    # The replay the links lead to opens at that step.
    step = client_for(user).get(f"{replay}?step={first['seq']}")
    assert step.status_code == 200
    assert f"Step {first['seq']} of {game.version}" in step.content.decode()
    # Onlookers see the chart and turning points, no one's decisions.
    watcher = client_for(user_factory("watcher")).get(review_url(game)).content.decode()
    assert "Turning points" in watcher and "That lost about" not in watcher


def test_the_classic_review_shows_nothing_the_viewer_could_not_see(
    settings, user, other_user, user_factory
):
    """The policy of the Deal review (docs/review.md): the lines are the
    viewer's, as the replay tells each step to them, so no other seat's sealed
    bid before its auction closes, no offer between others, and no card of the
    decks before it is drawn."""
    third = user_factory("cy")  # Three seats: auctions and offers between others.
    game = classic_game(user, [other_user, third], rounds=ROUNDS, cash=200)
    review = review_make(game_id=game.pk)
    events = {
        row.seq: row.event(game.engine) for row in GameEvent.objects.filter(game=game)
    }
    secrets = [
        seq
        for seq, e in events.items()
        if isinstance(e, engine.BidPlaced | engine.OfferMade)
    ]
    assert any(isinstance(events[s], engine.BidPlaced) for s in secrets), (
        "a game with no sealed bid checks nothing"
    )
    # A turning point at every secret, so every page tells each of them.
    review.turning = [
        {"seq": seq, "last": seq, "seat": 0, "swing": 0.2} for seq in secrets
    ]
    review.save()
    cards = {engine.CARDS[c].text for c in engine.CARDS}
    names = game.seat_names()
    viewers = {
        0: client_for(user),
        1: client_for(other_user),
        2: client_for(third),
        None: client_for(user_factory("w")),
    }
    for viewer, client in viewers.items():
        page = client.get(review_url(game)).content.decode()
        items = re.findall(r'<p class="review__text">(.*?)</p>', page, re.S)
        assert len(items) >= len(secrets)
        for seq, text in zip(secrets, items, strict=False):
            e = events[seq]
            if isinstance(e, engine.BidPlaced) and e.seat != viewer:
                assert text.endswith(f"{names[e.seat]} placed a sealed bid."), text
                assert "$" not in text, (viewer, seq, text)
            elif isinstance(e, engine.BidPlaced):
                assert "You bid $" in text
            elif viewer not in (e.offer.seat, e.offer.to):
                assert "trade" not in text and "offer" not in text, (viewer, text)
            else:
                assert "a trade" in text
        # The decks' order: no card's words, none being drawn on this page.
        for words in cards:
            assert words not in page, (viewer, words)
