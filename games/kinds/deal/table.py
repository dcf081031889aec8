"""The Monopoly Deal table's presentation: `deal_table`, the context of the
table's main area (`games/table.html#main`) as one seat's view shows it: the
players and their sets, the hand with each card's moves as buttons, the
prompt, the status line.

The platform's registry entry (`games.kinds.deal.DEAL.present`) plugs it in;
`games.selectors.table_context` makes what every table has around it.
"""

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils import timezone

from games.bot_marks import is_bot_account, marked_names, with_bot_marks
from games.engines import deal as engine
from games.engines.deal import COLOUR_NAMES, DECK
from games.engines.deal.rules import default_payment
from games.engines.plumbing import in_words
from games.models import Game, Seat
from games.ratings import seat_account
from games.services.standing import is_charge

if TYPE_CHECKING:
    from games.replay import Moment


@dataclass
class Choice:
    """One move offered as a button: a sentence and the move's engine JSON."""

    label: str
    move: str
    style: str = ""
    # What the move names on the table, in the order a player taps them
    # ("c12": a card, "s1-0": seat 1's first set, "p2": seat 2), and what
    # the table says at each tap (static/games/table.js, "Direct manipulation").
    steps: str = ""
    hints: str = ""


def _named(cards: list[int]) -> str:
    """ "2M, Light Blue/Railroad Wild and 1M": the cards a default move gives."""
    return in_words([DECK[c].name for c in cards])


def _choice(move, label: str, style: str = "") -> Choice:
    steps, hints = steps_of(move)
    return Choice(
        label=label,
        move=json.dumps(engine.to_json(move)),
        style=style,
        steps=steps,
        hints=hints,
    )


TAKE = "Tap the property to take"


def steps_of(move) -> tuple[str, str]:
    """The things on the table a move names, and the hint for each tap."""
    me = move.seat
    match type(move).__name__:
        case "SlyDeal":
            return f"c{move.take}", TAKE
        case "ForcedDeal":
            return f"c{move.take} c{move.give}", f"{TAKE}|Tap yours to give for it"
        case "DealBreaker":
            return f"s{move.target}-{move.set_index}", "Tap the full set to take"
        case "ChargeRent" if move.set_index is not None:
            mine = f"s{me}-{move.set_index}"
            if move.target is None:
                return mine, "Tap your set to charge its rent"
            return (
                f"{mine} p{move.target}",
                "Tap your set to charge its rent|Tap the player who pays",
            )
        case "PlayProperty" | "MoveWild" if move.set_index is not None:
            return f"s{me}-{move.set_index}", "Tap the set to put it in"
    return "", ""


class _Labeller:
    """Sentences for the moves a seat may make, in the game's own words."""

    def __init__(self, view: dict, names: list[str]):
        self.view = view
        self.names = names
        me = view["seat"]
        self.my_sets = view["players"][me]["sets"] if me is not None else []

    def who(self, seat) -> str:
        return "everyone" if seat is None else self.names[seat]

    def set_of(self, seat: int, index) -> dict | None:
        sets = self.view["players"][seat]["sets"]
        if index is None or not 0 <= index < len(sets):
            return None
        return sets[index]

    def my_set(self, colour, index) -> dict | None:
        if index is None:
            return next(
                (s for s in self.my_sets if s["colour"] == colour and not s["full"]),
                None,
            )
        return self.my_sets[index] if 0 <= index < len(self.my_sets) else None

    def placing(self, colour, index, verb: str) -> str:
        name = COLOUR_NAMES[colour]
        target = self.my_set(colour, index)
        if target is None or target["colour"] != colour:
            if not any(s["colour"] == colour for s in self.my_sets):
                return f"{verb} as {name}"
            return f"{verb} as a new {name} set"
        have = len(target["cards"])
        return f"{verb} on your {name} set ({have}/{target['size']})"

    def label(self, move) -> tuple[str, str]:
        """(sentence, style) for a move."""
        m = move
        match type(m).__name__:
            case "BankCard":
                return f"Bank it as {DECK[m.card].value}M", "bank"
            case "PlayProperty":
                return self.placing(m.colour, m.set_index, "Lay it"), "property"
            case "MoveWild":
                return self.placing(m.colour, m.set_index, "Move it"), "property"
            case "ChargeRent":
                target = self.my_set(m.colour, m.set_index)
                rent = target["rent"] if target else 0
                times = 2 ** len(m.doubles)
                extra = {2: ", doubled", 4: ", quadrupled"}.get(times, "")
                return (
                    f"Charge {rent * times}M {COLOUR_NAMES[m.colour]} rent to "
                    f"{self.who(m.target)}{extra}",
                    "action",
                )
            case "CollectDebt":
                return f"Collect 5M from {self.names[m.target]}", "action"
            case "Birthday":
                return "It's my birthday: everyone pays you 2M", "action"
            case "PassGo":
                return "Pass Go: draw 2 cards", "action"
            case "SlyDeal":
                return (
                    f"Take {DECK[m.take].name} from {self.names[m.target]}",
                    "action",
                )
            case "ForcedDeal":
                return (
                    f"Swap your {DECK[m.give].name} for "
                    f"{self.names[m.target]}'s {DECK[m.take].name}",
                    "action",
                )
            case "DealBreaker":
                taken = self.set_of(m.target, m.set_index)
                colour = COLOUR_NAMES[taken["colour"]] if taken else "full"
                return f"Take {self.names[m.target]}'s {colour} set", "action"
            case "Build":
                built = self.set_of(self.view["seat"], m.set_index)
                colour = COLOUR_NAMES[built["colour"]] if built else ""
                return f"Put it on your {colour} set", "action"
            case "EndTurn":
                return "End turn", "end"
            case "SayNo":
                return "Just Say No!", "no"
            case "Accept":
                return "Accept", "accept"
            case "Discard":
                return "Discard the suggested cards", "end"
            case "Pay":
                total = sum(DECK[c].value for c in m.cards)
                if not m.cards:
                    return "Pay nothing: you have nothing to pay with", "pay"
                return f"Pay {total}M with the suggested cards", "pay-default"
            case "Resign":
                return "Resign", "resign"
        return type(m).__name__, ""


