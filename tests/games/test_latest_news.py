"""The classic prompt's "Just now" line (`history_items.latest_news`): the
newest history line that tells what happened, passing over "Bea's turn."."""

from games.templatetags.history_items import latest_news


def test_the_newest_line_that_is_not_a_turn_starting():
    lines = [  # newest first, as the table's history
        {"seq": 9, "text": "Bea's turn.", "turn": True},
        {"seq": 8, "text": "Ann bought Baltic Avenue for $60.", "turn": False},
        {"seq": 7, "text": "Ann rolled 1 and 2.", "turn": False},
    ]
    assert latest_news(lines)["seq"] == 8
    assert latest_news(lines[:1]) is None
    assert latest_news([]) is None
    # A deadline's line has no "turn": it tells what happened.
    assert latest_news([{"seq": 3, "text": "Time ran out for Ann."}])["seq"] == 3
