"""`{{ user|bot_mark }}`: the BOT mark after the name of a bot account
(accounts.User.is_bot, docs/bot-api.md), nothing after a person's; the same
mark on every page a name shows."""

from django import template
from django.utils.safestring import SafeString

register = template.Library()

BOT_MARK = SafeString(
    ' <span class="tag tag--bot" title="A bot account: a program playing '
    'through the Bot API">BOT</span>'
)


@register.filter
def bot_mark(user) -> str:
    return BOT_MARK if getattr(user, "is_bot", False) else ""