HAND_MOVES = {
    "BankCard",
    "PlayProperty",
    "ChargeRent",
    "CollectDebt",
    "Birthday",
    "PassGo",
    "SlyDeal",
    "ForcedDeal",
    "DealBreaker",
    "Build",
}


def _payable(player: dict) -> list[int]:
    """Cards in front of a player that can pay a debt (RULES.md, "Paying")."""
    cards = list(player["bank"])
    for prop_set in player["sets"]:
        cards += [c for c in prop_set["cards"] if DECK[c].value > 0]
        cards += [b for b in (prop_set["house"], prop_set["hotel"]) if b is not None]
    cards += [c for c in player["loose"] if DECK[c].value > 0]
    return cards


def _deadline_entry(game: Game, seat: int):
    return game.deadline_for(seat) if game.status == Game.Status.ACTIVE else None


def deal_table(
    *,
    game: Game,
    seat: Seat | None,
    state: "engine.State",
    view: dict,
    moment: "Moment | None",
    names: list[str],
    seats: list[Seat],
) -> dict:
    """The Monopoly Deal table's context, as `view` (the seat's) shows it."""
    live = moment is None
    viewer = view["seat"] if not live else (seat.position if seat else None)
    awaiting = {a["seat"]: a for a in view["awaiting"]}
    over = view["phase"] == "over"
    hands = view.get("hands") or {}
    now = timezone.now()
    # The seats bot accounts hold: their names carry the BOT mark.
    bot_accounts = {s.position for s in seats if is_bot_account(s)}
    players = []
    for p in view["players"]:
        position = p["seat"]
        s = seats[position] if position < len(seats) else None
        players.append(
            {
                **p,
                "name": names[position],
                "initial": names[position][:1].upper(),
                "bot": s.bot if s else "",
                "account": seat_account(s) if s else "",
                # A bot account's seat: its name carries the BOT mark.
                "user": s.user if s and s.user_id else None,
                "seat_status": s.status if s else "",
                "is_me": position == viewer,
                "is_active": position == view["active"] and not over,
                "awaited": awaiting.get(position),
                "deadline": _deadline_entry(game, position) if live else None,
                "away_until": (
                    s.user.away_at(now) if s and s.user_id and not s.bot else None
                ),
                "revealed": hands.get(str(position)),
                "set_rows": _set_rows(p["sets"]),
            }
        )

    me = players[viewer] if viewer is not None else None
    labeller = _Labeller(view, names)
    playable = live and game.status == Game.Status.ACTIVE
    legal = (
        engine.legal_moves(state, viewer)
        if viewer is not None and not over and playable
        else []
    )
    by_card: dict[int, list[Choice]] = {}
    wild_moves: dict[int, list[Choice]] = {}
    buttons: list[Choice] = []
    pay_default = discard_default = None
    for move in legal:
        kind = type(move).__name__
        label, style = labeller.label(move)
        choice = _choice(move, label, style)
        if kind in HAND_MOVES:
            by_card.setdefault(move.card, []).append(choice)
        elif kind == "MoveWild":
            wild_moves.setdefault(move.card, []).append(choice)
        elif kind == "Pay":
            pay_default = choice
        elif kind == "Discard":
            discard_default = choice
        elif kind != "Resign":
            buttons.append(choice)

    held = (view["you"] or {}).get("hand", [])
    _offer_twins(by_card, held)
    hand = [{"id": c, "choices": by_card.get(c, [])} for c in held]
    if me is not None:
        for row in me["set_rows"]:
            for entry in row["cards"]:
                entry["choices"] = wild_moves.get(entry["id"], [])
        me["loose_cards"] = [
            {"id": c, "choices": wild_moves.get(c, [])} for c in me["loose"]
        ]

    mine = awaiting.get(viewer) if viewer is not None else None
    charge = (
        mine is not None
        and live
        and any(is_charge(state, a) for a in engine.awaiting(state) if a.seat == viewer)
    )
    if mine is not None and mine["kind"] == "respond" and live:
        can_say_no = any(type(move).__name__ == "SayNo" for move in legal)
        # The same dict feeds the status line: both speak to the viewer only.
        mine["detail"] = _answer_detail(mine.get("detail") or "", can_say_no, charge)
    if charge:
        # One step: the pay picker at once, "Pay" accepts and pays; Accept
        # goes, and a Just Say No stays beside it for whoever holds one.
        buttons = [b for b in buttons if b.style != "accept"]
        suggested = engine.Pay(
            seat=viewer,
            cards=default_payment(state.players[viewer], mine["amount"]),
        )
        pay_default = _choice(suggested, *labeller.label(suggested))
    prompt = None
    if mine is not None and not over and live:
        prompt = {
            **mine,
            "to_name": names[mine["to"]] if mine.get("to") is not None else "",
            "to_bot": mine.get("to") in bot_accounts,
            "buttons": buttons,
            "pay": None,
            "discard": None,
        }
        if pay_default is not None:
            suggested_cards = json.loads(pay_default.move)["cards"]
            prompt["pay"] = {
                "cards": _payable(me),
                "default": pay_default,
                "move": json.dumps({"type": "Pay", "seat": viewer, "cards": []}),
                "charge": charge,
                "suggested": suggested_cards,
                "suggested_names": _named(suggested_cards),
            }
            prompt["charge"] = charge
        if discard_default is not None and mine["kind"] == "discard":
            prompt["discard"] = {
                "default": discard_default,
                "move": json.dumps({"type": "Discard", "seat": viewer, "cards": []}),
                "suggested_names": _named(json.loads(discard_default.move)["cards"]),
            }

    opponents = _around(players, viewer)
    # The status line's and the prompt's names: a bot account's marked BOT
    # (games.bot_marks).
    said = marked_names(seats) or names
    status = status_line(
        view,
        said,
        viewer,
        bots={s.position for s in seats if s.bot} if live else set(),
    )
    if me is not None and me["resigned"] and not over:
        status = f"You resigned: the game goes on without you. {status}"
    return {
        "view": view,
        "over": over,
        "drawn": bool(view.get("drawn")),
        "players": players,
        "me": me,
        "opponents": opponents,
        # Three or more other seats: each folds to a one-line summary
        # while the game runs (at the end and in replays, all open).
        "fold_opponents": len(opponents) > 2 and not over and live,
        "standing_choices": STANDING_CHOICES,
        "seat_standing": _seat_standing(seat),
        "hand": hand,
        # The version the move buttons of the player's own seat and hand
        # post, kept with them as fragments: None while they have none, so
        # the fragments outlast the other seats' moves.
        "kept_version": game.version if by_card or wild_moves else None,
        "prompt": prompt,
        "playing": me is not None and not me["resigned"] and not over and live,
        "status_line": with_bot_marks(status),
        "awaited_names": [with_bot_marks(said[s]) for s in awaiting],
        "winner_name": names[view["winner"]] if view["winner"] is not None else "",
        "pending": _pending(view, names, bot_accounts, viewer),
        "discard_top": view["discard"][-1] if view["discard"] else None,
        "my_deadline": (
            _deadline_entry(game, viewer) if viewer is not None and live else None
        ),
        "next_deadline": game.deadline_at if not over and live else None,
    }


