"""What a seat owes at a classic table, in sentences with the players' names:
the table's status line, the "your move" and reminder emails, Web Push.

Read from the seat's own view only, so it tells nothing the seat may not see:
its own cash, the lots of an auction (never a bid), who offered it a trade.
"""

from games.engines.classic import BOARD, CARDS
from games.engines.classic.board import HOTEL
from games.engines.classic.cards import CHANCE
from games.engines.classic.figures import money
from games.engines.plumbing import in_words


def if_declined(view: dict) -> str:
    """What becomes of a deed its buyer declines, under the table's rules."""
    if view["options"].get("no_auctions", False):
        return "If you decline, it stays with the bank."
    return "If you decline, it goes to auction by sealed bids."


_DEBT_FOR = {
    "fine": "the fine to leave jail",
    "interest": "10% interest on the mortgaged deeds you kept",
    "gift": "a birthday gift",
}


def _with_buildings(level: int) -> str:
    if level == HOTEL:
        return " with a hotel"
    if level:
        return f" with {level} house{'s' * (level != 1)}"
    return ""


def debt_for(view: dict, seat: int) -> str:
    """What the debt `seat` owes in `view` is for: "rent on Park Place with a
    hotel", "Luxury Tax", "the Chance card “Make general repairs ...”"; "" when
    the debt does not say (one from before debts named their square)."""
    debt = next((d for d in view["debts"] if d["seat"] == seat), None)
    if debt is None:
        return ""
    space, card = debt.get("space"), debt.get("card")
    if debt["reason"] == "rent" and space is not None:
        level = next(d["level"] for d in view["deeds"] if d["space"] == space)
        return f"rent on {BOARD[space].name}{_with_buildings(level)}"
    if debt["reason"] == "tax" and space is not None:
        return BOARD[space].name
    if card and debt["reason"] == "card":
        deck = "Chance" if CARDS[card].deck == CHANCE else "Community Chest"
        return f"the {deck} card “{CARDS[card].text}”"
    return _DEBT_FOR.get(debt["reason"], "")


def debt_line(view: dict, seat: int, names) -> str:
    """ "You owe $550 to Bea: rent on Park Place with a hotel." """
    debt = next(d for d in view["debts"] if d["seat"] == seat)
    to = in_words([names[s] for s in debt["creditors"]]) or "the bank"
    why = debt_for(view, seat)
    return f"You owe {money(debt['amount'])} to {to}" + (f": {why}." if why else ".")


def _sentence(entry: dict, view: dict, names) -> str:
    cash = money(view["players"][entry["seat"]]["cash"])
    match entry["kind"]:
        case "pay":
            return (
                f"{debt_line(view, entry['seat'], names)} You have {cash}: sell "
                "buildings or mortgage to raise it."
            )
        case "bid":
            lots = in_words([BOARD[i].name for i in view["auction"]["lots"]])
            return (
                f"Auction of {lots}: place a sealed bid or pass. You have {cash}; "
                "nobody sees your bid until the auction closes."
            )
        case "roll":
            return "Your turn: roll the dice."
        case "end":
            return "Your turn: build, mortgage or trade if you like, then end it."
        case "buy":
            space = BOARD[entry["space"]]
            return (
                f"Buy {space.name} for {money(space.price)}? You have {cash}. "
                + if_declined(view)
            )
        case "answer":
            offer = next(o for o in view["offers"] if o["id"] == entry["offer"])
            return (
                f"{names[offer['seat']]} offered you a trade: accept, decline or "
                "counter it."
            )
    return entry["detail"]


def _head(entry: dict, view: dict, names) -> str:
    match entry["kind"]:
        case "roll" | "end":
            return "Your turn."
        case "jail":
            return "Your turn, in jail."
        case "buy":
            return f"You landed on {BOARD[entry['space']].name}, for sale."
        case "bid":
            return "An auction is open."
        case "pay":
            to = in_words([names[s] for s in entry["to"] or ()]) or "the bank"
            return f"A debt of {money(entry['amount'])} to {to}."
        case "mortgages":
            return "Mortgaged deeds came to you."
        case "answer":
            offer = next(o for o in view["offers"] if o["id"] == entry["offer"])
            return f"{names[offer['seat']]} offered you a trade."
    return "Your move."


def owed_head(view: dict, seat: int | None, names) -> str:
    """What `seat` owes, in a few words for the table's status line, above the
    prompt that asks it in full (so the line never repeats the prompt)."""
    mine = [a for a in view["awaiting"] if a["seat"] == seat]
    mine.sort(key=lambda a: a["kind"] == "answer")
    return " ".join(dict.fromkeys(_head(a, view, names) for a in mine))


def owed_line(view: dict, seat: int | None, names) -> str:
    """What `seat` owes in its own `view`, the blocking decision first, then
    each trade offer to answer; "" for nothing."""
    mine = [a for a in view["awaiting"] if a["seat"] == seat]
    mine.sort(key=lambda a: a["kind"] == "answer")
    return " ".join(_sentence(a, view, names) for a in mine)
