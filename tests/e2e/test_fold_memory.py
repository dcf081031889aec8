"""The table keeps the folds as the player left them across a redraw
(static/games/table.js), and only those: a fold the page drew open (to raise
cash, say) is not the player's choice, so a later table that draws it closed
shows it closed. A page file with the script, no server needed; a redraw is
the table's markup replaced and htmx's settle event, as htmx does it."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Folds</title></head><body><div class="mdeal-game">
<section id="table" data-version="1">{table}</section></div>
<script src="{script}"></script></body></html>
"""


def fold(name: str, is_open: bool) -> str:
    return (
        f'<details data-fold="{name}"{" open" if is_open else ""}>'
        f"<summary>{name}</summary><p>Inside {name}</p></details>"
    )


@pytest.fixture
def table(browser, tmp_path):
    """A page whose table holds the folds `manage` and `trade`, `manage` drawn
    open by the page; `redraw(manage=..., trade=...)` draws them again."""
    path = tmp_path / "folds.html"
    script = (ROOT / "static" / "games" / "table.js").as_uri()
    markup = fold("manage", True) + fold("trade", False)
    path.write_text(PAGE.format(table=markup, script=script))
    context = browser.new_context()
    page = context.new_page()
    page.goto(path.as_uri())
    settle(page)

    def redraw(*, manage: bool, trade: bool):
        page.evaluate(
            """(html) => {
                document.getElementById("table").innerHTML = html;
                document.dispatchEvent(new CustomEvent("htmx:afterSettle"));
            }""",
            fold("manage", manage) + fold("trade", trade),
        )
        settle(page)

    yield page, redraw
    context.close()


def settle(page):
    """Let the toggle events the last change queued fire."""
    page.evaluate("() => new Promise((r) => setTimeout(r, 50))")


def is_open(page, name: str) -> bool:
    return page.locator(f'details[data-fold="{name}"]').evaluate("d => d.open")


def test_a_fold_the_page_opened_is_not_kept_open_by_the_next_table(table):
    page, redraw = table
    redraw(manage=False, trade=False)
    redraw(manage=False, trade=True)  # a table that opens it by itself
    assert is_open(page, "trade")
    redraw(manage=False, trade=False)
    assert not is_open(page, "trade")


def test_the_folds_the_player_opened_or_closed_stay_so(table):
    page, redraw = table
    page.locator('details[data-fold="trade"] > summary').click()
    page.locator('details[data-fold="manage"] > summary').click()
    settle(page)
    redraw(manage=True, trade=False)
    assert is_open(page, "trade") and not is_open(page, "manage")
    # Put back by the page, they stay the player's choice, not the page's.
    redraw(manage=True, trade=False)
    assert is_open(page, "trade") and not is_open(page, "manage")
