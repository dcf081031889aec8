"""`{% memo name ... %}...{% endmemo %}`: a fragment rendered once per value.

A table's partial is mostly template work (docs/load.md), and most of it draws
what did not change since the last version: the 40 spaces of a classic board
and their title deeds, say, of which a move changes two or three. Inside
`memo` the fragment is rendered with the named variables alone (the rest of
the context is out of its reach, so it cannot depend on anything else), and
its output is kept in this process by the fragment's place (the node, parsed
once by the cached template loader) and the `repr` of those values: the same
values, the same HTML, rendered once. The values must be plain data whose
`repr` shows all of them (dicts, lists, tuples, strings, numbers, ranges).

    {% for sq in c.spaces %}{% memo sq %}<li>{{ sq.name }}</li>{% endmemo %}{% endfor %}

With DEBUG on, templates may change on disk between renders: nothing is kept.
"""

import itertools

from django import template
from django.conf import settings
from django.utils import translation
from django.utils.safestring import SafeString

from games.kept import Kept

register = template.Library()

# Fragments kept per process: a board is 68 of them, so some sixty boards.
KEPT = 4096
fragments = Kept(KEPT)
# Each memo node's own number: its place, however its template was made.
places = itertools.count()


class MemoNode(template.Node):
    def __init__(self, values: dict[str, template.base.FilterExpression], nodelist):
        self.values = values
        self.nodelist = nodelist
        self.place = next(places)

    def render(self, context) -> SafeString:
        # As the template would read them: a missing one is the empty string.
        values = {name: value.resolve(context) for name, value in self.values.items()}
        inner = context.new(values)
        if settings.DEBUG:
            return self.nodelist.render(inner)
        key = (
            self.place,
            context.autoescape,
            context.use_l10n,
            translation.get_language(),
            repr(values),
        )
        found = fragments.get(key)
        if found is None:
            found = SafeString(self.nodelist.render(inner))
            fragments.put(key, found)
        return found


@register.tag
def memo(parser, token):
    """`{% memo sq %}`, `{% memo sq.index sq.deed %}` (read inside as `index`
    and `deed`) or `{% memo player=player zone=user.time_zone %}`: what the
    fragment may read, each by a name."""
    bits = token.split_contents()[1:]
    if not bits:
        raise template.TemplateSyntaxError("memo names the values it reads")
    values = {}
    for bit in bits:
        name, named, expression = bit.partition("=")
        if not named:
            name, expression = bit.split(".")[-1], bit
        if not name.isidentifier():
            raise template.TemplateSyntaxError(f"memo: {bit!r} names no value")
        values[name] = parser.compile_filter(expression)
    nodelist = parser.parse(("endmemo",))
    parser.delete_first_token()
    return MemoNode(values, nodelist)
