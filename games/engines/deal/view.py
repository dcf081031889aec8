"""view(state, seat): what one seat may see; describe(event, seat, names)."""

from collections.abc import Sequence
from typing import Any

from ..plumbing import in_words
from . import events as ev
from .cards import COLOUR_NAMES, DECK
from .rules import awaiting
from .serial import to_json
from .state import (
    DISCARD,
    DONE,
    GONE,
    OVER,
    PAID,
    PAY,
    PLAY,
    REFUSED,
    RESPOND,
    SAID_NO,
    Pending,
    PropertySet,
    State,
)


def _set_view(s: PropertySet, options) -> dict[str, Any]:
    return {
        "colour": s.colour.value,
        "cards": list(s.cards),
        "house": s.house,
        "hotel": s.hotel,
        "size": s.size,
        "needed": max(0, s.size - len(s.cards)),
        "full": s.full,
        "rent": s.rent(options),
    }


_STATUS = {
    RESPOND: "waiting",
    SAID_NO: "said no",
    PAY: "paying",
    PAID: "paid",
    REFUSED: "refused",
    DONE: "done",
    GONE: "left",
}


def _pending_view(p: Pending) -> dict[str, Any]:
    return {
        "kind": p.kind,
        "actor": p.actor,
        "card": p.card,
        "amount": p.amount,
        "base": p.base,
        "doubles": list(p.doubles),
        "colour": p.colour.value if p.colour is not None else None,
        "set_index": p.set_index,
        "take": p.take,
        "give": p.give,
        "targets": [
            {
                "seat": t.seat,
                "status": _STATUS[t.status],
                "amount": t.amount,
                "nos": t.nos,
            }
            for t in p.targets
        ],
    }


def _phase(state: State, owed) -> str:
    if state.phase == OVER:
        return "over"
    if state.pending is not None:
        return "pay" if {a.kind for a in owed} == {"pay"} else "respond"
    return DISCARD if state.phase == DISCARD else PLAY


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What `seat` may see (None: a spectator): "its own hand; every player's
    bank, properties and buildings; the number of cards in other hands and in
    the draw pile; the discard pile". After the game ends, everything."""
    options = state.options
    over = state.phase == OVER
    players = []
    for i, p in enumerate(state.players):
        players.append(
            {
                "seat": i,
                "hand_count": len(p.hand),
                "resigned": p.resigned,
                "bank": list(p.bank),
                "bank_total": sum(DECK[c].value for c in p.bank),
                "sets": [_set_view(s, options) for s in p.sets],
                "loose": list(p.loose),
                "full_sets": len(p.full_colours()),
            }
        )
    owed = awaiting(state)
    you = None
    if seat is not None and 0 <= seat < len(state.players):
        you = {"hand": list(state.players[seat].hand)}
    return {
        "seat": seat,
        "active": state.active,
        "plays_left": state.plays_left,
        "phase": _phase(state, owed),
        "awaiting": [
            {
                "seat": a.seat,
                "kind": a.kind,
                "amount": a.amount,
                "to": a.to,
                "count": a.count,
                "detail": a.detail,
            }
            for a in owed
        ],
        "you": you,
        "players": players,
        "draw_count": len(state.draw),
        "discard": list(state.discard),
        "pending": _pending_view(state.pending) if state.pending else None,
        "winner": state.winner,
        "drawn": over and state.winner is None,
        "options": options.to_json(),
        "turn": state.turn,
        "hands": (
            {str(i): list(p.hand) for i, p in enumerate(state.players)}
            if over
            else None
        ),
    }


def open_view(state: State) -> dict[str, Any]:
    """Every hand open, at any point of a game: what `view` shows everyone
    once the game is over ("After the game ends everything may be revealed"),
    for replaying a finished game step by step. As a spectator's view, plus
    `"hands"` for every seat; the draw pile stays a count. Only for games that
    are over: during play it would show every secret."""
    seen = view(state, None)
    seen["hands"] = {str(i): list(p.hand) for i, p in enumerate(state.players)}
    return seen


# History --------------------------------------------------------------------


def _names(cards: Sequence[int]) -> str:
    names = [DECK[c].name for c in cards]
    if not names:
        return "nothing"
    return in_words(names)


def _count(n: int) -> str:
    return f"{n} card{'s' * (n != 1)}"


