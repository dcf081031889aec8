"""table_context: what templates/games/classic/table.html draws, from view() alone.

The board (40 spaces, tokens, owners, buildings, mortgages), each player's cash
and deeds by colour, the last roll, and one prompt with every decision the seat
owes and every choice it may make now. Nothing here reads the engine's state:
whatever the view hides (decks' order, others' sealed bids, offers between
others) cannot reach the page.
"""

from typing import Any

from games.bot_marks import names_marked, with_bot_marks
from games.engines.classic import BOARD, GROUPS
from games.engines.classic.board import (
    COLOUR_GROUPS,
    HOTEL,
    JAIL,
    JAIL_FINE,
    RAILROAD,
    RAILROAD_RENT,
    STREET,
    UTILITY,
    UTILITY_TIMES,
)
from games.engines.classic.figures import money
from games.engines.plumbing import in_words

from . import choices
from .owed import debt_line, if_declined

GROUP_LABELS = {
    "brown": "Brown",
    "light blue": "Light blue",
    "pink": "Pink",
    "orange": "Orange",
    "red": "Red",
    "yellow": "Yellow",
    "green": "Green",
    "dark blue": "Dark blue",
    "railroad": "Railroads",
    "utility": "Utilities",
}
GROUP_ORDER = (*COLOUR_GROUPS, "railroad", "utility")
_SHORT = (
    ("Avenue", "Ave."),
    ("Place", "Pl."),
    ("Railroad", "R.R."),
    ("Community Chest", "Comm. Chest"),
)
_HYPHENATED = tuple(
    (word.replace("\u00ad", ""), word)
    for word in ("Mediter\u00adranean", "Connec\u00adticut", "Pennsyl\u00advania")
)
_CARD_LABELS = {
    "ch_jail_free": "Get Out of Jail Free (Chance)",
    "cc_jail_free": "Get Out of Jail Free (Community Chest)",
}
# What the active player owes, as the prompt's title.
_TITLES = {
    "roll": "Your turn",
    "end": "Your turn",
    "jail": "You are in jail",
    "buy": "Buy it?",
    "bid": "Sealed bid",
    "pay": "You owe money",
    "mortgages": "Mortgaged deeds received",
}
# What others are waited on for, as "Waiting for Bea to roll."
_WAITING = {
    "roll": "to roll",
    "end": "to end the turn",
    "jail": "to choose how to leave jail",
    "buy": "to buy or decline",
    "bid": "to bid",
    "pay": "to pay a debt",
    "mortgages": "to decide on received mortgages",
    "answer": "to answer a trade offer",
}

# What a player is waited on for, as a tag beside their name.
_TAGS = {
    "roll": "to roll",
    "end": "to end",
    "jail": "in jail",
    "buy": "buying",
    "bid": "bidding",
    "pay": "paying",
    "mortgages": "deciding",
    "answer": "answering",
}


def colour_class(group: str | None) -> str:
    """The CSS colour class name of a group (the Deal table's swatches)."""
    return group.replace(" ", "_") if group else ""


def short_name(name: str) -> str:
    """The name shortened for a board's space, long words with a soft hyphen."""
    for long, short in _SHORT:
        name = name.replace(long, short)
    for long, hyphenated in _HYPHENATED:
        name = name.replace(long, hyphenated)
    return name


def _buildings(level: int) -> str:
    if level == HOTEL:
        return "a hotel"
    if level:
        return f"{level} house{'s' if level > 1 else ''}"
    return ""


def _utility_rent(deeds: dict[int, dict[str, Any]], owner: int) -> str:
    held = sum(deeds[i]["owner"] == owner for i in GROUPS["utility"])
    return "10 x dice" if held == 2 else "4 x dice"


