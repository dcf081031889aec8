"""The inbox's live door: tells a signed-in page that its user's inbox
changed, and nothing more ({"inbox": "changed"}); the page then asks for its
bell over HTTP (games.social.views.bell). Accepting the socket reads the
session's user and records that they are on the site (for their friends'
"online now"), in one trip to a thread of the table sockets' own pool.
"""

import json
from types import SimpleNamespace

from django.contrib import auth

from games.consumers import CONNECT_THREADS, FORBIDDEN, GuardedConsumer
from games.notifications.inbox import group_name
from games.social.services import seen_now
from mdeal_site.db import off_loop


def signed_in(session) -> int | None:
    """The session's user id (and they are seen now), or None."""
    user = auth.get_user(SimpleNamespace(session=session))
    if not user.is_authenticated:
        return None
    seen_now(user=user)
    return user.pk


class InboxConsumer(GuardedConsumer):
    """Closed cleanly when the channel layer fails: the page's poll takes
    over."""

    label = "Inbox"

    async def connect(self):
        user_id = await off_loop(signed_in, CONNECT_THREADS)(self.scope["session"])
        if user_id is None:
            await self.close(code=FORBIDDEN)
            return
        self.group = group_name(user_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """Browsers have nothing to say here."""

    async def inbox_changed(self, event):
        await self.send(text_data=json.dumps({"inbox": "changed"}))
