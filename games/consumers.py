"""The live door of a table: tells its players and the spectators of a public
game the game's new version, and that their chat has something new.

A change of the table sends each socket the new version with its user's own
view of the table ({"version": N, "html": ...}, rendered once per version and
user by games.pushed, with the browser's CSRF token in its forms), which the
page swaps in: no page comes back over HTTP for it. The version alone
({"version": N}) goes to the sockets of the user who made the change (their
move's answer brings their table), while the game waits for players, to a
browser with no CSRF cookie (that page asks for its table over HTTP), and to
a page that said it is hidden (`{"hidden": true}`: a background tab asks for
its table once, when it is shown again). When the
clocks moved with the version unchanged (a player went away or came back) the
socket hears {"clocks": "moved"} and the page asks for its table. The chat
sends only that it changed ({"chat": "new"}); the browser asks for it. A socket
hears of the chat room its user reads: the players' for a seat holder, the
spectators' for anyone else (games.chat).

Nothing here waits for the one thread a process keeps for thread-sensitive
work (Channels' default for database calls, and its `close_old_connections`
before every message a consumer handles). Under load that thread, starved of
the GIL by the request threads, queued every socket's calls behind everyone
else's: pushes came seconds late, and daphne aborted the handshakes that took
more than 5 s (a TCP reset at the browser). Accepting a socket reads the
session's user, the game and the seat, and records the player's presence, in
one trip to a thread of its own (`CONNECT_THREADS`); a table's render runs in
threads of its own too (`PUSH_THREADS`), and the chat's message with no thread
at all. While a player's socket stays open and its page shown it renews their
presence every `presence.RENEW` (one query on the connecting threads), so no
"your move" email goes to a player with the table in sight; closing it or
hiding the page ends the hold.
"""

import asyncio
import json
import logging
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from redis.exceptions import RedisError

from django.conf import settings
from django.contrib import auth

from games import pushed, selectors
from games.chat.models import Room
from games.chat.services import group_name as chat_group
from games.notifications import presence
from mdeal_site.db import off_loop

logger = logging.getLogger(__name__)

FORBIDDEN = 4403
# The channel layer (Redis) is down: the page polls until it can reconnect.
UNAVAILABLE = 4503


class ClientGone(Exception):
    """The browser left while a message was on its way to it."""


def guarded(send):
    """`send`, its OSError (the ASGI server's word that the client has
    disconnected) raised as `ClientGone`, so that it is not taken for the
    channel layer failing (Redis's errors are OSErrors too)."""

    async def guarded_send(message):
        try:
            await send(message)
        except OSError as error:
            raise ClientGone from error

    return guarded_send


class GuardedConsumer(AsyncWebsocketConsumer):
    """A socket that closes cleanly when the channel layer fails (the page
    polls until it can reconnect) and quietly when its browser has gone.

    The layer is in use from the first moment (the consumer listens on its
    channel while it connects), so its failure is caught around it all.
    """

    label = "Socket"  # as the log names it

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, guarded(send))
        except ClientGone:
            return  # nothing to close, no one to tell
        except (RedisError, OSError) as error:
            logger.warning(
                "%s socket closed, channel layer unavailable: %s",
                self.label,
                type(error).__name__,
            )
            await send({"type": "websocket.close", "code": UNAVAILABLE})


# Threads for accepting sockets, beside the request threads: two, so that a
# burst of sockets holds at most two of the process's pooled database
# connections (settings.DATABASE_POOL_SIZE).
CONNECT_THREADS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="socket")
# Threads rendering the tables pushed (games.pushed): two, for the same reason.
PUSH_THREADS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="push")


def group_name(game_id: int) -> str:
    return f"game-{game_id}"


def watching(session, game_id: int) -> tuple[int, bool, object] | None:
    """selectors.version_for_watcher for the session's user, and that user,
    whose presence at the table is held if they sit at it: all a socket's
    accepting asks of the database."""
    user = auth.get_user(SimpleNamespace(session=session))
    watched = selectors.version_for_watcher(game_id=game_id, user=user)
    if watched is None:
        return None
    if watched[1]:
        # Presence is for the players' notifications: spectators have none.
        presence.table_held(game_id=game_id, user=user)
    return (*watched, user)


