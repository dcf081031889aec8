"""The live door of a table: tells seated players the game's new version.

A message carries the version number and nothing else; each browser then
asks for its own view of the table over HTTP.
"""

import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from games import selectors

FORBIDDEN = 4403


def group_name(game_id: int) -> str:
    return f"game-{game_id}"


class GameConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.game_id = self.scope["url_route"]["kwargs"]["pk"]
        user = self.scope.get("user")
        version = await database_sync_to_async(selectors.version_for_player)(
            game_id=self.game_id, user=user
        )
        if version is None:
            await self.close(code=FORBIDDEN)
            return
        self.group = group_name(self.game_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=json.dumps({"version": version}))

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """Browsers have nothing to say here; moves go over HTTP."""

    async def game_changed(self, event):
        await self.send(text_data=json.dumps({"version": int(event["version"])}))