def describe(event: ev.Event, seat: int | None, names: Sequence[str]) -> str | None:
    """The history line for `event` as `seat` may read it: "Bea drew 2 cards."
    to the others, "You drew Boardwalk and 2M." to Bea; None for no line."""

    def who(s: int) -> str:
        return "You" if s == seat else names[s]

    def whom(s: int) -> str:
        return "you" if s == seat else names[s]

    def whose(s: int) -> str:
        return "your" if s == seat else f"{names[s]}'s"

    e = event
    match e:
        case ev.GameStarted():
            return (
                f"The game started with {e.seats} players; {names[e.first]} goes first."
            )
        case ev.CardsDealt():
            if e.seat == seat:
                return f"You were dealt {_names(e.cards)}."
            return None
        case ev.TurnStarted():
            return "Your turn." if e.seat == seat else f"{names[e.seat]}'s turn."
        case ev.CardsDrawn():
            if e.seat == seat:
                return f"You drew {_names(e.cards)}."
            return f"{names[e.seat]} drew {_count(len(e.cards))}."
        case ev.DeckReshuffled():
            return "The discard pile was shuffled into a new draw pile."
        case ev.CardBanked():
            return f"{who(e.seat)} banked {DECK[e.card].name}."
        case ev.PropertyPlayed():
            return (
                f"{who(e.seat)} laid {DECK[e.card].name} as {COLOUR_NAMES[e.colour]}."
            )
        case ev.WildMoved():
            return (
                f"{who(e.seat)} moved {DECK[e.card].name} to {COLOUR_NAMES[e.colour]}."
            )
        case ev.RentCharged():
            doubled = ""
            if e.doubles:
                doubled = " with Double the Rent" + (
                    " twice" if len(e.doubles) > 1 else ""
                )
            hit = "everyone" if len(e.targets) != 1 else whom(e.targets[0])
            return (
                f"{who(e.seat)} charged {hit} {e.amount}M rent for "
                f"{COLOUR_NAMES[e.colour]}{doubled}."
            )
        case ev.DebtCharged():
            return (
                f"{who(e.seat)} played Debt Collector: {whom(e.target)} "
                f"owe{'s' * (e.target != seat)} {e.amount}M."
            )
        case ev.BirthdayCharged():
            return f"{who(e.seat)} played It's My Birthday: everyone owes {e.amount}M."
        case ev.PassGoPlayed():
            return f"{who(e.seat)} played Pass Go."
        case ev.SlyDealPlayed():
            return (
                f"{who(e.seat)} played Sly Deal on {whose(e.target)} "
                f"{DECK[e.take].name}."
            )
        case ev.ForcedDealPlayed():
            return (
                f"{who(e.seat)} played Forced Deal: {whose(e.target)} "
                f"{DECK[e.take].name} for {DECK[e.give].name}."
            )
        case ev.DealBreakerPlayed():
            colour = f" {COLOUR_NAMES[e.colour]}" if e.colour is not None else ""
            return (
                f"{who(e.seat)} played Deal Breaker on {whose(e.target)}{colour} set."
            )
        case ev.BuildingPlayed():
            return f"{who(e.seat)} built a {DECK[e.card].name}."
        case ev.JustSayNoPlayed():
            if e.seat == e.target:
                return f"{who(e.seat)} said no with a Just Say No."
            return f"{who(e.seat)} answered {whose(e.target)} Just Say No with another."
        case ev.Accepted():
            if e.seat == e.target:
                return f"{who(e.seat)} accepted."
            return f"{who(e.seat)} let {whose(e.target)} Just Say No stand."
        case ev.PaymentMade():
            if not e.cards:
                return f"{who(e.seat)} had nothing to pay."
            total = sum(DECK[c].value for c in e.cards)
            return f"{who(e.seat)} paid {whom(e.to)} {total}M: {_names(e.cards)}."
        case ev.PropertyTaken():
            return f"{who(e.seat)} took {DECK[e.card].name} from {whom(e.target)}."
        case ev.PropertiesSwapped():
            return (
                f"{who(e.seat)} took {DECK[e.take].name} from {whom(e.target)} "
                f"and gave {DECK[e.give].name}."
            )
        case ev.SetTaken():
            return f"{who(e.seat)} took a full set from {whom(e.target)}."
        case ev.HandLimitReached():
            return None
        case ev.HandDiscarded():
            if not e.to_draw_pile:
                return f"{who(e.seat)} discarded {_names(e.cards)}."
            if e.seat == seat:
                return (
                    f"You discarded {_names(e.cards)} to the bottom of the draw pile."
                )
            return (
                f"{names[e.seat]} discarded {_count(len(e.cards))} to the bottom "
                "of the draw pile."
            )
        case ev.TurnEnded():
            return None
        case ev.PlayerResigned():
            return f"{who(e.seat)} resigned."
        case ev.GameWon():
            return f"{who(e.seat)} won the game!"
        case ev.GameDrawn():
            return "Nobody can draw or play: the game ends in a draw."
    return None


def redact(event: ev.Event, seat: int | None) -> dict[str, Any]:
    """`to_json(event)` as `seat` may read it, hiding what `describe` hides.

    Another seat's deal, draw and discard to the bottom of the draw pile
    become a count ("Bea drew 2 cards"): `"cards": None, "count": 2`; the
    order of a shuffled deck is the draw pile, hidden from everyone:
    `"order": None, "count": 106`. A redacted event says `"redacted": True`
    and no longer passes `from_json`; every other event is `to_json(event)`.
    """
    data = to_json(event)
    hidden = None
    match event:
        case ev.GameStarted() | ev.DeckReshuffled():
            hidden = "order"
        case ev.CardsDealt() | ev.CardsDrawn() if event.seat != seat:
            hidden = "cards"
        case ev.HandDiscarded() if event.to_draw_pile and event.seat != seat:
            hidden = "cards"
    if hidden is not None:
        data["count"] = len(data[hidden])
        data[hidden] = None
        data["redacted"] = True
    return data
