"""Web Push in Chromium: "Notify me on this device" subscribes through the page,
and the site's push reaches the device encrypted for it.

This machine has no internet, so Chromium's own push service is out of reach:
an init script replaces `PushManager`'s subscribe and getSubscription with a
subscription whose endpoint is a local stand-in push service
(tests/notifications/push_service.py) and whose keys are a real P-256 pair and
auth secret made by the test, which then decrypts what the site sent. The rest
is the browser's own: the notification permission (granted to the context),
the service worker's registration at /sw.js, and the page's POST.
"""

import base64
import json

import pytest
from playwright.sync_api import expect

from games.notifications import tasks, vapid
from games.notifications.models import PushSubscription
from tests.games.factories import make_game
from tests.notifications.conftest import owe
from tests.notifications.push_service import Device, PushService

pytestmark = pytest.mark.e2e
# The headless shell denies every site the permission to notify.
FULL_BROWSER = True

ON = "This device is notified when it is your move."
OFF = "This device is not notified."

# Runs before the page's scripts. The subscription outlives a reload
# (localStorage), as a real one does; what subscribe() was asked is kept.
FAKE_PUSH_MANAGER = """
(() => {
  if (typeof PushManager === "undefined") return;
  const SUBSCRIPTION = %s;
  const STORE = "test-push-subscription";
  const asSubscription = (json) => ({
    endpoint: json.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true },
    toJSON: () => json,
    unsubscribe: () => {
      localStorage.removeItem(STORE);
      return Promise.resolve(true);
    },
  });
  PushManager.prototype.subscribe = function (options) {
    const key = new Uint8Array(options.applicationServerKey);
    localStorage.setItem(
      "test-push-options",
      JSON.stringify({
        userVisibleOnly: options.userVisibleOnly,
        applicationServerKey: btoa(String.fromCharCode(...key)),
      })
    );
    localStorage.setItem(STORE, JSON.stringify(SUBSCRIPTION));
    return Promise.resolve(asSubscription(SUBSCRIPTION));
  };
  PushManager.prototype.getSubscription = function () {
    const stored = localStorage.getItem(STORE);
    return Promise.resolve(stored ? asSubscription(JSON.parse(stored)) : null);
  };
})();
"""


@pytest.fixture
def push_service(settings):
    settings.PUSH_ALLOW_LOCAL_ENDPOINTS = True
    with PushService() as service:
        yield service


@pytest.fixture
def device_page(new_context, login, push_service):
    """A signed-in page whose browser subscribes to the local push service."""

    def open_page(user, endpoint_name: str):
        device = Device()
        subscription = device.subscription(push_service.endpoint(endpoint_name))
        context = new_context()
        context.grant_permissions(["notifications"])
        context.add_init_script(FAKE_PUSH_MANAGER % json.dumps(subscription))
        return login(user, context), device

    return open_page


def worker_script(page) -> str | None:
    return page.evaluate(
        """navigator.serviceWorker.getRegistration("/")
             .then((r) => r && r.active && r.active.scriptURL)"""
    )


def test_notify_me_on_the_profile_then_the_move_arrives_encrypted(
    device_page, push_service, user_factory, settings
):
    settings.NOTIFY_GRACE_SECONDS = 0
    settings.SITE_URL = "https://mdeal.example"
    ada = user_factory("ada", display_name="Ada")
    bea = user_factory("bea", display_name="Bea")
    page, device = device_page(ada, "ada-phone")

    page.goto("/profile/")
    box = page.locator("#push")
    expect(box).to_contain_text(OFF)
    box.get_by_role("button", name="Notify me on this device").click()
    expect(box).to_contain_text(ON)
    expect(box.get_by_role("button", name="Turn off on this device")).to_be_visible()

    assert worker_script(page).endswith("/sw.js")
    asked = json.loads(page.evaluate("localStorage.getItem('test-push-options')"))
    assert asked["userVisibleOnly"] is True
    server_key = base64.urlsafe_b64decode(vapid.public_key() + "=")
    assert base64.b64decode(asked["applicationServerKey"]) == server_key
    row = PushSubscription.objects.get(user=ada)
    assert row.endpoint == push_service.endpoint("ada-phone")
    assert "Chrom" in row.user_agent

    page.reload()  # the browser still holds it: the box says so
    expect(box).to_contain_text(ON)

    game = make_game(creator=ada, players=[bea])
    owe(game, ada)
    tasks.notifications_sweep()

    [received] = push_service.received
    assert received.path == "/push/ada-phone"
    message = device.read(received.body)
    assert message["title"] == f"Your move in Monopoly Deal game {game.pk} with Bea"
    assert message["body"].startswith("Your turn: play up to 3 cards.")
    assert message["url"] == f"https://mdeal.example/games/{game.pk}/"


def test_the_table_offers_it_too_and_turning_off_forgets_the_device(
    device_page, push_service, user_factory
):
    ada = user_factory("ada", display_name="Ada")
    bea = user_factory("bea", display_name="Bea")
    game = make_game(creator=ada, players=[bea])
    page, _ = device_page(ada, "ada-laptop")

    page.goto(game.get_absolute_url())
    box = page.locator("#push")
    box.get_by_role("button", name="Notify me on this device").click()
    expect(box).to_contain_text(ON)
    assert PushSubscription.objects.filter(user=ada).count() == 1

    box.get_by_role("button", name="Turn off on this device").click()
    expect(box).to_contain_text(OFF)
    assert not PushSubscription.objects.exists()
    assert page.evaluate("localStorage.getItem('test-push-subscription')") is None


def test_a_browser_that_blocked_notifications_is_told_how_to_allow_them(
    new_context, login, user_factory
):
    context = new_context()
    page = login(user_factory("ada"), context)
    # Headless Chromium answers a permission prompt with "denied".
    page.goto("/profile/")
    box = page.locator("#push")
    box.get_by_role("button", name="Notify me on this device").click()
    expect(box).to_contain_text("blocked in this browser's settings")
    expect(box.get_by_role("button")).to_have_count(0)  # none it could use
    assert not PushSubscription.objects.exists()
