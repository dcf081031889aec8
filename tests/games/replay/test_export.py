"""The JSON export: whole for a finished game, redacted for a running one."""

import io
import json
import random
from datetime import timedelta

import pytest

from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.engines import deal as engine
from games.engines.deal.bots import sensible_bot
from games.models import Game, GameEvent
from games.replay.export import replay_export
from tests.engines.deal.test_open_view_and_redact import cards_named
from tests.games.factories import fresh, make_game, play_out
from tests.games.test_hidden import forbidden_for, secret_cards, step

pytestmark = pytest.mark.django_db


def export_of(client, game) -> dict:
    response = client.get(reverse("games:export", args=[game.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    return response.json()


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_running_games_export_hides_every_card_its_reader_could_not_see(
    user_factory,
):
    users = [user_factory(f"x{i}") for i in range(3)]
    game = make_game(creator=users[0], players=users[1:], bots=1)
    clients = {game.seat_for(u).position: client_for(u) for u in users}
    clients[None] = client_for(user_factory("onlooker"))
    rng = random.Random(7)
    redacted = 0
    for _ in range(4):
        for _ in range(12):
            if fresh(game).status != Game.Status.ACTIVE:
                break
            game = step(game, rng, sensible_bot)
        game = fresh(game)
        if game.status != Game.Status.ACTIVE:
            break  # The deal is random: this game ended early; what ran is checked.
        rows = list(GameEvent.objects.filter(game=game).order_by("seq"))
        states, state = [], None
        for row in rows:
            state = engine.evolve(state, row.event(game.engine))
            states.append(state)
        for viewer, client in clients.items():
            record = export_of(client, game)
            assert record["viewer"] == {"seat": viewer, "complete": False}
            assert [e["seq"] for e in record["events"]] == [r.seq for r in rows]
            for entry, row, after in zip(record["events"], rows, states, strict=True):
                hidden = forbidden_for(after, viewer)
                event = row.event(game.engine)
                if isinstance(event, engine.HandDiscarded) and event.seat == viewer:
                    hidden -= set(event.cards)  # they know what they put back
                named = cards_named(entry["event"])
                assert not named & hidden, (viewer, entry)
                redacted += bool(entry["event"].get("redacted"))
                for card in secret_cards(event, viewer):
                    assert engine.DECK[card].name not in (entry["text"] or "")
                assert entry["cause"] in {"setup", "player", "timeout", "bot"}
    assert redacted


def test_a_finished_games_export_holds_everything_and_replays_to_its_end(
    user, other_user
):
    game = play_out(make_game(creator=user, players=[other_user], bots=1))
    record = export_of(client_for(other_user), game)
    assert record["format"] == "mdeal-game"
    assert record["viewer"] == {"seat": None, "complete": True}
    meta = record["game"]
    assert meta["id"] == game.pk and meta["status"] == "finished"
    assert meta["winner"] == game.state().winner
    assert meta["finished_at"] and meta["started_at"] and meta["created_at"]
    assert [s["position"] for s in record["seats"]] == [0, 1, 2]
    assert [s["human"] for s in record["seats"]] == [True, True, False]
    assert record["seats"][2]["bot"] == "sensible"
    assert record["options"] == game.rule_options().to_json()
    assert len(record["events"]) == game.version
    assert {e["cause"] for e in record["events"]} >= {"setup", "player", "bot"}
    assert not any(e["event"].get("redacted") for e in record["events"])
    # Imported and replayed by the engine: the same final state.
    imported = json.loads(json.dumps(record))
    assert replay_export(imported) == engine.from_json(fresh(game).snapshot)


def test_outsiders_get_404_for_a_private_games_export(user, other_user, user_factory):
    game = make_game(creator=user, players=[other_user], public=False)
    outsider = client_for(user_factory("nosy"))
    for pk in (game.pk, game.pk + 1000):
        response = outsider.get(reverse("games:export", args=[pk]))
        assert response.status_code == 404
        assert response.json() == {"error": "There is no such game."}
    assert export_of(client_for(other_user), game)["viewer"]["seat"] == 1


def test_export_games_writes_finished_games_as_json_lines_or_files(
    user, other_user, tmp_path
):
    done = [
        play_out(make_game(creator=user, players=[other_user], bots=1))
        for _ in range(2)
    ]
    running = make_game(creator=user, players=[other_user])

    out = io.StringIO()
    call_command("export_games", stdout=out, stderr=io.StringIO())
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["game"]["id"] for r in lines] == [g.pk for g in done]
    assert running.pk not in {r["game"]["id"] for r in lines}
    for record, game in zip(lines, done, strict=True):
        assert replay_export(record) == engine.from_json(fresh(game).snapshot)

    out = io.StringIO()
    call_command("export_games", str(done[1].pk), stdout=out, stderr=io.StringIO())
    assert [json.loads(x)["game"]["id"] for x in out.getvalue().splitlines()] == [
        done[1].pk
    ]

    tomorrow = (timezone.now() + timedelta(days=1)).date().isoformat()
    out = io.StringIO()
    call_command("export_games", since=tomorrow, stdout=out, stderr=io.StringIO())
    assert out.getvalue() == ""

    call_command("export_games", out=tmp_path, stdout=io.StringIO())
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == sorted(f"game-{g.pk}.json" for g in done)
    record = json.loads((tmp_path / f"game-{done[0].pk}.json").read_text())
    assert replay_export(record) == engine.from_json(fresh(done[0]).snapshot)
