"""Moves posted as engine JSON (the `move` field of the table's forms).

Any engine's moves can be posted so: `to_json(move)` in a hidden field, the
version seen, and for a card picker the ticked `cards` (games.forms.MoveForm).
"""

from collections.abc import Mapping

from django.http import QueryDict

from games.forms import NOT_UNDERSTOOD, MoveForm


def json_move(engine, data: Mapping, seat: int):
    """The engine Move posted in `data` for `seat`; engine.IllegalMove if none."""
    if not isinstance(data, QueryDict):
        query = QueryDict(mutable=True)
        for key, value in data.items():
            query.setlist(key, value if isinstance(value, list) else [value])
        data = query
    form = MoveForm(data)
    if not form.is_valid():
        raise engine.IllegalMove(form.refusal())
    try:
        return engine.from_json({**form.cleaned_data["move"], "seat": seat})
    except ValueError:
        raise engine.IllegalMove(NOT_UNDERSTOOD) from None
