"""The table as a load player reads it: its version, its state, the moves its
forms offer, and a choice among them (bench.load.locustfile, sequential)."""

import html
import json
import random
import re

# What the table says, read with regular expressions over its markup.
FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.S)
INPUT = re.compile(r"<input\b([^>]*)>")
ATTR = re.compile(r'([\w-]+)="([^"]*)"')
TABLE_TAG = re.compile(r'<section id="table"([^>]*)>')
SEATS_TAKEN = re.compile(r"(\d+) of (\d+) seats taken")
POLL = re.compile(r'<div class="mdeal-game"[^>]* data-poll="(\d+)"')
MOVE_ACTIONS = ("/move/", "/pay/")  # a move, and a one-step charge answer
# Rather play a card than bank it, rather bank it than end the turn: games end.
WEIGHTS = {"PlayProperty": 12, "Build": 6, "BankCard": 3, "MoveWild": 0.3}


def attrs(text: str) -> dict[str, str]:
    return {k: html.unescape(v) for k, v in ATTR.findall(text)}


class Table:
    """The parts of a rendered table a player acts on."""

    def __init__(self, markup: str):
        tag = TABLE_TAG.search(markup)
        head = attrs(tag.group(1)) if tag else {}
        self.version = int(head.get("data-version", "-1"))
        self.over = "is-over" in head.get("class", "")
        self.waiting = "table--waiting" in head.get("class", "")
        taken = SEATS_TAKEN.search(markup)
        self.seats_taken = int(taken.group(1)) if taken else 0
        self.can_start = "/start/" in markup
        # The page's poll beside the socket, in seconds (the full page says).
        poll = POLL.search(markup)
        self.poll = int(poll.group(1)) / 1000 if poll else None
        self.forms = []
        for form_attrs, body in FORM.findall(markup):
            form = attrs(form_attrs)
            if not form.get("action", "").endswith(MOVE_ACTIONS):
                continue
            fields: dict[str, list[str]] = {}
            cards = []  # (id, value) of the cards a picker offers to tick
            for tag_attrs in INPUT.findall(body):
                field = attrs(tag_attrs)
                if field.get("type") == "checkbox" and field.get("name") == "cards":
                    cards.append((field["value"], int(field.get("data-value", 0))))
                elif "name" in field:
                    fields.setdefault(field["name"], []).append(field.get("value", ""))
            # Boxes outside the form that name it (the discard picker's, on
            # the cards of the hand) are its fields too, as in a browser.
            if form.get("id"):
                for tag_attrs in INPUT.findall(markup):
                    field = attrs(tag_attrs)
                    card = (field.get("value"), int(field.get("data-value", 0)))
                    named = (
                        field.get("form") == form["id"] and field.get("name") == "cards"
                    )
                    if named and card not in cards:
                        cards.append(card)
            self.forms.append((form, fields, cards))

    @property
    def mine(self) -> bool:
        """Whether this seat owes a decision: the table offers it moves."""
        return bool(self.forms)

    def choose(self) -> tuple[str, str, dict[str, list[str]]]:
        """A form to post: (its kind, its action, its fields with the cards ticked).

        A picker (pay, discard) gets cards ticked as a player would; a
        button's form is posted as it is (a one-step charge answer's button
        carries the suggested cards).
        """
        pickers = [f for f in self.forms if "picker" in f[0].get("class", "")]
        buttons = [f for f in self.forms if f not in pickers]
        if pickers and (not buttons or random.random() < 0.6):
            form, fields, cards = pickers[0]
            if "picker--pay" in form["class"]:
                kind, ticked = "pay", _pay_with(cards, int(form["data-amount"]))
            else:
                count = int(form["data-count"])
                kind, ticked = "discard", [c for c, _ in random.sample(cards, count)]
            return kind, form["action"], {**fields, "cards": ticked}
        weights = [WEIGHTS.get(_kind(fields), 1) for _, fields, _ in buttons]
        form, fields, _ = random.choices(buttons, weights)[0]
        return _kind(fields), form["action"], fields


def _kind(fields: dict[str, list[str]]) -> str:
    """The move's type, or "Pay" for a charge answer's button (no move field)."""
    move = fields.get("move")
    return json.loads(move[0])["type"] if move else "Pay"


def _pay_with(cards: list[tuple[str, int]], amount: int) -> list[str]:
    """Cards worth at least `amount`, or all of them (no change is given)."""
    random.shuffle(cards)
    chosen, total = [], 0
    for card, value in cards:
        if total >= amount:
            break
        chosen.append(card)
        total += value
    return chosen
