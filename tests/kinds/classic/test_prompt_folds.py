"""Issue 27, finding 14: "Raise cash: sell or mortgage" opened by itself on
every buy and auction. It opens by itself only when the decision lacks the
cash (a debt, a deed dearer than the cash); otherwise it is a closed fold."""

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
