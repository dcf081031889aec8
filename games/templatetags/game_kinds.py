"""The games the site plays, named from the registry of kinds (games.kinds):
`{% games_played %}` is "Monopoly Deal and Classic Monopoly"."""

from django import template

from games import kinds
from games.engines.plumbing import in_words

register = template.Library()


@register.simple_tag
def games_played() -> str:
    return in_words([kind.label for kind in kinds.all_kinds()])