def initials(names: list[str]) -> list[str]:
    """Each player's mark on the board: the first letter of their name. Where
    two names share it, a second character that tells them apart without
    reading as a seat's number: the digit of the name that tells it from the
    others ("Bot 3": B3; "Qa0001", "Qa0002": Q1, Q2), else the initial of a
    second word ("Bea Long": BL), else a later letter of the name ("Ann",
    "Amy": An, Am)."""
    firsts = [name[:1].upper() for name in names]
    marks: list[str] = []
    for seat, (name, first) in enumerate(zip(names, firsts, strict=True)):
        if firsts.count(first) == 1:
            marks.append(first)
            continue
        words = name.split()
        rivals = [
            other
            for at, (other, initial) in enumerate(zip(names, firsts, strict=True))
            if initial == first and at != seat
        ]
        digits = [(i, c) for i, c in enumerate(name) if c.isdigit()]
        telling = [
            c for i, c in digits if all(i >= len(n) or n[i] != c for n in rivals)
        ]
        candidates = [first + c for c in (telling or [c for _, c in digits])][:1]
        if len(words) > 1 and words[1][:1].isalpha():
            candidates.append(first + words[1][0].upper())
        candidates += [first + c.lower() for c in name[1:] if c.isalpha()]
        candidates.append(f"{first}{seat + 1}")
        marks.append(next(c for c in candidates if c not in marks))
    return marks


def _rent_rows(sp) -> list[tuple[str, str]]:
    """A title deed's rents, as printed on the card."""
    if sp.kind == RAILROAD:
        return [
            (f"{n} railroad{'s' if n > 1 else ''} owned", money(RAILROAD_RENT[n]))
            for n in range(1, 5)
        ]
    if sp.kind == UTILITY:
        return [
            ("One utility owned", f"{UTILITY_TIMES[1]} x dice"),
            ("Both utilities owned", f"{UTILITY_TIMES[2]} x dice"),
        ]
    site, *built = sp.rents
    rows = [("Rent", money(site)), ("With the whole group", money(2 * site))]
    rows += [
        (f"With {n} house{'s' if n > 1 else ''}", money(rent))
        for n, rent in enumerate(built[:4], start=1)
    ]
    rows.append(("With a hotel", money(built[4])))
    return rows


def _title_deed(space: int, deeds, names, seat, bot_accounts) -> dict[str, Any]:
    """A deed as its card shows it: rents, costs, and who holds its group
    (`holder_bot`: a bot account, its name marked BOT; plain data, as the
    board's memo fragments need)."""
    sp = BOARD[space]
    d = deeds[space]

    def holder(i: int) -> str:
        owner = deeds[i]["owner"]
        if owner is None:
            return "the bank"
        return "you" if owner == seat else names[owner]

    def holder_bot(i: int) -> bool:
        owner = deeds[i]["owner"]
        return owner is not None and owner != seat and owner in bot_accounts

    return {
        "space": space,
        "name": sp.name,
        "colour": colour_class(sp.group) if sp.kind == STREET else sp.kind,
        "price": money(sp.price),
        "rents": _rent_rows(sp),
        "house_cost": money(sp.house_cost) if sp.house_cost else "",
        "mortgage": money(sp.mortgage_value),
        "mortgaged": d["mortgaged"],
        "buildings": _buildings(d["level"]),
        "holder": holder(space),
        "holder_bot": holder_bot(space),
        "group": [
            {"name": BOARD[i].name, "holder": holder(i), "holder_bot": holder_bot(i)}
            for i in GROUPS[sp.group]
            if i != space
        ],
        "group_label": GROUP_LABELS[sp.group],
    }


