"""History lines as sentences: a roll and the move it makes read as one line.

The engine tells each event on its own ("Ann rolled 4 and 4." "Ann moved to
Boardwalk."); the history joins what one seat did in one go into one sentence
("Ann rolled 4 and 4 and moved to Boardwalk."), passing GO and going to jail
included. Only events next to each other in the stream, of one seat, among
those the engine tells with `action` (rolls, moves, salary, jail) are joined:
none of them is hidden from anyone, so a joined line shows no more than the
lines it replaces.
"""

from collections.abc import Sequence

from games.engines.classic import events as ev
from games.engines.classic.view import action
from games.engines.plumbing import in_words

# After a roll, what it brings about goes on in the same sentence; after a
# move, the salary for passing GO and the way to jail.
_FOLLOWS = {
    ev.DiceRolled: (ev.TokenMoved, ev.SentToJail, ev.LeftJail, ev.StayedInJail),
    ev.LeftJail: (ev.TokenMoved,),
    ev.TokenMoved: (ev.SalaryCollected, ev.SentToJail),
}


def _continues(previous: ev.Event, event: ev.Event) -> bool:
    """Whether `event` goes on the sentence `previous` ends."""
    if getattr(previous, "seat", None) != getattr(event, "seat", None):
        return False
    if isinstance(previous, ev.DiceRolled) and previous.purpose == "rent":
        return False  # a utility's rent dice: the rent is told on its own
    if isinstance(previous, ev.LeftJail) and previous.how != "doubles":
        return False  # the fine or the card: the roll that follows is a move
    return isinstance(event, _FOLLOWS.get(type(previous), ()))


def _words(event: ev.Event, after: ev.Event | None) -> str:
    if (
        isinstance(event, ev.LeftJail)
        and event.how == "doubles"
        and isinstance(after, ev.DiceRolled)
    ):
        return "left jail"  # the roll before says "(doubles)" already
    return action(event)


def join_line(
    run: Sequence[ev.Event], event: ev.Event, seat: int | None, names: Sequence[str]
) -> str | None:
    """The sentence telling `run` and then `event`, as `seat` reads it, when
    `event` goes on the sentence `run` (the events of the line before, the last
    one just before `event`) tells; None when it starts a line of its own."""
    if not run or not _continues(run[-1], event):
        return None
    events = [*run, event]
    befores = [None, *events[:-1]]
    words = [_words(e, b) for e, b in zip(events, befores, strict=True)]
    actor = events[0].seat
    who = "You" if actor == seat else names[actor]
    return f"{who} {in_words(words)}."
