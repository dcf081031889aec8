"""What a player has typed or ticked in a form of the table and not sent (a
trade being put together, a bid, mortgages to lift) survives a redraw of the
table (static/games/table.js), as the Deal's ticked cards do: another
player's move redraws the table, and used to empty the form under the
player's hands. A message the page came with goes with the first redraw.
A page file with the script, no server needed; a redraw is
htmx's beforeSwap, the table's markup replaced, and its settle event."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Forms</title></head><body>
<div class="messages" role="status"><p>You have a seat at the table.</p></div>
<div class="mdeal-game">
<section id="table" data-version="{version}">{table}</section></div>
<script src="{script}"></script></body></html>
"""


def trade_form(version: int, *, give_cash: str = "", ticked: str = "") -> str:
    return (
        '<form class="ctrade" method="post" action="/games/1/move/">'
        '<input type="hidden" name="csrfmiddlewaretoken" value="t{v}">'
        '<input type="hidden" name="version" value="{v}">'
        '<input type="hidden" name="action" value="propose">'
        '<input type="hidden" name="to" value="1">'
        '<input id="t1-give-cash" name="give_cash" type="number" min="0"'
        ' value="{give_cash}">'
        '<label><input type="checkbox" name="give_deeds" value="8"{ticked}>Vermont'
        "</label>"
        '<label><input type="checkbox" name="give_deeds" value="9">Connecticut</label>'
        '<input id="t1-get-cash" name="get_cash" type="number" min="0" value="">'
        '<select id="t1-levels" name="levels"><option value="0">none</option>'
        '<option value="1">one</option></select>'
        "<button>Propose</button></form>"
        '<form class="move" method="post" action="/games/1/move/">'
        '<input type="hidden" name="version" value="{v}">'
        '<input type="hidden" name="action" value="roll"><button>Roll</button></form>'
    ).format(v=version, give_cash=give_cash, ticked=" checked" if ticked else "")


@pytest.fixture
def table(browser, tmp_path):
    """A page whose table holds a trade form; `redraw(version, sent=...)`
    draws the table again as htmx does (`sent`: the form whose move the
    redraw answers)."""
    path = tmp_path / "forms.html"
    script = (ROOT / "static" / "games" / "table.js").as_uri()
    path.write_text(PAGE.format(version=1, table=trade_form(1), script=script))
    context = browser.new_context()
    page = context.new_page()
    page.goto(path.as_uri())

    def redraw(version: int, *, sent: str | None = None, **fields):
        page.evaluate(
            """([html, version, sent]) => {
                const t = document.getElementById("table");
                const elt = sent ? document.querySelector(sent) : null;
                const config = elt ? {elt, verb: "post"} : null;
                t.dispatchEvent(new CustomEvent("htmx:beforeSwap",
                    {bubbles: true, detail: {target: t, requestConfig: config}}));
                t.innerHTML = html;
                t.dataset.version = String(version);
                document.dispatchEvent(new CustomEvent("htmx:afterSettle"));
            }""",
            [trade_form(version, **fields), version, sent],
        )

    yield page, redraw
    context.close()


def filled(page) -> dict:
    return page.evaluate(
        """() => ({
            give: document.getElementById("t1-give-cash").value,
            get: document.getElementById("t1-get-cash").value,
            deeds: [...document.querySelectorAll("[name=give_deeds]:checked")]
                .map((b) => b.value),
            levels: document.getElementById("t1-levels").value,
            focus: document.activeElement && document.activeElement.id,
        })"""
    )


def test_a_half_filled_trade_survives_another_players_move(table):
    page, redraw = table
    page.fill("#t1-give-cash", "77")
    page.check("[name=give_deeds][value='9']")
    page.select_option("#t1-levels", "1")
    page.fill("#t1-get-cash", "12")  # the player is typing here

    redraw(2)

    assert filled(page) == {
        "give": "77",
        "get": "12",
        "deeds": ["9"],
        "levels": "1",
        "focus": "t1-get-cash",
    }
    # And again: what was put back is still the player's, not the page's.
    redraw(3)
    assert filled(page)["give"] == "77" and filled(page)["deeds"] == ["9"]


def test_a_box_the_player_unticked_stays_unticked(table):
    page, redraw = table
    redraw(2, ticked="8")  # a table that draws it ticked (a counter-offer)
    page.uncheck("[name=give_deeds][value='8']")
    redraw(3, ticked="8")
    assert not page.is_checked("[name=give_deeds][value='8']")


def test_the_form_just_sent_is_not_filled_again(table):
    page, redraw = table
    page.fill("#t1-give-cash", "77")
    redraw(2, sent="form.ctrade")
    assert filled(page)["give"] == ""


def test_what_the_new_table_draws_is_kept_when_the_player_changed_nothing(table):
    page, redraw = table
    redraw(2, give_cash="40")  # a counter-offer, say, drawn filled
    assert filled(page)["give"] == "40"


def test_the_pages_message_goes_with_the_first_redraw(table):
    page, redraw = table
    assert page.locator(".messages").is_visible()
    redraw(2)
    assert page.locator(".messages").count() == 0