STANDING_CHOICES = [("", "As on my profile"), ("on", "Yes"), ("off", "No")]


def _seat_standing(seat: Seat | None) -> dict:
    """This game's standing answers as the table's form shows them."""
    shown = {None: "", True: "on", False: "off"}
    if seat is None:
        return {"accept": "", "pay": ""}
    return {"accept": shown[seat.accept_charges], "pay": shown[seat.pay_suggested]}


NO_JUST_SAY_NO = "You have no Just Say No to play: accept."
# The same words whether the player holds a Just Say No or not: only the
# button beside "Pay" differs, on their own screen.
CHARGE_ANSWER = "Pay now, or refuse with a Just Say No if you hold one."
ANSWER_ENDINGS = (
    "Say no again or accept.",
    "Say no back or accept.",
    "Say no or accept.",
)


def _answer_detail(detail: str, can_say_no: bool, charge: bool = False) -> str:
    """The engine's "... Say no or accept." as what this player can do."""
    for ending in ANSWER_ENDINGS:
        if detail.endswith(ending):
            if charge:
                return f"{detail.removesuffix(ending)}{CHARGE_ANSWER}"
            if can_say_no:
                return detail
            return f"{detail.removesuffix(ending)}{NO_JUST_SAY_NO}"
    return detail


def _offer_twins(by_card: dict[int, list[Choice]], held: list[int]) -> None:
    """Offer a card's moves on its identical copies too.

    The engine lists the moves of one copy of identical cards (two Pass Go);
    a player tapping the other copy should be offered the same.
    """
    for card_id in held:
        if card_id in by_card:
            continue
        twin = next(
            (c for c in held if c in by_card and DECK[c].name == DECK[card_id].name),
            None,
        )
        if twin is None:
            continue
        by_card[card_id] = [
            Choice(
                label=choice.label,
                move=json.dumps({**json.loads(choice.move), "card": card_id}),
                style=choice.style,
                steps=choice.steps,
                hints=choice.hints,
            )
            for choice in by_card[twin]
        ]


