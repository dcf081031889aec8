"""The live door of a table: tells its players and the spectators of a public
game the game's new version, and that their chat has something new.

A message carries the version number and nothing else ({"version": N}), or
only that the chat changed ({"chat": "new"}); each browser then asks for its
own view of the table or of the chat over HTTP. A socket hears of the chat
room its user reads: the players' for a seat holder, the spectators' for
anyone else (games.chat).
"""

import json
import logging

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from redis.exceptions import RedisError

from games import selectors
from games.chat.models import Room
from games.chat.services import group_name as chat_group
from games.notifications.presence import table_seen

logger = logging.getLogger(__name__)

FORBIDDEN = 4403
# The channel layer (Redis) is down: the page polls until it can reconnect.
UNAVAILABLE = 4503


def group_name(game_id: int) -> str:
    return f"game-{game_id}"


class GameConsumer(AsyncWebsocketConsumer):
    async def __call__(self, scope, receive, send):
        """Refuse or close the socket cleanly when the channel layer fails.

        The layer is in use from the first moment (the consumer listens on its
        channel while it connects), so its failure is caught around it all.
        """
        try:
            await super().__call__(scope, receive, send)
        except (RedisError, OSError) as error:
            logger.warning(
                "Table socket closed, channel layer unavailable: %s",
                type(error).__name__,
            )
            await send({"type": "websocket.close", "code": UNAVAILABLE})

    async def connect(self):
        self.game_id = self.scope["url_route"]["kwargs"]["pk"]
        user = self.scope.get("user")
        watching = await database_sync_to_async(selectors.version_for_watcher)(
            game_id=self.game_id, user=user
        )
        if watching is None:
            await self.close(code=FORBIDDEN)
            return
        version, seated = watching
        self.group = group_name(self.game_id)
        self.chat = chat_group(
            self.game_id, Room.PLAYERS if seated else Room.SPECTATORS
        )
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.channel_layer.group_add(self.chat, self.channel_name)
        await self.accept()
        if seated:
            # Presence is for the players' notifications: spectators have none.
            await database_sync_to_async(table_seen)(game_id=self.game_id, user=user)
        await self.send(text_data=json.dumps({"version": version}))

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.channel_layer.group_discard(self.chat, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """Browsers have nothing to say here; moves go over HTTP."""

    async def game_changed(self, event):
        await self.send(text_data=json.dumps({"version": int(event["version"])}))

    async def chat_posted(self, event):
        await self.send(text_data=json.dumps({"chat": "new"}))
