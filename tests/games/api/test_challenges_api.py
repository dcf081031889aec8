"""Challenges through the Bot API: the site's challenges (games.social's
services) made, listed, accepted, declined and cancelled with a token of
scope `challenge`; the site's refusals (blocks, a mute is silent, who may
challenge); and the event stream telling them."""

import json

import pytest

from django.test import AsyncClient
from django.urls import reverse

from games.api.models import Scope
from games.chat.services import user_mute
from games.models import Game
from games.social import services as social
from games.social.models import Challenge, Invitee
from tests.games.api.test_api import api, token

pytestmark = pytest.mark.django_db

CHALLENGE = [Scope.READ, Scope.CHALLENGE]


def post(client, url: str, body=None):
    data = "" if body is None else json.dumps(body)
    return client.post(url, data, content_type="application/json")


def create(client, username: str, body=None):
    return post(client, reverse("api:challenge_create", args=[username]), body)


def test_a_challenge_made_through_the_api_is_the_sites(user, other_user):
    ada = api(token(user, CHALLENGE))
    made = create(ada, "bea", {"seconds_per_decision": 3600, "rated": False})
    assert made.status_code == 201, made.content
    body = made.json()
    assert body["status"] == "open" and body["direction"] == "out"
    assert body["challenger"]["username"] == "ada"
    assert body["players"] == [
        {"username": "bea", "name": "Bea", "bot": False, "answer": "pending"}
    ]
    challenge = Challenge.objects.get(pk=body["id"])
    assert (challenge.seat_count, challenge.rated, challenge.kind) == (2, False, "deal")
    # Bea sees it on the site, and in her API list as received.
    bea = api(token(other_user, CHALLENGE))
    listed = bea.get(reverse("api:challenges")).json()
    assert [c["id"] for c in listed["received"]] == [challenge.pk]
    assert listed["received"][0]["direction"] == "in"
    assert [c["id"] for c in ada.get(reverse("api:challenges")).json()["sent"]] == [
        challenge.pk
    ]


def test_accepting_starts_the_game_through_the_lobby(user, other_user):
    made = create(api(token(user, CHALLENGE)), "bea").json()
    bea = api(token(other_user, CHALLENGE))
    accepted = post(bea, reverse("api:challenge_accept", args=[made["id"]]))
    assert accepted.status_code == 200, accepted.content
    assert accepted.json()["status"] == "started"
    game = Game.objects.get(pk=accepted.json()["game"])
    assert game.status == Game.Status.ACTIVE
    assert [s.user_id for s in game.seats.order_by("position")] == [
        user.pk,
        other_user.pk,
    ]
    again = post(bea, reverse("api:challenge_decline", args=[made["id"]]))
    assert again.status_code == 409 and "started" in again.json()["error"]


def test_decline_with_a_reason_and_cancel(user, other_user, user_factory):
    ada = api(token(user, CHALLENGE))
    bea = api(token(other_user, CHALLENGE))
    first = create(ada, "bea").json()
    declined = post(
        bea, reverse("api:challenge_decline", args=[first["id"]]), {"reason": "not_now"}
    )
    assert declined.status_code == 200 and declined.json()["status"] == "declined"
    assert Invitee.objects.get(challenge_id=first["id"]).reason == "not_now"
    second = create(ada, "bea").json()
    # Only the challenger cancels; the challenged declines.
    refused = post(bea, reverse("api:challenge_cancel", args=[second["id"]]))
    assert refused.status_code == 400 and "decline" in refused.json()["error"]
    cancelled = post(ada, reverse("api:challenge_cancel", args=[second["id"]]))
    assert cancelled.json()["status"] == "withdrawn"
    assert Challenge.objects.get(pk=second["id"]).status == "withdrawn"


def test_not_your_challenge_is_404_and_changes_nothing(user, other_user, user_factory):
    made = create(api(token(user, CHALLENGE)), "bea").json()
    cy = api(token(user_factory("cy"), CHALLENGE))
    for name in ("challenge_accept", "challenge_decline", "challenge_cancel"):
        for challenge_id in (made["id"], 10**12, 2**70):
            refused = post(cy, reverse(f"api:{name}", args=[challenge_id]))
            assert refused.status_code == 404, (name, challenge_id)
            assert refused.json()["error"] == "There is no such challenge."
    assert Challenge.objects.get(pk=made["id"]).status == "open"
    assert Invitee.objects.get(challenge_id=made["id"]).answer == "pending"


def test_the_challenge_scope_is_required(user, other_user):
    plays = api(token(user, [Scope.READ, Scope.PLAY]))
    for refused in (
        create(plays, "bea"),
        plays.get(reverse("api:challenges")),
        post(plays, reverse("api:challenge_accept", args=[1])),
    ):
        assert refused.status_code == 403
        assert "challenges" in refused.json()["error"]
    assert not Challenge.objects.exists()
    assert api("mdeal_forged").get(reverse("api:challenges")).status_code == 401


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ([1, 2], "JSON object"),
        ({"seats": "2"}, "'seats' must be a JSON integer"),
        ({"rated": 1}, "'rated' must be a JSON true or false"),
        ({"seconds_per_decision": 17}, "one of the site's times"),
        ({"colour": "red"}, "Unknown setting 'colour'"),
        ({"seats": 9}, "seats"),
        ({"kind": "chess"}, "no such game"),
        ({"with": ["ada"], "seats": 3}, "yourself"),
        ({"with": ["ada"], "seats": 2}, "3 players need a game of at least 3 seats"),
        ({"with": [3]}, "list of usernames"),
        ({"options": "all"}, "'options' must be a JSON object"),
    ],
)
def test_bad_settings_are_400_with_a_sentence(user, other_user, body, says):
    refused = create(api(token(user, CHALLENGE)), "bea", body)
    assert refused.status_code == 400, refused.content
    assert says in refused.json()["error"]
    assert not Challenge.objects.exists()