def _spaces(view, deeds, names, seat, marks, bot_accounts):
    tokens: dict[int, list[dict[str, Any]]] = {}
    for p in view["players"]:
        if not p["out"]:
            tokens.setdefault(p["position"], []).append(_token(p, names, seat, marks))
    on_offer = {view["for_sale"], *(view["auction"] or {}).get("lots", ())}
    out = []
    for sp in BOARD:
        d = deeds.get(sp.index)
        owner = d["owner"] if d else None
        level = d["level"] if d else 0
        here = tokens.get(sp.index, [])
        if d is None:
            note = money(sp.tax) if sp.tax else ""
        elif owner is None:
            note = money(sp.price)
        elif d["mortgaged"]:
            note = "mortgaged"
        elif sp.kind == "utility":
            note = _utility_rent(deeds, owner)
        else:
            note = f"rent {money(d['rent'])}"
        facts = [sp.name]
        if owner is not None:
            facts.append(_whose(owner, names, seat))
        if level:
            facts.append(_buildings(level))
        if note:
            facts.append(note)
        if here:
            facts.append(
                ", ".join(t["label"] for t in here)
                + (" here" if sp.index != JAIL else "")
            )
        out.append(
            {
                "index": sp.index,
                "name": sp.name,
                "short": short_name(sp.name),
                "kind": sp.kind,
                "side": _side(sp.index),
                "colour": colour_class(sp.group) if sp.kind == "street" else "",
                "owner": owner,
                "owner_initial": marks[owner] if owner is not None else "",
                "mortgaged": bool(d and d["mortgaged"]),
                "houses": range(level) if 0 < level < HOTEL else range(0),
                "hotel": level == HOTEL,
                "note": note,
                "tokens": here,
                "label": "; ".join(facts) + ".",
                "for_sale": sp.index in on_offer,
                "deed": (
                    _title_deed(sp.index, deeds, names, seat, bot_accounts)
                    if d
                    else None
                ),
            }
        )
    return out


