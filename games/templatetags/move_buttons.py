"""`{% move_button choice %}`: one move the table offers, a form of one button.

A table offers every legal move as a button: ten on a quiet turn, hundreds
late in a long game (a Forced Deal for each pair of cards). As a template
partial each cost about 0.1 ms of CPU. This tag formats one string; what is
the same for every button of a table (the URL, the CSRF field, the version)
is escaped once per render.
"""

from django import template
from django.template.defaulttags import CsrfTokenNode
from django.utils.safestring import SafeString

from games.templatetags.escaping import escaped

register = template.Library()

MOVE_BUTTON = (
    '\n<form class="move"{aim} method="post" action="{url}" hx-post="{url}">{csrf}'
    '<input type="hidden" name="version" value="{version}">'
    '<input type="hidden" name="move" value="{move}">'
    '<button type="submit" class="btn btn--{style}">{label}</button></form>\n'
)
SHARED = "move_button_shared"  # the render context's key for the shared parts


@register.simple_tag(takes_context=True)
def move_button(context, choice):
    """The form posting `choice` (a table Choice) to the table's move URL."""
    shared = context.render_context.get(SHARED)
    if shared is None:
        shared = context.render_context[SHARED] = {
            "url": escaped(context["move_url"]),
            "csrf": CsrfTokenNode().render(context),
            # Inside a kept fragment (`{% memo ... move_version=game.version %}`)
            # the game is out of reach: its version is named.
            "version": escaped(
                context["move_version"]
                if "move_version" in context
                else context["game"].version
            ),
        }
    steps = getattr(choice, "steps", "")
    aim = (
        f' data-steps="{escaped(steps)}" data-hints="{escaped(choice.hints)}"'
        if steps
        else ""
    )
    return SafeString(
        MOVE_BUTTON.format(
            **shared,
            aim=aim,
            move=escaped(choice.move),
            style=escaped(choice.style),
            label=escaped(choice.label),
        )
    )
