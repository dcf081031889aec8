"""Every Monopoly Deal card, in every place the table draws it, at 375, 1280
and 1920 px: no name is cut (issue 27: "OARDWAL", "DITERRANE", "NNSYLVA"),
the names and action titles are at least 9.5 px, and in a set's stack each
card's whole name band shows above the card laid on it.

The page is a file built from the table's own card partial and stylesheets
(no server), with the table's nesting: your hand, your seat, an opponent's
seat, the pay picker, the discard pile and the action being resolved. A
screenshot per width and place lands in
test-artifacts/card-faces-<width>-<place>.png.
"""

from pathlib import Path

import pytest

from games.engines.deal import DECK
from games.templatetags.game_cards import card, mini_name

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
STYLES = ("css/site.css", "games/table.css")
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card faces</title>{links}</head>
<body><main class="page page--table"><div class="mdeal-game">
<section id="table" class="table"><div class="table__main">
<div class="table__opponents"><section class="seat" id="seat-1">
<div class="seat__sets">{opponent}</div></section></div>
<div class="table__middle"><div class="centre">
<div class="pending" style="flex-wrap: wrap; max-width: none">{pending}</div>
{piles}
</div><section id="prompt" class="prompt"><form class="picker">
<div class="picker__cards">{picker}</div></form></section></div>
<div class="table__me"><section class="seat seat--me" id="seat-0">
<div class="seat__sets">{mine}</div></section>
<section id="hand" class="hand"><div class="hand__cards">{hand}</div></section>
</div></div></section></div></main></body></html>
"""
# One of each face: copies look the same.
FACES = sorted({c.name: c.id for c in DECK}.values())
PROPERTIES = [i for i in FACES if DECK[i].kind.value in ("property", "wild")]


def stacks(cards: list[int]) -> str:
    """Sets of four cards, each stacked like a set on the table."""
    out = []
    for start in range(0, len(cards), 4):
        chunk = "".join(card(c, "mini") for c in cards[start : start + 4])
        out.append(f'<div class="pset"><div class="pset__stack">{chunk}</div></div>')
    return "".join(out)


def page_file() -> Path:
    links = "".join(
        f'<link rel="stylesheet" href="{(ROOT / "static" / s).as_uri()}">'
        for s in STYLES
    )
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / "card-faces.html"
    path.write_text(
        PAGE.format(
            links=links,
            opponent=stacks(PROPERTIES),
            mine=stacks(PROPERTIES),
            pending="".join(card(c, "mini") for c in FACES),
            piles="".join(f'<div class="pile">{card(c, "mini")}</div>' for c in FACES),
            picker="".join(card(c, "mini") for c in FACES),
            hand="".join(card(c) for c in FACES),
        )
    )
    return path


CUT = """() => [...document.querySelectorAll(
        '.card, .card__band, .card__name, .card__title, .card__disc')]
    .filter((el) => el.getClientRects().length)
    .filter((el) => el.scrollWidth > el.clientWidth + 1
                 || el.scrollHeight > el.clientHeight + 1)
    .map((el) => `${el.closest('[id]').id} ${el.closest('.card').title}: `
                 + `${el.className} ${el.scrollWidth}x${el.scrollHeight} `
                 + `in ${el.clientWidth}x${el.clientHeight}`)"""
SMALL = """() => [...document.querySelectorAll(
        '.card__name, .card__title, .card__disc b, .card__text')]
    .filter((el) => el.getClientRects().length
                    && getComputedStyle(el).display !== 'none')
    .filter((el) => parseFloat(getComputedStyle(el).fontSize) < 9.5)
    .map((el) => `${el.closest('[id]').id} ${el.closest('.card').title}: `
                 + `${el.className || el.tagName} ${getComputedStyle(el).fontSize}`)"""
COVERED = """() => [...document.querySelectorAll('.pset__stack > .card + .card')]
    .map((next) => [next.previousElementSibling, next])
    .filter(([card, next]) => card.querySelector('.card__band')
        .getBoundingClientRect().bottom > next.getBoundingClientRect().top + 0.5)
    .map(([card]) => `${card.closest('[id]').id} ${card.title}: band covered`)"""


@pytest.mark.parametrize("width", [375, 1280, 1920])
def test_card_names_are_whole_and_readable(browser, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(page_file().as_uri())
    for place in ("seat-1", "seat-0", "hand", "prompt"):
        page.locator(f"#{place}").screenshot(
            path=str(ARTIFACTS / f"card-faces-{width}-{place}.png")
        )
    problems = page.evaluate(CUT) + page.evaluate(SMALL) + page.evaluate(COVERED)
    context.close()
    assert problems == [], "\n".join(problems)


def test_small_cards_say_names_as_players_do():
    assert mini_name("Kentucky Avenue") == "Ken\u00adtucky"
    assert mini_name("Park Place") == "Park Place"
    assert mini_name("Pennsylvania Railroad") == "Penn. R.R."
    assert mini_name("Red/Yellow Rent") == "Rent"
    assert mini_name("Wild Rent") == "Rent"
    assert mini_name("Double the Rent") == "Double Rent"
    assert mini_name("Deal Breaker") == "Deal Break\u00ader"
