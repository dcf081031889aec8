"""Web Push: subscribing a device, and pushing "your move" and reminders to it
once per decision, encrypted for the device, by the same rules as emails."""

import base64
import json

import pytest

from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.test import Client
from django.urls import reverse

from games.notifications import vapid
from games.notifications.models import Notification, Outcome, PushSubscription
from tests.games.factories import make_game
from tests.notifications.conftest import GRACE, SITE, emails_to, owe, sweep
from tests.notifications.push_service import Device, PushService

pytestmark = pytest.mark.django_db

SUBSCRIBE = "/notifications/push/subscribe/"
UNSUBSCRIBE = "/notifications/push/unsubscribe/"
FCM = "https://fcm.googleapis.com/fcm/send/abc123"


@pytest.fixture
def ada(user_factory):
    return user_factory("ada", display_name="Ada")


@pytest.fixture
def bea(user_factory):
    return user_factory("bea", display_name="Bea")


@pytest.fixture
def local_endpoints(settings):
    settings.PUSH_ALLOW_LOCAL_ENDPOINTS = True


@pytest.fixture
def push_service(local_endpoints):
    with PushService() as service:
        yield service


def signed_in(user) -> Client:
    client = Client(enforce_csrf_checks=False)
    client.force_login(user)
    return client


def post_json(client, url, data, **extra):
    body = data if isinstance(data, str) else json.dumps(data)
    return client.post(url, body, content_type="application/json", **extra)


def subscribe(user, device: Device, endpoint: str) -> None:
    response = post_json(signed_in(user), SUBSCRIBE, device.subscription(endpoint))
    assert response.status_code == 201, response.content


# Subscribing


def test_a_device_subscribes_and_subscribing_again_updates_it(ada, bea):
    device = Device()
    response = post_json(
        signed_in(ada),
        SUBSCRIBE,
        device.subscription(FCM),
        HTTP_USER_AGENT="Mozilla/5.0 Chromium",
    )
    assert response.status_code == 201
    row = PushSubscription.objects.get()
    assert (row.user, row.endpoint, row.p256dh) == (ada, FCM, device.p256dh)
    assert row.user_agent == "Mozilla/5.0 Chromium"

    # The same browser, now signed in as Bea, with fresh keys: still one row.
    again = Device()
    post_json(signed_in(bea), SUBSCRIBE, again.subscription(FCM))
    row = PushSubscription.objects.get()
    assert (row.user, row.p256dh) == (bea, again.p256dh)


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ("{not json", "Send the subscription as JSON."),
        ("[" * 100_000, "Send the subscription as JSON."),
        (
            {"endpoint": FCM + "\x00", "keys": Device().subscription(FCM)["keys"]},
            "https:// URL of a push service",
        ),
        ("[1, 2]", "Send the subscription as a JSON object."),
        ({"endpoint": "http://127.0.0.1:9/push"}, "https:// URL of a push service"),
        ({"endpoint": "https://intranet.example/push"}, "URL of a push service"),
        ({"endpoint": "https://user:pw@fcm.googleapis.com/x"}, "push service"),
        ({"endpoint": FCM}, "The subscription has no keys."),
        ({"endpoint": FCM, "keys": {"p256dh": "AAAA", "auth": "AAAA"}}, "65 bytes"),
        (
            {"endpoint": FCM, "keys": {"p256dh": Device().p256dh, "auth": "AAAA"}},
            "keys.auth must be 16 bytes in base64url.",
        ),
        (
            {"endpoint": FCM, "keys": {"p256dh": "!" * 87, "auth": "A" * 22}},
            "keys.p256dh must be 65 bytes",
        ),
    ],
)
def test_what_is_not_a_subscription_is_refused_with_a_reason(ada, body, says):
    response = post_json(signed_in(ada), SUBSCRIBE, body)
    assert response.status_code == 400
    assert says in response.json()["error"]
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize("url", [SUBSCRIBE, UNSUBSCRIBE])
def test_a_form_posted_instead_of_json_is_refused_with_a_reason(ada, url):
    # As in production: the CSRF check reads a multipart form before the view
    # reads the body.
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(ada)
    browser.get(reverse("profile"))
    token = browser.cookies["csrftoken"].value

    response = browser.post(url, {"endpoint": FCM}, headers={"x-csrftoken": token})

    assert response.status_code == 400
    assert "as JSON" in response.json()["error"]


def test_a_local_http_endpoint_only_with_debug_or_the_test_setting(ada, settings):
    body = Device().subscription("http://127.0.0.1:8765/push/1")
    settings.DEBUG = False
    settings.PUSH_ALLOW_LOCAL_ENDPOINTS = False
    assert post_json(signed_in(ada), SUBSCRIBE, body).status_code == 400
    settings.PUSH_ALLOW_LOCAL_ENDPOINTS = True
    assert post_json(signed_in(ada), SUBSCRIBE, body).status_code == 201


