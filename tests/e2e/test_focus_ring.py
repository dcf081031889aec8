"""The prompt's heading takes the focus when a decision comes; its ring shows
to a keyboard user, and is no stray box round "Your turn" for one who taps
(static/games/table.js marks the keyboard's use, table.css draws the ring).
A page file with the table's script and style, no server needed."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Focus</title><link rel="stylesheet" href="{css}"></head><body>
<div class="mdeal-game"><section id="table" class="table" data-version="1">
<section id="prompt" class="prompt"><h2 class="prompt__title" id="prompt-title"
 tabindex="-1">Your turn</h2><button id="roll">Roll the dice</button></section>
</section></div><script src="{script}"></script></body></html>
"""


@pytest.fixture
def page(browser, tmp_path):
    path = tmp_path / "focus.html"
    games = ROOT / "static" / "games"
    path.write_text(
        PAGE.format(
            css=(games / "table.css").as_uri(), script=(games / "table.js").as_uri()
        )
    )
    context = browser.new_context()
    page = context.new_page()
    page.goto(path.as_uri())
    yield page
    context.close()


def heading_ring(page) -> str:
    """The heading's outline once the page has given it the focus."""
    return page.evaluate(
        """() => { const h = document.getElementById("prompt-title");
                   h.focus(); return getComputedStyle(h).outlineStyle; }"""
    )


def test_no_ring_round_the_heading_for_a_player_who_clicks(page):
    page.mouse.click(5, 5)
    assert heading_ring(page) == "none"


def test_a_keyboard_user_sees_where_the_focus_is(page):
    page.keyboard.press("Tab")
    assert heading_ring(page) == "solid"
    page.mouse.click(5, 5)
    assert heading_ring(page) == "none"
