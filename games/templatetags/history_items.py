"""`{% history_items lines %}`: the table's history lines, as one string.

The table shows the last 40 lines of its history on every read, and as a
template loop they cost more CPU than anything else in its partial (1.2 to
1.6 ms of a 5 to 6 ms render). This tag writes the same markup to the byte.
"""

from django import template
from django.utils.safestring import SafeString

from games.templatetags.escaping import escaped

register = template.Library()

NOTHING_YET = "<li>Nothing yet.</li>"
TIMEOUT_CLASS = ' class="is-timeout"'


@register.simple_tag
def history_items(lines) -> SafeString:
    """An <li> for each line (`selectors.history_lines`), newest first."""
    if not lines:
        return SafeString(NOTHING_YET)
    return SafeString(
        "".join(
            f'<li data-seq="{escaped(line["seq"])}"'
            f"{TIMEOUT_CLASS if line['timeout'] else ''}>{escaped(line['text'])}</li>"
            for line in lines
        )
    )


@register.filter
def latest_news(lines) -> dict | None:
    """The newest line (`selectors.history_lines`, newest first) that tells
    what happened, not only whose turn it now is."""
    return next((line for line in lines or () if not line.get("turn")), None)