def test_subscribing_needs_a_signed_in_player_and_the_csrf_token(ada, client):
    body = json.dumps(Device().subscription(FCM))
    response = client.post(SUBSCRIBE, body, content_type="application/json")
    assert response.status_code == 302
    assert response.url.startswith(reverse("account_login"))

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(ada)
    response = strict.post(SUBSCRIBE, body, content_type="application/json")
    assert response.status_code == 403
    assert not PushSubscription.objects.exists()


def test_turning_off_forgets_only_ones_own_device(ada, bea):
    subscribe(ada, Device(), FCM)
    other = FCM + "-bea"
    subscribe(bea, Device(), other)

    response = post_json(signed_in(bea), UNSUBSCRIBE, {"endpoint": FCM})
    assert response.json() == {"subscribed": False, "deleted": False}
    response = post_json(signed_in(ada), UNSUBSCRIBE, {"endpoint": FCM})
    assert response.json() == {"subscribed": False, "deleted": True}
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [other]
    assert post_json(signed_in(ada), UNSUBSCRIBE, "{}").status_code == 400


@pytest.mark.parametrize(
    "body",
    ["[" * 100_000, '{"endpoint": "' + "[" * 5 + '"', {"endpoint": FCM + "\x00"}],
)
def test_turning_off_what_is_not_an_endpoint_is_refused_with_a_reason(ada, body):
    subscribe(ada, Device(), FCM)
    response = post_json(signed_in(ada), UNSUBSCRIBE, body)
    assert response.status_code == 400
    assert response.json() == {"error": 'Send {"endpoint": ...} as JSON.'}
    assert PushSubscription.objects.count() == 1


def test_a_player_keeps_their_ten_latest_devices(ada):
    for n in range(12):
        subscribe(ada, Device(), f"{FCM}/{n}")
    kept = set(PushSubscription.objects.values_list("endpoint", flat=True))
    assert kept == {f"{FCM}/{n}" for n in range(2, 12)}


# The page and the worker


