"""Classic Monopoly on the site: its engine (`games.engines.classic`), bots and
table. The table's main area (board, players, prompt) is `games.kinds.classic`;
what every table shows around it (the status line and the clocks) is made here
from the same view.
"""

from django.urls import reverse

from games.bot_marks import is_bot_account, marked_names, with_bot_marks
from games.engines import classic
from games.engines.classic import bots
from games.engines.classic.bots import judge
from games.kinds import GameKind, ReplayWords
from games.kinds import classic as table
from games.kinds.classic.history import join_line
from games.kinds.classic.owed import owed_head, owed_line


def _bot_move(state, seat, level, rng, *, seconds=None, clock=None, history=None):
    """The named bot's move; the expert thinks `seconds` by `clock` (the
    classic expert reads no history)."""
    return bots.bot_move(state, seat, level, rng, seconds=seconds, clock=clock)


def _present(*, game, seat, state, view, moment, names, seats) -> dict:
    live = moment is None
    viewer = view["seat"]
    over = state.over
    running = live and not over and game.status == game.Status.ACTIVE
    mine = [a for a in view["awaiting"] if a["seat"] == viewer] if running else []
    urls = {"move": reverse("games:play", args=[game.pk])}
    # The status line's names: a bot account's marked BOT (games.bot_marks).
    said = marked_names(seats) or names
    return {
        "over": over,
        "drawn": over and not view["winners"],
        "prompt": bool(mine),
        "status_line": with_bot_marks(
            status_line(
                view, said, viewer, bots={s.position for s in seats if s.bot and live}
            )
        ),
        "awaited_names": sorted({names[a["seat"]] for a in view["awaiting"]}),
        "my_deadline": game.deadline_for(viewer) if mine else None,
        "next_deadline": game.deadline_at if running else None,
        **table.table_context(
            view,
            viewer,
            names,
            urls=urls,
            bot_accounts=frozenset(s.position for s in seats if is_bot_account(s)),
        ),
    }


def status_line(
    view: dict, names: list[str], viewer: int | None, bots: set[int] = frozenset()
) -> str:
    """One sentence: who won, what the viewer owes in a few words (the prompt
    below asks it in full), or whom the table waits for (bots "thinking": they
    move in the worker)."""
    if view["stage"] == "over":
        winners = view["winners"]
        if not winners:
            return "The game is over."
        who = " and ".join("You" if s == viewer else names[s] for s in winners)
        return f"{who} won the game!"
    mine = owed_head(view, viewer, names)
    if mine:
        return mine
    waiting = sorted({names[a["seat"]] for a in view["awaiting"]})
    if not waiting:
        return ""
    who = " and ".join(waiting)
    if all(a["seat"] in bots for a in view["awaiting"]):
        return f"{who} {'is' if len(waiting) == 1 else 'are'} thinking."
    return f"Waiting for {who}."


# The open view (`classic.open_view`) is the whole table with every sealed bid
# open, mid-auction too: a finished game reveals everything.
REPLAY = ReplayWords(
    open_link="The whole table",
    open_view="The whole table, every sealed bid open",
    spectator="As a spectator saw it: sealed bids show when their auction closes",
    quiet_lines={
        "PurchaseOffered": (
            "{name} may buy the deed or put it up for auction.",
            "You may buy the deed or put it up for auction.",
        ),
        "TurnEnded": ("{name} ended the turn.", "You ended your turn."),
    },
    random_lines={"DiceRolled": "You rolled the dice."},
)

CLASSIC = GameKind(
    key="classic",
    label="Classic Monopoly",
    engine=classic,
    min_seats=2,
    max_seats=8,
    bots=("sensible", "random", "expert"),
    bot_move=_bot_move,
    table_template=table.TEMPLATE,
    present=_present,
    moves_from_post=table.moves_from_post,
    owed=owed_line,
    open_view=classic.open_view,
    winners=lambda state: tuple(state.winners),
    has_left=lambda state, seat: state.players[seat].out,
    worth=classic.net_worth,
    worth_label="Net worth",
    replay=REPLAY,
    assets=table.ASSETS,
    join_line=join_line,
    judge=judge,
)
