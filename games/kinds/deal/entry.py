"""Monopoly Deal's registry entry: its engine (`games.engines.deal`), bots,
table (`games.kinds.deal.table`), forms (engine JSON, `games.kinds.deal.posted`),
standing answers and chart. Registered by `GamesConfig.ready`."""

from games.engines import deal as engine
from games.engines.deal import bots
from games.engines.deal.bots import expert, judge
from games.kinds import GameKind, ReplayWords
from games.kinds.deal.chart import game_chart
from games.kinds.deal.posted import json_move
from games.kinds.deal.standing import standing_move
from games.kinds.deal.table import deal_table


def _reads_history(level: str) -> bool:
    """The expert reads its seat's public history only with `Style.infer`,
    off by default (measured no gain: docs/engine-benchmark.md, "Inferring the
    hands")."""
    return level == "expert" and expert.STYLE.infer


def _bot_move(state, seat, level, rng, *, seconds=None, clock=None, history=None):
    # Looked up at each call, so a test may replace `bots.bot_move`.
    return bots.bot_move(
        state, seat, level, rng, seconds=seconds, clock=clock, history=history
    )


def _moves_from_post(data, view: dict, seat: int) -> list:
    return [json_move(engine, data, seat)]


def _owed(view: dict, seat: int, names: list[str]) -> str:
    owed = next((a for a in view["awaiting"] if a["seat"] == seat), None)
    return owed["detail"] if owed else ""


def _winners(state) -> tuple[int, ...]:
    return () if state.winner is None else (state.winner,)


def _has_left(state, seat: int) -> bool:
    return state.players[seat].resigned


def _banked(state, seat: int) -> int:
    """The value of the seat's bank, in M."""
    return sum(engine.DECK[card].value for card in state.players[seat].bank)


def _lead(state, seat: int) -> tuple[int, int]:
    """How near the seat is to winning: its full sets, then its bank."""
    return len(state.players[seat].full_colours()), _banked(state, seat)


REPLAY = ReplayWords(
    open_link="Every hand",
    open_view="Every hand open",
    spectator="As a spectator saw it: no hand shown",
    quiet_lines={
        "CardsDealt": ("{name} was dealt {count} cards.", "You were dealt cards."),
        "TurnEnded": ("{name} ended the turn.", "You ended your turn."),
        "HandLimitReached": (
            "{name} holds more than 7 cards.",
            "You hold more than 7.",
        ),
    },
)

DEAL = GameKind(
    key="deal",
    label="Monopoly Deal",
    engine=engine,
    min_seats=2,
    max_seats=5,
    bots=("sensible", "random", "expert"),
    bot_move=_bot_move,
    reads_history=_reads_history,
    table_template="games/table.html#main",
    present=deal_table,
    moves_from_post=_moves_from_post,
    owed=_owed,
    open_view=engine.open_view,
    winners=_winners,
    has_left=_has_left,
    worth=_banked,
    worth_label="Banked",
    lead=_lead,
    replay=REPLAY,
    standing_move=standing_move,
    chart=game_chart,
    judge=judge,
)