def _in_thread(function):
    return off_loop(function, CONNECT_THREADS)


# What a page says over its socket fits in a few bytes: a longer message is
# not read at all.
SAID_MAX = 64


def _hidden_said(text) -> bool | None:
    """True or False from a page's `{"hidden": ...}`, None for anything else."""
    if not isinstance(text, str) or len(text) > SAID_MAX:
        return None
    try:
        said = json.loads(text)
    except ValueError:
        return None
    if isinstance(said, dict) and isinstance(said.get("hidden"), bool):
        return said["hidden"]
    return None


class GameConsumer(GuardedConsumer):
    label = "Table"
    # A hidden page (a background tab, a phone's locked screen) is told the
    # version alone: no one looks at it, and a render per version would cost
    # as much as the move's own answer. It asks for its table when shown.
    hidden = False
    holding: "asyncio.Future | None" = None  # the player's presence, renewed

    async def dispatch(self, message):
        """Channels' dispatch without its `close_old_connections` (on the
        thread-sensitive thread) before each handler: no handler here touches
        the database but through `mdeal_site.db.off_loop`, which closes them
        itself."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self):
        self.game_id = self.scope["url_route"]["kwargs"]["pk"]
        watched = await _in_thread(watching)(self.scope["session"], self.game_id)
        if watched is None:
            await self.close(code=FORBIDDEN)
            return
        version, seated, self.user = watched
        if seated:
            self.player = self.user
            self._hold()  # `watching` held the player's presence a first time
        # The token this browser's forms carry (None: it asks by GET).
        self.token = pushed.token_for(
            self.scope.get("cookies", {}).get(settings.CSRF_COOKIE_NAME)
        )
        self.group = group_name(self.game_id)
        self.chat = chat_group(
            self.game_id, Room.PLAYERS if seated else Room.SPECTATORS
        )
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.channel_layer.group_add(self.chat, self.channel_name)
        await self.accept()
        await self.send(text_data=json.dumps({"version": version}))

    async def hold(self):
        """Keep the player present at the table while the socket stays open."""
        while True:
            await asyncio.sleep(presence.RENEW.total_seconds())
            await _in_thread(presence.table_held)(
                game_id=self.game_id, user=self.player
            )

    def _hold(self) -> None:
        self.holding = asyncio.ensure_future(self.hold())

    async def _let_go(self) -> None:
        """End the hold, if held: the player was at the table until now."""
        if self.holding is None:
            return
        self.holding.cancel()
        self.holding = None
        await _in_thread(presence.table_left)(game_id=self.game_id, user=self.player)

    async def disconnect(self, code):
        await self._let_go()
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.channel_layer.group_discard(self.chat, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """What a page says: only whether it is hidden (`{"hidden": true}`, a
        background tab) or shown again. Moves go over HTTP; anything else is
        ignored, and the socket stays as it was.

        A hidden page no longer holds its player at the table: a decision
        that becomes theirs meanwhile is told them by email and push, as if
        the page were closed. Shown again, it holds them once more."""
        hidden = _hidden_said(text_data)
        if hidden is None or hidden == self.hidden:
            return
        self.hidden = hidden
        if not hasattr(self, "player"):
            return  # a spectator: no presence to hold
        if hidden:
            await self._let_go()
        else:
            await _in_thread(presence.table_held)(
                game_id=self.game_id, user=self.player
            )
            self._hold()

    async def game_changed(self, event):
        """The new version, with this user's table unless they made the change
        or their page is hidden (it asks for its table when shown again)."""
        message = {"version": int(event["version"])}
        if (
            self.token is not None
            and not self.hidden
            and self.user.pk not in event.get("movers", ())
        ):
            shown = await off_loop(pushed.table_for, PUSH_THREADS)(
                game_id=self.game_id, stamp=message["version"], user=self.user
            )
            if shown is not None:
                message = {
                    "version": shown[0],
                    "html": pushed.with_token(shown[1], self.token),
                }
        await self.send(text_data=json.dumps(message))

    async def game_clocks(self, event):
        await self.send(text_data=json.dumps({"clocks": "moved"}))

    async def chat_posted(self, event):
        await self.send(text_data=json.dumps({"chat": "new"}))
