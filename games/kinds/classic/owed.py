"""What a seat owes at a classic table, in sentences with the players' names:
the table's status line, the "your move" and reminder emails, Web Push.

Read from the seat's own view only, so it tells nothing the seat may not see:
its own cash, the lots of an auction (never a bid), who offered it a trade.
"""

from games.engines.classic import BOARD
from games.engines.classic.figures import money
from games.engines.plumbing import in_words


def if_declined(view: dict) -> str:
    """What becomes of a deed its buyer declines, under the table's rules."""
    if view["options"].get("no_auctions", False):
        return "If you decline, it stays with the bank."
    return "If you decline, it goes to auction by sealed bids."


def _sentence(entry: dict, view: dict, names) -> str:
    cash = money(view["players"][entry["seat"]]["cash"])
    match entry["kind"]:
        case "pay":
            to = in_words([names[s] for s in entry["to"] or ()]) or "the bank"
            return (
                f"You owe {money(entry['amount'])} to {to} and have {cash}: sell "
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


def owed_line(view: dict, seat: int | None, names) -> str:
    """What `seat` owes in its own `view`, the blocking decision first, then
    each trade offer to answer; "" for nothing."""
    mine = [a for a in view["awaiting"] if a["seat"] == seat]
    mine.sort(key=lambda a: a["kind"] == "answer")
    return " ".join(_sentence(a, view, names) for a in mine)