def _set_rows(sets: list[dict]) -> list[dict]:
    rows = []
    for index, prop_set in enumerate(sets):
        rows.append(
            {
                **prop_set,
                "index": index,
                "colour_name": COLOUR_NAMES[prop_set["colour"]],
                "cards": [{"id": c, "choices": []} for c in prop_set["cards"]],
                "have": len(prop_set["cards"]),
            }
        )
    return rows


def _around(players: list[dict], viewer: int | None) -> list[dict]:
    """Other players in turn order, starting with the one after the viewer."""
    if viewer is None:
        return players
    n = len(players)
    return [players[(viewer + step) % n] for step in range(1, n)]


def status_line(
    view: dict, names: list[str], viewer: int | None, bots: set[int] = frozenset()
) -> str:
    if view["phase"] == "over":
        if view.get("drawn"):
            return "The game ended in a draw: nobody could draw or play."
        if view["winner"] is None:
            return "The game is over."
        who = "You" if view["winner"] == viewer else names[view["winner"]]
        return f"{who} won the game!" if who != "You" else "You won the game!"
    waiting = [a for a in view["awaiting"]]
    if not waiting:
        return ""
    mine = next((a for a in waiting if a["seat"] == viewer), None)
    if mine is not None:
        match mine["kind"]:
            case "play":
                plays = view["plays_left"]
                if not plays:
                    return "Your turn: no plays left."
                return f"Your turn: {plays} play{'s' if plays != 1 else ''} left."
            case "discard":
                count = mine.get("count")
                return f"Discard down to 7: choose {count} card{'s' * (count != 1)}."
            case "pay":
                return f"You owe {names[mine['to']]} {mine['amount']}M."
            case "respond" if view.get("pending"):
                # Short: the prompt beside it says what the action does.
                pending = view["pending"]
                played = DECK[pending["card"]].name
                return f"Your answer to {names[pending['actor']]}'s {played}."
            case _:
                return mine.get("detail") or "Your answer is awaited."
    others = sorted({names[a["seat"]] for a in waiting})
    kinds = {a["kind"] for a in waiting}
    who = " and ".join(others)
    if all(a["seat"] in bots for a in waiting):
        # The bots move in the worker; an expert may think for a second or so.
        return f"{who} {'is' if len(others) == 1 else 'are'} thinking."
    if kinds == {"play"}:
        return f"{who} is playing."
    if kinds == {"pay"}:
        return f"Waiting for {who} to pay."
    if kinds == {"discard"}:
        return f"Waiting for {who} to discard."
    return f"Waiting for {who} to answer."


# The engine's words for a target of the action being resolved, as the table says them.
PENDING_STATUS = {"waiting": "deciding", "paying": "to pay", "left": "left the game"}


def _pending(
    view: dict, names: list[str], bot_accounts, viewer: int | None
) -> dict | None:
    """The action being resolved: who played it and its targets ("You" for
    the viewer), a bot account's name marked BOT (`bot`, games.bot_marks)."""
    pending = view.get("pending")
    if not pending:
        return None
    names = ["You" if s == viewer else name for s, name in enumerate(names)]
    targets = []
    for t in pending.get("targets") or []:
        targets.append(
            {
                "name": names[t["seat"]],
                "bot": t["seat"] in bot_accounts,
                "status": PENDING_STATUS.get(t["status"], t["status"]),
                "amount": t.get("amount"),
            }
        )
    return {
        **pending,
        "actor_name": names[pending["actor"]],
        "actor_bot": pending["actor"] in bot_accounts,
        "target_rows": targets,
    }