def _side(index: int) -> str:
    """Where a space sits on the drawn board: a corner, or the side it is on."""
    if index % 10 == 0:
        return "corner"
    return ("bottom", "left", "top", "right")[index // 10]


def _whose(owner: int, names, seat) -> str:
    return "yours" if owner == seat else f"{names[owner]}'s"


def _token(p: dict[str, Any], names, seat, marks) -> dict[str, Any]:
    s = p["seat"]
    if p["in_jail"]:
        where = "in jail"
    elif p["position"] == JAIL:
        where = "just visiting"
    else:
        where = ""
    who = "You" if s == seat else names[s]
    return {
        "seat": s,
        "initial": marks[s],
        "name": names[s],
        "in_jail": p["in_jail"],
        "label": f"{who} {where}".strip() if where else who,
    }


def _awaited(view) -> dict[int, str]:
    out: dict[int, str] = {}
    for e in view["awaiting"]:
        out.setdefault(e["seat"], e["kind"])
    return out


def _players(view, deeds, names, seat, marks, bot_accounts):
    awaited = _awaited(view)
    out = []
    for p in view["players"]:
        s = p["seat"]
        groups = []
        for g in GROUP_ORDER:
            held = [i for i in GROUPS[g] if deeds[i]["owner"] == s]
            if not held:
                continue
            groups.append(
                {
                    "colour": colour_class(g),
                    "label": GROUP_LABELS[g],
                    "full": len(held) == len(GROUPS[g]),
                    "deeds": [_deed_entry(deeds[i]) for i in held],
                }
            )
        if p["out"]:
            where = "out of the game"
        elif p["in_jail"]:
            where = f"in jail ({p['jail_turns']} of 3 tries used)"
        else:
            where = f"on {BOARD[p['position']].name}"
        out.append(
            {
                "seat": s,
                "name": names[s],
                "bot_account": s in bot_accounts,
                "initial": marks[s],
                "is_me": s == seat,
                "is_active": s == view["active"] and view["stage"] != "over",
                "awaited": _TAGS.get(awaited.get(s, ""), ""),
                "cash": money(p["cash"]),
                "net_worth": money(p["net_worth"]),
                "where": where,
                "out": p["out"],
                "winner": s in view["winners"],
                "jail_cards": [_CARD_LABELS[c] for c in p["jail_cards"]],
                "groups": groups,
            }
        )
    return out


def _deed_entry(d: dict[str, Any]) -> dict[str, Any]:
    sp = BOARD[d["space"]]
    return {
        "space": sp.index,
        "name": sp.name,
        "short": short_name(sp.name),
        "colour": colour_class(sp.group),
        "mortgaged": d["mortgaged"],
        "buildings": _buildings(d["level"]),
        "hotel": d["level"] == HOTEL,
        "houses": range(d["level"]) if 0 < d["level"] < HOTEL else range(0),
    }


def _button(
    action: str, label: str, style: str = "quiet", *, dot: str = "", **fields
) -> dict:
    """One form with one button: posts `action` and `fields`; `dot` a colour."""
    return {
        "action": action,
        "label": label,
        "style": style,
        "dot": dot,
        "fields": list(fields.items()),
    }


def _offer_sides(
    o: dict[str, Any], seat: int, names, deeds, bot_accounts
) -> dict[str, Any]:
    """What each side of an offer gives, in words, from `seat`'s side, and
    with whom (`other_bot`: a bot account, its name marked BOT, in the lines
    too)."""
    said = names_marked(names, bot_accounts)

    def items(cash, given, cards, receiver: int):
        # A mortgaged deed's receiver lifts it or pays the 10% interest.
        pays = "you pay" if receiver == seat else f"{said[receiver]} pays"
        words = [money(cash)] if cash else []
        for i in given:
            sp = BOARD[i]
            text = sp.name
            if i in o["lift"]:
                cost = money(sp.unmortgage_cost)
                text += f" (mortgaged: lifted at once, {pays} {cost})"
            elif deeds[i]["mortgaged"]:
                due = money(sp.unmortgage_cost - sp.mortgage_value)
                text += f" (mortgaged: kept, {pays} {due} interest now)"
            words.append(text)
        words += [_CARD_LABELS[c] for c in cards]
        return ", ".join(words) or "nothing"

    gives = items(o["give_cash"], o["give_deeds"], o["give_cards"], o["to"])
    gets = items(o["get_cash"], o["get_deeds"], o["get_cards"], o["seat"])
    if o["seat"] == seat:
        other = said[o["to"]]
        lines = [f"You give {other}: {gives}.", f"{other} gives you: {gets}."]
        return {
            "lines": [with_bot_marks(line) for line in lines],
            "other": names[o["to"]],
            "other_bot": o["to"] in bot_accounts,
        }
    other = said[o["seat"]]
    lines = [f"{other} gives you: {gives}.", f"You give {other}: {gets}."]
    return {
        "lines": [with_bot_marks(line) for line in lines],
        "other": names[o["seat"]],
        "other_bot": o["seat"] in bot_accounts,
    }


def _trade_deed(d, checked, lift) -> dict[str, Any]:
    sp = BOARD[d["space"]]
    return {
        "space": sp.index,
        "name": sp.name,
        "colour": colour_class(sp.group),
        "mortgaged": d["mortgaged"],
        "checked": sp.index in checked,
        "lift": sp.index in lift,
        "lift_cost": money(sp.unmortgage_cost),
        "keep_cost": money(sp.unmortgage_cost - sp.mortgage_value),
    }


def _trade_form(
    view, deeds, seat, to, names, bot_accounts, offer=None
) -> dict[str, Any]:
    """The form for an offer from `seat` to `to`; pre-filled from `offer` (one
    `to` made to `seat`) to counter it: the same terms, from this side. `bot`:
    `to` is a bot account, its name marked BOT."""
    me, them = view["players"][seat], view["players"][to]
    give_deeds = set(offer["get_deeds"]) if offer else set()
    get_deeds = set(offer["give_deeds"]) if offer else set()
    lift = set(offer["lift"]) if offer else set()
    return {
        "action": "counter" if offer else "offer",
        "offer": offer["id"] if offer else None,
        "to": to,
        "name": names[to],
        "bot": to in bot_accounts,
        "id": f"trade-{to}" + (f"-counter-{offer['id']}" if offer else ""),
        "give_cash": offer["get_cash"] if offer else "",
        "get_cash": offer["give_cash"] if offer else "",
        "my_cash": money(me["cash"]),
        "their_cash": money(them["cash"]),
        "i_own_deeds": bool(me["deeds"]),
        "they_own_deeds": bool(them["deeds"]),
        "give": [
            _trade_deed(deeds[i], give_deeds, lift)
            for i in choices.tradable(view, seat)
        ],
        "get": [
            _trade_deed(deeds[i], get_deeds, lift) for i in choices.tradable(view, to)
        ],
        "give_cards": [
            {
                "id": c,
                "label": _CARD_LABELS[c],
                "checked": offer is not None and c in offer["get_cards"],
            }
            for c in me["jail_cards"]
        ],
        "get_cards": [
            {
                "id": c,
                "label": _CARD_LABELS[c],
                "checked": offer is not None and c in offer["give_cards"],
            }
            for c in them["jail_cards"]
        ],
    }


def _decision(view, seat, names, bot_accounts) -> dict[str, Any] | None:
    """The blocking decision this seat owes now, with its buttons and forms."""
    entry = next(
        (e for e in view["awaiting"] if e["seat"] == seat and e["kind"] != "answer"),
        None,
    )
    if entry is None:
        return None
    me = view["players"][seat]
    cash = me["cash"]
    kind = entry["kind"]
    out: dict[str, Any] = {
        "kind": kind,
        "title": _TITLES[kind],
        "detail": entry["detail"],
        "buttons": [],
    }
    buttons = out["buttons"]
    match kind:
        case "roll":
            buttons.append(_button("roll", "Roll the dice", "play"))
        case "end":
            buttons.append(_button("end_turn", "End your turn", "end"))
        case "jail":
            ways = [f"roll for doubles (try {me['jail_turns'] + 1} of 3)"]
            buttons.append(_button("roll", "Roll for doubles", "play"))
            if cash >= JAIL_FINE:
                ways.append(f"pay {money(JAIL_FINE)}")
                buttons.append(_button("pay_fine", f"Pay {money(JAIL_FINE)}"))
            if me["jail_cards"]:
                ways.append("use a Get Out of Jail Free card")
                buttons.append(_button("use_card", "Use your card"))
            detail = in_words(ways, "or")
            out["detail"] = detail[:1].upper() + detail[1:] + "."
        case "buy":
            sp = BOARD[entry["space"]]
            out["title"] = f"Buy {sp.name}?"
            deeds = choices.deeds_by_space(view)
            out["space"] = _deed_entry(deeds[sp.index])
            out["deed"] = _title_deed(sp.index, deeds, names, seat, bot_accounts)
            no_auctions = view["options"].get("no_auctions", False)
            out["detail"] = (
                f"{sp.name} costs {money(sp.price)}; you have {money(cash)}. "
                + if_declined(view)
            )
            if cash >= sp.price:
                buttons.append(_button("buy", f"Buy for {money(sp.price)}", "play"))
            else:
                out["short"] = (
                    f"You are {money(sp.price - cash)} short: mortgage or sell "
                    "below to raise it, or decline."
                )
            decline = "Decline" if no_auctions else "Decline: auction it"
            buttons.append(_button("decline_buy", decline))
        case "bid":
            lots = view["auction"]["lots"]
            out["title"] = "Sealed bid"
            out["detail"] = (
                f"You have {money(cash)}. Bid whole dollars, at most your cash, "
                "or pass. Nobody sees your bid until the auction closes, and it "
                "cannot be changed."
            )
            out["lots"] = [
                {
                    "space": i,
                    "name": BOARD[i].name,
                    "price": money(BOARD[i].price),
                    "colour": colour_class(BOARD[i].group),
                    "max": cash,
                }
                for i in lots
            ]
            buttons.append(_button("pass_bid", "Pass"))
        case "pay":
            out["title"] = f"You owe {money(entry['amount'])}"
            out["detail"] = (
                f"{debt_line(view, seat, names)} You have {money(cash)}. Sell "
                "buildings or mortgage below: the debt is paid as soon as your "
                "cash covers it. Or let the game raise it for you."
            )
            out["plan"] = _plan_text(view)
            buttons.append(
                _button("raise_and_pay", "Raise it and pay (default order)", "pay")
            )
        case "mortgages":
            inh = view["inheritance"]
            out["lift"] = [
                {
                    "space": i,
                    "name": BOARD[i].name,
                    "colour": colour_class(BOARD[i].group),
                    "lift_cost": money(BOARD[i].unmortgage_cost),
                    "keep_cost": money(
                        BOARD[i].unmortgage_cost - BOARD[i].mortgage_value
                    ),
                }
                for i in inh["spaces"]
            ]
            out["detail"] = (
                f"You have {money(cash)}. Tick the mortgages to lift now (their "
                "value plus 10%); the others stay mortgaged and you pay 10% of "
                "their value now."
            )
    return out


def _plan_text(view) -> str:
    """What "Raise it and pay" will do, from the engine's own plan in the view:
    "It will mortgage Reading R.R. (+$100), then sell Boardwalk 2 to 1
    (+$100)." """
    levels = {d["space"]: d["level"] for d in view["deeds"]}
    steps = []
    for e in view.get("raise_plan") or ():
        if e["type"] == "PropertyMortgaged":
            name = short_name(BOARD[e["space"]].name)
            steps.append(f"mortgage {name} (+{money(e['amount'])})")
        elif e["type"] == "BuildingsSold":
            sites = GROUPS[e["group"]]
            old = [levels[i] for i in sites]
            sold = _sold_text(sites, old, e["levels"])
            steps.append(f"sell {sold} (+{money(e['refund'])})")
            levels.update(zip(sites, e["levels"], strict=True))
    if not steps:
        return ""
    return f"It will {', then '.join(steps)}."


def _manage(view, seat) -> dict[str, Any] | None:
    builds = choices.builds(view, seat)
    sales = choices.sales(view, seat)
    mortgages = choices.mortgages(view, seat)
    unmortgages = choices.unmortgages(view, seat)
    if not (builds or sales or mortgages or unmortgages):
        return None
    deeds = choices.deeds_by_space(view)

    def on(action: str, i: int, label: str) -> dict:
        return _button(
            action, label, "quiet cchoice", dot=colour_class(BOARD[i].group), space=i
        )

    return {
        "builds": [
            on(
                "build",
                i,
                f"{'Hotel' if deeds[i]['level'] == 4 else 'House'} on "
                f"{BOARD[i].name} ({money(BOARD[i].house_cost)})",
            )
            for i in builds
        ],
        "sales": [_sale(g, levels, deeds) for g, levels in sales.items()],
        "mortgages": [
            on("mortgage", i, f"{BOARD[i].name} (+{money(BOARD[i].mortgage_value)})")
            for i in mortgages
        ],
        "unmortgages": [
            on("unmortgage", i, f"{BOARD[i].name} ({money(BOARD[i].unmortgage_cost)})")
            for i in unmortgages
        ],
        "raising_only": not choices.may_manage(view, seat),
    }


def _level(level: int) -> str:
    return "hotel" if level == HOTEL else str(level)


def _levels_text(sites, levels) -> str:
    """ "St. Charles Pl. 2, States Ave. 1, Virginia Ave. hotel"."""
    return ", ".join(
        f"{short_name(BOARD[i].name)} {_level(lv)}"
        for i, lv in zip(sites, levels, strict=True)
    )


def _sold_text(sites, old, new) -> str:
    """Only the sites a sale changes: "States Ave. 2 to 1, Virginia Ave. hotel
    to 4" (the whole group's levels do not fit a phone's select)."""
    return ", ".join(
        f"{short_name(BOARD[i].name)} {_level(a)} to {_level(b)}"
        for i, a, b in zip(sites, old, new, strict=True)
        if a != b
    )


def _sale(group: str, options, deeds) -> dict[str, Any]:
    sites = GROUPS[group]
    old = [deeds[i]["level"] for i in sites]
    half = BOARD[sites[0]].house_cost // 2
    return {
        "group": group,
        "colour": colour_class(group),
        "label": GROUP_LABELS[group],
        "now": _levels_text(sites, old),
        "options": [
            {
                "value": ",".join(str(lv) for lv in levels),
                "label": (
                    f"{_sold_text(sites, old, levels)} "
                    f"(+{money((sum(old) - sum(levels)) * half)})"
                ),
            }
            for levels in options
        ],
    }


def _waiting(view, seat, names) -> str:
    """ "Waiting for Bea to roll and to answer a trade offer; Cy to bid." """
    owed: dict[int, list[str]] = {}
    for e in view["awaiting"]:
        if e["seat"] != seat and _WAITING[e["kind"]] not in owed.get(e["seat"], []):
            owed.setdefault(e["seat"], []).append(_WAITING[e["kind"]])
    if not owed:
        return ""
    parts = [f"{names[s]} {in_words(what)}" for s, what in owed.items()]
    return "Waiting for " + "; ".join(parts) + "."


def _answer(view, deeds, seat, names, o, offered_to, bot_accounts) -> dict[str, Any]:
    """An offer to `seat`: what it trades, and accept, decline and counter."""
    # No trade while either side owes: the offer stays open.
    debtor = choices.in_debt(view, seat) or choices.in_debt(view, o["seat"])
    buttons = [_button("decline", "Decline", offer=o["id"])]
    if not debtor:
        buttons.insert(0, _button("accept", "Accept", "accept", offer=o["id"]))
    return {
        "id": o["id"],
        **_offer_sides(o, seat, names, deeds, bot_accounts),
        "accept": not debtor,
        "buttons": buttons,
        # One open offer to each player: withdraw yours before countering.
        "counter": (
            None
            if o["seat"] in offered_to or choices.in_debt(view, seat)
            else _trade_form(view, deeds, seat, o["seat"], names, bot_accounts, offer=o)
        ),
    }


def _prompt(view, deeds, seat, names, bot_accounts) -> dict[str, Any] | None:
    """Everything this seat may do now, in one place; None for a spectator, a
    player out of the game or a finished game. `bot_accounts` as in
    `table_context`."""
    if seat is None or view["stage"] == "over" or view["players"][seat]["out"]:
        return None
    offers = view["offers"]
    offered_to = {o["to"] for o in offers if o["seat"] == seat}
    answers = [
        _answer(view, deeds, seat, names, o, offered_to, bot_accounts)
        for o in offers
        if o["to"] == seat
    ]
    mine = [
        {
            "id": o["id"],
            **_offer_sides(o, seat, names, deeds, bot_accounts),
            "withdraw": _button("withdraw", "Withdraw", offer=o["id"]),
        }
        for o in offers
        if o["seat"] == seat
    ]
    trade = []
    if not choices.in_debt(view, seat):
        trade = [
            _trade_form(view, deeds, seat, p["seat"], names, bot_accounts)
            for p in view["players"]
            if p["seat"] != seat and not p["out"] and p["seat"] not in offered_to
        ]
    claims = []
    if not choices.open_matters(view):
        claims = [
            _button(
                "claim",
                f"Claim {money(c['amount'])} rent on {BOARD[c['space']].name} "
                f"from {names[c['payer']]}",
                "play",
                space=c["space"],
            )
            for c in view["claims"]
            if c["owner"] == seat
        ]
    decision = _decision(view, seat, names, bot_accounts)
    manage = _manage(view, seat)
    if manage is not None:
        # Open by itself only when the decision lacks the cash: a debt, a
        # deed dearer than the cash.
        manage["open"] = manage["raising_only"] and bool(
            decision and (decision["kind"] == "pay" or decision.get("short"))
        )
    return {
        "decision": decision,
        "answers": answers,
        "mine": mine,
        "manage": manage,
        "trade": trade,
        "claims": claims,
        "resign": _button("resign", "Yes, resign", "resign"),
        "owes": decision is not None or bool(answers),
        "waiting": "" if decision else _waiting(view, seat, names),
    }


def _auction(view, seat, names, bot_accounts) -> dict[str, Any] | None:
    """The open auction as anyone at the table may see it; the viewer's own
    sealed bid only to the viewer (the view holds no one else's), every bid
    in a view that holds them all (a finished game's replay). A bot
    account's name is marked BOT (games.bot_marks)."""
    a = view["auction"]
    if a is None:
        return None
    lots = a["lots"]
    mine = a["your_bid"]
    gone = {*a["waiting_on"], *a["answered"]}

    said = names_marked(names, bot_accounts)

    def who(s: int) -> str:
        return "you" if s == seat else with_bot_marks(said[s])

    def amounts(bid: list[int]) -> str:
        pairs = zip(lots, bid, strict=True)
        named = [f"{money(x)} on {BOARD[i].name}" for i, x in pairs if x]
        return ", ".join(named) or "nothing"

    bids = a.get("bids") or {}
    return {
        "lots": ", ".join(BOARD[i].name for i in lots),
        "bid": [who(s) for s in a["answered"]],
        "passed": [
            who(p["seat"])
            for p in view["players"]
            if not p["out"] and p["seat"] not in gone
        ],
        # "you and Bea": the reader first.
        "waiting": with_bot_marks(
            in_words(
                [
                    "you" if s == seat else said[s]
                    for s in sorted(a["waiting_on"], key=lambda s: s != seat)
                ]
            )
        ),
        "my_bid": f"Your sealed bid: {amounts(mine)}." if mine is not None else "",
        "open_bids": [
            with_bot_marks(f"{said[int(s)]} bid {amounts(bid)}")
            for s, bid in bids.items()
            if int(s) != seat
        ],
    }


def _over(view, names, seat, bot_accounts) -> dict[str, Any] | None:
    if view["stage"] != "over":
        return None
    winners = " and ".join(names[s] for s in view["winners"])
    # The final standings: the winners, then by net worth, the richest first.
    ranked = sorted(
        view["players"],
        key=lambda p: (p["seat"] not in view["winners"], -p["net_worth"]),
    )
    return {
        "line": f"{winners} won ({view['end_reason']})." if winners else "",
        "standings": [
            {
                "seat": p["seat"],
                "name": "You" if p["seat"] == seat else names[p["seat"]],
                "bot_account": p["seat"] in bot_accounts,
                "net_worth": money(p["net_worth"]),
                "winner": p["seat"] in view["winners"],
                "out": p["out"],
            }
            for p in ranked
        ],
    }


def table_context(
    view: dict[str, Any],
    seat: int | None,
    names: list[str],
    *,
    urls: dict[str, str],
    bot_accounts: frozenset[int] = frozenset(),
) -> dict[str, Any]:
    """The context of templates/games/classic/table.html for `seat` (None: a
    spectator), from `view(state, seat)`, the players' names in seat order and
    the table's URLs (`move`: where the forms post). The template also reads
    the page's `game.version` and CSRF token, as the Deal's move forms do.
    `bot_accounts`: the seats bot accounts hold, whose names carry the BOT
    mark (games.bot_marks)."""
    deeds = choices.deeds_by_space(view)
    marks = initials(names)
    roll = view["last_roll"]
    prompt = _prompt(view, deeds, seat, names, bot_accounts)
    if prompt and prompt.get("waiting") and bot_accounts:
        # Whom the table waits for, a bot account's name marked BOT.
        marked = names_marked(names, bot_accounts)
        prompt["waiting"] = with_bot_marks(_waiting(view, seat, marked))
    decision = prompt["decision"] if prompt else None
    return {
        "classic": {
            "urls": urls,
            "seat": seat,
            "spaces": _spaces(view, deeds, names, seat, marks, bot_accounts),
            "players": _players(view, deeds, names, seat, marks, bot_accounts),
            "dice": (
                {"faces": roll, "total": sum(roll), "doubles": roll[0] == roll[1]}
                if len(roll) == 2
                else None
            ),
            "pot": money(view["pot"])
            if view["options"].get("free_parking_jackpot")
            else "",
            "houses": view["houses"],
            "hotels": view["hotels"],
            "chance_count": view["chance_count"],
            "chest_count": view["chest_count"],
            "round": view["round"],
            "turn_limit": view["options"].get("turn_limit", 0),
            "prompt": prompt,
            "auction": _auction(view, seat, names, bot_accounts),
            "decision_key": (
                f"{decision['kind']}:{decision['detail']}"
                if decision
                else ",".join(str(a["id"]) for a in (prompt or {}).get("answers", []))
            ),
            "over": _over(view, names, seat, bot_accounts),
            "spectator": seat is None,
        }
    }
