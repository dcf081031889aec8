"""Escaping as the template engine escapes a variable, for tags that write
markup as one formatted string (`{% move_button %}`, `{% history_items %}`)."""

import html


def escaped(value) -> str:
    """`{{ value }}` with autoescape on: safe strings as they are."""
    if hasattr(value, "__html__"):
        return value.__html__()
    return html.escape(str(value))
