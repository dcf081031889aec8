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
    def __init__(self, names: list[str], nodelist: template.NodeList):
        self.names = names
        self.variables = [template.Variable(name) for name in names]
        self.nodelist = nodelist
        self.place = next(places)

    def render(self, context) -> SafeString:
        values = {
            name.split(".")[-1]: variable.resolve(context)
            for name, variable in zip(self.names, self.variables, strict=True)
        }
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
    """`{% memo sq %}` or `{% memo sq seat %}`: what the fragment may read."""
    names = token.split_contents()[1:]
    if not names:
        raise template.TemplateSyntaxError("memo names the values it reads")
    nodelist = parser.parse(("endmemo",))
    parser.delete_first_token()
    return MemoNode(names, nodelist)
