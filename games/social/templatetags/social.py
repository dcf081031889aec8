"""The header's bell (`{% inbox_bell %}` in base.html), and `ago` for the
inbox's times.

One query for the unread count, none while it is cached
(games.notifications.inbox.unread_count); nothing for a signed-out visitor.
"""

from datetime import timedelta

from django import template
from django.utils import timezone
from django.utils.timesince import timesince

from games.notifications.inbox import unread_count

register = template.Library()


@register.inclusion_tag("social/bell_header.html", takes_context=True)
def inbox_bell(context):
    request = context.get("request")
    user = getattr(request, "user", None)
    signed_in = bool(getattr(user, "is_authenticated", False))
    return {
        "signed_in": signed_in,
        "unread": unread_count(user) if signed_in else 0,
        "csp_nonce": context.get("csp_nonce", ""),
    }


@register.filter
def ago(when) -> str:
    """ "just now", or "5 minutes ago" (the largest unit)."""
    if when is None:
        return ""
    if timezone.now() - when < timedelta(minutes=1):
        return "just now"
    return f"{timesince(when, depth=1)} ago"
