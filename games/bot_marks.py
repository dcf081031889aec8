"""The BOT mark after a bot account's name (accounts.User.is_bot,
docs/bot-api.md): the same markup on every page a name shows.

Templates write it with `{{ user|bot_mark }}` (games/templatetags/players.py).
Sentences with names written in (the history's lines, a replay's step) are
told with `marked_names`: a bot account's name ends in `NAME_END`, which
`with_bot_marks` turns into the mark once the sentence is escaped. Only pages
ask for marked names; emails and the exported history keep plain ones.
"""

import html

from django.utils.safestring import SafeString

# Screen readers say "bot account"; the eye reads the tag's BOT.
BOT_MARK = SafeString(
    ' <span class="tag tag--bot" title="A bot account: a program playing '
    'through the Bot API"><span aria-hidden="true">BOT</span>'
    '<span class="sr"> (bot account)</span></span>'
)

# The mark where markup cannot go (a `title` attribute).
BOT_WORDS = " (bot account)"

# Ends a bot account's name in a sentence still to be marked. No name holds
# it: a username is letters, digits and .@+-_, and a display name's control
# characters (this one among them) are whitespace, collapsed to a space when
# saved (accounts.forms); `marked_names` drops it from any name all the same.
NAME_END = "\x1f"


def is_bot_account(seat) -> bool:
    """Whether a bot account holds `seat` (its user loaded): not a seat the
    site's own bots play (`Seat.is_bot`), which carries no mark."""
    return seat.user_id is not None and seat.user.is_bot


def marked_names(seats) -> list[str] | None:
    """The seats' names by position (`Game.seat_names`), a bot account's
    followed by NAME_END; None when no bot account is seated."""
    seats = sorted(seats, key=_position)
    bots = {seat.position for seat in seats if is_bot_account(seat)}
    return names_marked([seat.name for seat in seats], bots) if bots else None


def names_marked(names: list[str], bot_accounts) -> list[str]:
    """`names` by seat, those of the seats in `bot_accounts` followed by
    NAME_END."""
    return [
        name.replace(NAME_END, "") + (NAME_END if seat in bot_accounts else "")
        for seat, name in enumerate(names)
    ]


def with_bot_marks(text: str) -> str:
    """`text` told with `marked_names`, escaped, each NAME_END the BOT mark;
    a text with none as it is (the template escapes it)."""
    if NAME_END not in text:
        return text
    return SafeString(html.escape(text).replace(NAME_END, BOT_MARK))


def marked_name(name: str, bot_account: bool) -> str:
    """`name` followed by the BOT mark for a bot account's (markup, for a
    list that joins names), as it is for anyone else's."""
    return (
        with_bot_marks(name.replace(NAME_END, "") + NAME_END) if bot_account else name
    )


def bot_mark(user) -> str:
    """The mark after `user`'s name (a User, or True for one known to be a
    bot account), nothing after a person's."""
    return BOT_MARK if _bot_account(user) else ""


def bot_words(user) -> str:
    """The mark in plain text, for a `title` attribute: " (bot account)"
    after a bot account's name (`user` as for `bot_mark`), nothing after a
    person's."""
    return BOT_WORDS if _bot_account(user) else ""


def _bot_account(user) -> bool:
    flag = user if isinstance(user, bool) else getattr(user, "is_bot", False)
    return flag is True


def _position(seat) -> int:
    return seat.position