def test_not_json_is_400(user, other_user):
    refused = api(token(user, CHALLENGE)).post(
        reverse("api:challenge_create", args=["bea"]),
        "{not json",
        content_type="application/json",
    )
    assert refused.status_code == 400 and refused.json()["error"] == (
        "The body is not JSON."
    )


def test_blocks_and_choices_refuse_as_on_the_site(user, other_user, user_factory):
    ada = api(token(user, CHALLENGE))
    assert create(ada, "nobody-here").status_code == 404
    assert create(ada, "ada").status_code == 400
    social.block(user=other_user, username="ada")
    refused = create(ada, "bea")
    assert refused.status_code == 403
    assert refused.json()["error"] == "It is not possible to challenge Bea."
    cy = user_factory("cy", display_name="Cy")
    social.challenges_from_set(user=cy, choice="friends")
    assert create(ada, "cy").status_code == 403
    assert not Challenge.objects.exists()


def test_a_mute_is_silent_the_challenge_is_made_and_never_reaches_them(
    user, other_user
):
    user_mute(user=other_user, muted_id=user.pk)
    made = create(api(token(user, CHALLENGE)), "bea")
    assert made.status_code == 201
    bea = api(token(other_user, CHALLENGE))
    assert bea.get(reverse("api:challenges")).json()["received"] == []
    refused = post(bea, reverse("api:challenge_accept", args=[made.json()["id"]]))
    assert refused.status_code == 404


def test_a_bot_account_is_refused_by_who_takes_no_bot_challenges(
    user, other_user, user_factory
):
    user.is_bot = True
    user.save(update_fields=["is_bot"])
    ada = api(token(user, CHALLENGE))
    social.challenges_from_set(user=other_user, choice="everyone", bot_challenges=False)
    refused = create(ada, "bea")
    assert refused.status_code == 403
    assert refused.json()["error"] == "Bea takes no challenges from bot accounts."
    assert not Challenge.objects.exists()
    # A person may still challenge her, and a bot may challenge whoever allows.
    assert create(api(token(user_factory("cy"), CHALLENGE)), "bea").status_code == 201
    user_factory("dan")
    made = create(ada, "dan").json()
    assert made["challenger"]["bot"] is True


async def _lines(response, count: int) -> list[dict]:
    out, buffer = [], b""
    async for chunk in response.streaming_content:
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            out.append(json.loads(line))
            if len(out) == count:
                return out
    return out


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_event_stream_tells_a_challenge_and_its_outcome(
    user, other_user, settings
):
    import asyncio

    from asgiref.sync import sync_to_async

    settings.API_STREAM_POLL = 0.05
    settings.API_STREAM_SECONDS = 5
    secret = await sync_to_async(token)(other_user, CHALLENGE)
    auth = {"Authorization": f"Bearer {secret}"}
    stream = await AsyncClient().get(reverse("api:event_stream"), headers=auth)

    async def challenge_then_withdraw():
        await asyncio.sleep(0.3)
        made = await sync_to_async(
            lambda: create(api(token(user, CHALLENGE)), "bea").json()
        )()
        await asyncio.sleep(0.3)
        await sync_to_async(social.challenge_withdraw)(
            challenge_id=made["id"], user=user
        )
        return made

    maker = asyncio.ensure_future(challenge_then_withdraw())
    lines = await _lines(stream, 2)
    made = await maker
    assert [line["type"] for line in lines] == ["challenge", "challenge_withdrawn"]
    assert {line["challenge"]["id"] for line in lines} == {made["id"]}
    assert lines[0]["challenge"]["direction"] == "in"


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_muted_challenge_never_reaches_the_event_stream(
    user, other_user, settings
):
    from asgiref.sync import sync_to_async

    settings.API_STREAM_POLL = 0.05
    settings.API_STREAM_SECONDS = 1
    await sync_to_async(user_mute)(user=other_user, muted_id=user.pk)
    await sync_to_async(lambda: create(api(token(user, CHALLENGE)), "bea"))()
    secret = await sync_to_async(token)(other_user, CHALLENGE)
    auth = {"Authorization": f"Bearer {secret}"}
    stream = await AsyncClient().get(reverse("api:event_stream"), headers=auth)
    assert await _lines(stream, 1) == []  # the stream's second ends, untold


class _SiteApi:
    """The example client's Api, answered by the test client (no server)."""

    def __init__(self, secret: str):
        self.client = api(secret)

    def call(self, path: str, body=None):
        answer = (
            self.client.get(path) if body is None else post(self.client, path, body)
        )
        return answer.status_code, answer.json()


def test_the_example_client_accepts_a_challenge_from_its_event(user, other_user):
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "docs" / "examples" / "bot_client.py"
    spec = importlib.util.spec_from_file_location("bot_client", path)
    client = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(client)
    made = create(api(token(user, CHALLENGE)), "bea").json()
    bea = _SiteApi(token(other_user, CHALLENGE))
    event = {"type": "challenge", "challenge": {**made, "direction": "in"}}
    client.on_event(bea, event)  # not asked to accept: nothing
    assert Challenge.objects.get(pk=made["id"]).status == "open"
    client.on_event(bea, event, accept_challenges=True)
    challenge = Challenge.objects.get(pk=made["id"])
    assert challenge.status == "started" and challenge.game is not None