def test_the_service_worker_is_served_from_the_root(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert b'addEventListener("push"' in response.content
    assert b"notificationclick" in response.content
    assert "script-src" in response["Content-Security-Policy"]


def test_the_profile_offers_push_with_the_public_key(ada):
    page = signed_in(ada).get(reverse("profile")).content.decode()
    key = vapid.public_key()
    point = base64.urlsafe_b64decode(key + "=")
    assert (len(point), point[0]) == (65, 4)  # an uncompressed P-256 point
    assert f'data-push-key="{key}"' in page
    assert "Notify me on this device" in page
    assert "notifications/push.js" in page


def test_without_a_key_in_production_there_is_no_push(ada, settings):
    settings.VAPID_PRIVATE_KEY = ""
    settings.VAPID_KEY_DIR = None
    page = signed_in(ada).get(reverse("profile")).content.decode()
    assert "Notify me on this device" not in page
    body = Device().subscription(FCM)
    assert post_json(signed_in(ada), SUBSCRIBE, body).status_code == 503
    with pytest.raises(SystemCheckError, match=r"notifications\.W001"):
        call_command("check", "--deploy", "--fail-level", "WARNING")


def test_a_key_from_the_environment_is_used(settings):
    made = vapid.server_key()
    settings.VAPID_PRIVATE_KEY = made.vapid.private_pem().decode()
    settings.VAPID_KEY_DIR = None
    assert vapid.public_key() == made.public
    settings.VAPID_PUBLIC_KEY = "not-its-pair"
    assert vapid.server_key() is None  # logged; `check --deploy` says why
    assert vapid.keys_check()[0].id == "notifications.E001"


# Sending


def test_your_move_is_pushed_encrypted_to_each_device(clock, ada, bea, push_service):
    phone, laptop = Device(), Device()
    subscribe(ada, phone, push_service.endpoint("phone"))
    subscribe(ada, laptop, push_service.endpoint("laptop"))
    game = make_game(creator=ada, players=[bea])
    owe(game, ada)
    sweep()
    assert push_service.received == []  # the grace time is not over

    clock.past_grace()
    sweep()
    sweep()

    by_path = {r.path: r for r in push_service.received}
    assert sorted(by_path) == ["/push/laptop", "/push/phone"]
    message = phone.read(by_path["/push/phone"].body)
    assert message == laptop.read(by_path["/push/laptop"].body)
    assert message["title"] == f"Your move in Monopoly Deal game {game.pk} with Bea"
    assert message["body"] == "Your turn: play up to 3 cards. 57 minutes left."
    assert message["url"] == f"{SITE}/games/{game.pk}/"
    headers = by_path["/push/phone"].headers
    assert headers["content-encoding"] == "aes128gcm"
    assert headers["authorization"].startswith("vapid t=")
    assert int(headers["ttl"]) == 60 * 60 - GRACE - 1  # until the deadline
    assert headers["topic"] == f"mdeal-game-{game.pk}"
    record = Notification.objects.get(user=ada, kind="move", channel="push")
    assert record.outcome == Outcome.SENT
    assert PushSubscription.objects.filter(last_success_at__isnull=False).count() == 2
    # The email goes out as before, on its own row.
    assert len(emails_to(ada)) == 1


def test_no_push_without_a_device_and_none_to_a_player_at_the_table(
    clock, ada, bea, push_service
):
    game = make_game(creator=ada, players=[bea])
    owe(game, ada)
    assert not Notification.objects.filter(channel="push").exists()

    subscribe(ada, Device(), push_service.endpoint("phone"))
    other = make_game(creator=ada, players=[bea])
    owe(other, ada)
    signed_in(ada).get(other.get_absolute_url())
    clock.past_grace()
    sweep()
    assert push_service.received == []
    record = Notification.objects.get(game=other, channel="push", kind="move")
    assert record.outcome == Outcome.SEEN


def test_a_player_with_daily_digest_is_still_pushed_their_move(
    clock, user_factory, bea, push_service
):
    ada = user_factory("ada", notify="daily_digest")
    subscribe(ada, Device(), push_service.endpoint("phone"))
    game = make_game(creator=ada, players=[bea])
    owe(game, ada)
    clock.past_grace()
    sweep()
    assert len(push_service.received) == 1
    assert emails_to(ada) == []


def test_a_reminder_is_pushed_once_when_time_runs_short(
    clock, ada, bea, push_service, settings
):
    device = Device()
    subscribe(ada, device, push_service.endpoint("phone"))
    game = make_game(creator=ada, players=[bea])
    owe(game, ada)
    clock.past_grace()
    sweep()
    [_move] = push_service.received
    # An hour per decision: reminded when 30 minutes are left.
    clock.advance(30 * 60 - GRACE)
    sweep()
    sweep()
    [_, reminder] = push_service.received
    message = device.read(reminder.body)
    assert (
        message["title"] == f"29 minutes left in Monopoly Deal game {game.pk} with Bea"
    )
    assert message["body"].startswith("Your turn: play up to 3 cards. When time")
    assert Notification.objects.get(kind="reminder", channel="push").outcome == "sent"


def test_a_device_the_push_service_no_longer_knows_is_deleted(
    clock, ada, bea, push_service
):
    subscribe(ada, Device(), push_service.endpoint("gone"))
    game = make_game(creator=ada, players=[bea])
    owe(game, ada)
    push_service.status = 410
    clock.past_grace()
    sweep()
    assert [r.path for r in push_service.received] == ["/push/gone"]
    assert not PushSubscription.objects.exists()
    record = Notification.objects.get(user=ada, channel="push", kind="move")
    assert record.outcome == Outcome.NO_DEVICE


def test_a_failing_push_service_is_tried_again_and_sends_once(
    clock, ada, bea, push_service, monkeypatch
):
    from celery.app.task import Task

    subscribe(ada, Device(), push_service.endpoint("flaky"))
    game = make_game(creator=ada, players=[bea])
    owe(game, ada)
    push_service.status = 503
    retries = []

    def retry(self, *args, kwargs=None, **options):
        retries.append(kwargs)
        return RuntimeError("retry later")

    monkeypatch.setattr(Task, "retry", retry)
    clock.past_grace()
    sweep()  # the task asks for a retry (the sweep logs what it raises)
    [held] = retries
    record = Notification.objects.get(user=ada, channel="push", kind="move")
    assert record.done_at is None and str(record.claim) == held["claim"]
    sweep()  # the sweep leaves a record held for a retry alone
    assert len(push_service.received) == 1

    from games.notifications import tasks

    push_service.status = 201
    assert tasks.send_pushes.apply(kwargs=held).get() == 1
    assert tasks.send_pushes.apply(kwargs=held).get() == 0
    assert len(push_service.received) == 2
    record.refresh_from_db()
    assert record.outcome == Outcome.SENT
    assert PushSubscription.objects.exists()


def test_a_push_service_that_does_not_answer_costs_the_device_nothing(
    clock, retries_run, ada, bea, local_endpoints
):
    # Nothing listens there: every try fails (eager Celery runs the retries at
    # once), the record ends failed, and the device is kept for next time.
    subscribe(ada, Device(), "http://127.0.0.1:9/push/nobody")
    game = make_game(creator=ada, players=[bea])
    owe(game, ada)
    clock.past_grace()
    sweep()
    record = Notification.objects.get(user=ada, channel="push", kind="move")
    assert record.outcome == Outcome.FAILED
    assert PushSubscription.objects.filter(user=ada).exists()
