"""Issue 27, finding 14: "Raise cash: sell or mortgage" opened by itself on
every buy and auction. It opens by itself only when the decision lacks the
cash (a debt, a deed dearer than the cash); otherwise it is a closed fold.
Finding 17: the end shows the final standings."""

from tests.kinds.classic import positions

OPEN = 'class="cfold cmanage" data-fold="raise" open>'
CLOSED = 'class="cfold cmanage" data-fold="raise">'


def test_raising_cash_stays_closed_when_the_cash_is_there():
    buy = positions.render(positions.buy(), 0)
    assert "Raise cash: sell or mortgage" in buy
    assert CLOSED in buy and OPEN not in buy


def test_raising_cash_opens_when_the_decision_lacks_it():
    assert OPEN in positions.render(positions.buy_short(), 0)
    assert OPEN in positions.render(positions.pay(), 0)


def test_the_end_shows_the_final_standings_with_net_worths():
    """Issue 27, finding 17: the game-over screen had no standings."""
    html = positions.render(positions.over(), 1)
    assert "Final standings" in html
    standings = html[html.index("Final standings") :]
    you, ann = standings.index("You"), standings.index("Ann")
    assert you < ann  # the winner first
    assert "winner" in standings[you:ann] and "out" in standings[ann:]
    assert "$" in standings[you:ann]
