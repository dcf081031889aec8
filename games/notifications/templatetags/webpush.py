"""`{% push_controls %}`: "Notify me on this device", where Web Push is on."""

from django import template

from games.notifications import vapid

register = template.Library()


@register.inclusion_tag("notifications/push_controls.html", takes_context=True)
def push_controls(context, where: str = "profile"):
    """The box and its script; nothing when the site has no VAPID key."""
    return {
        "key": vapid.public_key(),
        "where": where,
        "csp_nonce": context.get("csp_nonce", ""),
    }
