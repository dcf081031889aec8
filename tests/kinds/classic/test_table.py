"""The classic table's partial rendered from real engine positions: every
decision kind asks its question with its buttons, and nothing a seat may not
see reaches its page (others' sealed bids, others' offers, the decks)."""

import re

import pytest

from games.engines.classic import (
    CARDS,
    OfferTrade,
    PassBid,
    new_game,
    scenario,
    view,
)
from games.engines.classic.cards import JAIL_FREE
from games.kinds.classic.table import initials
from tests.engines.classic.support import apply

from . import positions
from .positions import BUSY, NAMES, URLS, VERSION, Forms, bid_of, render


def actions(html: str) -> list[str]:
    return [dict(f["fields"])["action"] for f in Forms(html).forms]


def prompt_of(html: str) -> str:
    return html[html.index('id="prompt"') : html.index('class="cplayers"')]


def test_the_board_draws_40_spaces_tokens_owners_buildings_and_mortgages():
    html = render(positions.roll(), 0)
    assert len(re.findall(r'<li id="sq-\d+"', html)) == 40
    board = html[html.index('class="cboard"') :]
    # Ann's token on GO, Cy's in jail, Bea on Chance.
    assert re.search(r'id="sq-0"[^>]*title="GO; You here\."', board)
    assert re.search(r'id="sq-10"[^>]*title="Jail; Cy in jail\."', board)
    assert 'title="Chance; Bea here."' in board
    # Owners' colours, houses, hotels and mortgages on the deeds.
    assert 'id="sq-39" class="sq sq--39 sq--right sq--street is-owned own--0"' in board
    assert "Boardwalk; yours; 2 houses; rent $600." in board
    assert "St. James Place; Bea&#x27;s; a hotel; rent $950." in board
    assert re.search(r'id="sq-5" class="[^"]*is-mortgaged', board)
    assert "Reading Railroad; yours; mortgaged." in board
    assert "Kentucky Avenue; $220." in board
    # The last roll.
    assert "Last roll: 3 and 4." in board


def test_players_show_cash_worth_deeds_by_colour_and_jail_cards():
    html = render(positions.roll(), 1)
    ann = html[html.index('id="cplayer-0"') : html.index('id="cplayer-1"')]
    assert "$1,230" in ann and "worth $3,030" in ann
    assert "Get Out of Jail Free (Chance)" in ann
    assert "Dark blue" in ann and "the whole group" in ann
    assert "Reading R.R. <em>mortgaged</em>" in ann
    cy = html[html.index('id="cplayer-2"') : html.index('id="cplayer-3"')]
    assert "In jail (1 of 3 tries used)" in cy


def test_every_form_posts_to_the_move_url_with_the_version():
    html = render(positions.roll(), 0)
    forms = Forms(html).forms
    assert forms and all(f["action"] == URLS["move"] for f in forms)
    assert all(("version", str(VERSION)) in f["fields"] for f in forms)


def test_roll_asks_the_active_player_and_offers_managing_and_trades():
    html = render(positions.roll(), 0)
    acts = actions(html)
    assert acts[0] == "roll" and "Roll the dice" in html
    assert {"build", "sell", "unmortgage", "offer", "resign"} <= set(acts)
    assert acts.count("offer") == 3  # one form per other player


def test_others_wait_and_only_trade_or_resign():
    html = render(positions.roll(), 1)
    assert "Waiting for Ann to roll." in html
    # Two things of one player's, in one sentence (Bea offered Ann a trade).
    assert "Waiting for Ann to roll and to answer a trade offer." in render(
        positions.offer(), 1
    )
    assert set(actions(html)) == {"offer", "resign"}


def test_a_spectator_sees_the_table_and_no_form():
    html = render(positions.roll(), None)
    assert "You are watching this game." in html
    assert Forms(html).forms == []


def test_end_of_turn_offers_ending_and_building():
    html = render(positions.end(), 0)
    acts = actions(html)
    assert acts[0] == "end_turn" and "build" in acts
    assert "House on Park Place ($200)" in html


def test_jail_offers_doubles_the_fine_and_the_card_when_they_apply():
    assert actions(render(positions.jail(), 2))[:1] == ["roll"]
    assert "pay_fine" not in actions(render(positions.jail(), 2))  # $45
    acts = actions(render(positions.jail_with_card(), 2))
    assert acts[:3] == ["roll", "pay_fine", "use_card"]
    assert "Roll for doubles (try 2 of 3)." in render(positions.jail(), 2)
    assert (
        "Roll for doubles (try 2 of 3), pay $50 or use a Get Out of Jail Free card."
        in render(positions.jail_with_card(), 2)
    )


def test_buy_or_auction_and_raising_cash_when_short():
    html = render(positions.buy(), 0)
    assert "Buy Kentucky Avenue?" in html
    assert actions(html)[:2] == ["buy", "decline_buy"]
    assert "Decline: auction it" in html
    short = render(positions.buy_short(), 0)
    assert "buy" not in actions(short)
    assert "You are $120 short" in short
    assert "Raise cash: sell or mortgage" in short and "mortgage" in actions(short)
    # Opened by the page, not the player: the table's memory of the player's
    # folds (static/games/table.js) keeps it apart from "Build, sell, mortgage".
    assert 'class="cfold cmanage" data-fold="raise" open>' in short


def test_a_debt_asks_what_to_sell_or_mortgage_or_raise_and_pay():
    html = render(positions.pay(), 0)
    assert "You owe $800 to Bea: rent on New York Avenue with 4 houses." in html
    acts = actions(html)
    assert acts[0] == "raise_and_pay" and "mortgage" in acts and "sell" in acts
    assert "offer" not in acts  # no trading while in debt


def test_received_mortgages_are_lifted_by_ticking_them():
    html = render(positions.mortgages(), 1)
    assert "Mortgaged deeds received" in html
    lift = next(f for f in Forms(html).forms if ("action", "lift") in f["fields"])
    assert lift["boxes"] == [("lift", "3", False)]
    assert "Baltic Avenue: lift for $33" in html


def test_an_offer_is_answered_by_its_receiver_and_withdrawn_by_its_maker():
    state = positions.offer()
    ann = render(state, 0)
    assert "Bea offers you a trade" in ann
    assert "Bea gives you: $200, Get Out of Jail Free (Community Chest)." in ann
    assert "You give Bea: Water Works." in ann
    assert {"accept", "decline", "counter"} <= set(actions(ann))
    # Countering pre-fills the form with the same terms, from Ann's side.
    counter = next(f for f in Forms(ann).forms if ("action", "counter") in f["fields"])
    assert ("give_deeds", "28", True) in counter["boxes"]
    assert ("get_cards", "cc_jail_free", True) in counter["boxes"]
    assert ("get_cash", "200") in counter["fields"]
    bea = render(state, 1)
    assert "Your offer to Ann" in bea and "withdraw" in actions(bea)
    assert "offer" in actions(bea)  # to others, not to Ann again
    assert 'name="to" value="0"' not in bea


@pytest.mark.parametrize("seat", [2, 3, None])
def test_an_offer_between_two_players_is_not_on_a_third_page(seat):
    html = render(positions.offer(), seat)
    assert "offer-1" not in html and "offers you" not in html
    assert "$200" not in prompt_of(html) if seat is not None else True


def test_the_sealed_bids_stay_on_their_bidders_pages():
    """Three seats bid in turn; at each step each page shows only its own bid."""
    names = NAMES[:3]
    steps = [(), (bid_of(0, 137),), (bid_of(0, 137), bid_of(1, 251))]
    for bids in steps:
        state = positions.auction(bids)
        pages = {seat: render(state, seat, names) for seat in (0, 1, 2, None)}
        placed = {0: "$137", 1: "$251"}
        for seat, html in pages.items():
            for bidder, amount in placed.items():
                if any(b.seat == bidder for b in bids) and seat == bidder:
                    assert f"Your sealed bid: {amount} on Kentucky Avenue." in html
                else:
                    assert amount not in html, (seat, bidder)
        if not bids:
            assert "waiting for you, Ann and Bea." in pages[2]
            assert "waiting for Ann, Bea and Cy." in pages[None]
        if bids:
            # Who has bid is public; how much is not.
            assert "sealed bids from Ann" in pages[2]
    # Cy still to answer: the form shows Cy's cash and no one's bid.
    cy = render(positions.auction(steps[-1]), 2, names)
    assert "You have $300." in cy and "bid" in actions(cy)
    closed = positions.apply(positions.auction(steps[-1]), PassBid(seat=2))
    assert closed.auction is None and closed.owner[21] == 1


def test_the_page_never_shows_the_decks_order_even_when_the_game_is_over():
    secret = [c for c in CARDS if c not in JAIL_FREE]
    texts = [CARDS[c].text for c in secret]
    for make in (*positions.POSITIONS.values(), positions.jail_with_card):
        state = make()
        for seat in (*range(len(state.players)), None):
            html = render(state, seat)
            assert not any(c in html for c in secret)
            assert not any(t in html for t in texts)
    over = positions.over()
    assert view(over, 0)["chance"]  # the view reveals them; the page does not


def test_the_end_of_the_game_says_who_won():
    html = render(positions.over(), 1)
    assert "The game is over" in html and "Bea won" in html
    assert Forms(html).forms == []


def test_a_refused_move_is_told_in_the_prompt():
    html = render(positions.roll(), 0, error="It is not your turn.")
    assert '<p class="prompt__error" role="alert">It is not your turn.</p>' in html


def test_a_bankruptcy_auction_takes_one_bid_per_lot():
    html = render(positions.auction_of_lots(), 1)
    assert 'name="bid-3"' in html and 'name="bid-5"' in html
    assert "Leave a lot blank to bid nothing on it." in html


def test_rent_to_claim_is_a_button_for_the_owner_only():
    state = positions.claim()
    assert "Claim $50 rent on Boardwalk from Bea" in render(state, 0)
    assert "claim" not in actions(render(state, 1))


def test_a_player_out_of_the_game_only_watches():
    html = render(positions.mortgages(), 0)
    assert "You are out of this game" in html and Forms(html).forms == []


def test_a_trade_form_says_when_no_deed_can_be_traded():
    html = render(positions.roll(), 1)  # Bea's orange group is built on
    assert "None of your deeds can be traded now" in html
    assert "None of Ann" not in html
    assert "Water Works" in html[html.index("Ann gives you") :]


def test_a_trade_form_says_when_a_side_has_no_deeds_at_all():
    html = render(new_game(3, seed=1), 0)
    assert "You have no deeds to trade." in html
    assert "Bea has no deeds to trade." in html
    assert "can be traded now" not in html


def test_a_single_lot_needs_a_bid_of_a_dollar_several_lots_may_be_left_blank():
    one = render(positions.auction(), 1)
    assert 'min="1" max="700" step="1" required>' in one
    several = render(positions.auction_of_lots(), 1)
    assert "required" not in several[several.index('class="cbid"') :][:2000]


def test_an_offer_to_a_player_in_debt_cannot_be_accepted_or_countered_yet():
    state = positions.apply(
        positions.pay(), OfferTrade(seat=1, to=0, give_cash=50, get_deeds=(28,))
    )
    html = render(state, 0)
    assert "Bea offers you a trade" in html
    assert "accept" not in actions(html) and "counter" not in actions(html)
    assert "decline" in actions(html)
    assert "No trade while either of you owes a debt" in html


def test_players_whose_names_share_a_letter_get_marks_apart():
    assert initials(["Cy", "Bot 2 (random)", "Bot 3 (random)"]) == ["C", "B2", "B3"]
    # Not a seat's number, which reads like a bot's (issue 27, finding 12).
    assert initials(["Ann", "Amy", "Bea"]) == ["An", "Am", "B"]
    assert initials(["Bea", *(f"Bot {n}" for n in range(2, 9))]) == [
        "Be",
        *(f"B{n}" for n in range(2, 9)),
    ]
    assert initials(["Bea Long", "Bob", "Bot 3"]) == ["BL", "Bo", "B3"]
    # Numbered names alike but for their last digit: the digit that differs.
    assert initials(["Qa0001", "Qa0002"]) == ["Q1", "Q2"]
    html = render(positions.roll(), 0, names=["Ann", "Bot 2 (random)", "Bot 3", "Dee"])
    # Bot 2 on Chance, owning St. James Place; Bot 3 in jail.
    assert re.search(r'<span class="ctoken ctoken--1">B2</span>', html)
    assert re.search(r'<span class="ctoken ctoken--2 is-jailed">B3</span>', html)
    assert '<span class="sq__owner ctoken--1">B2</span>' in html


def test_a_sale_names_only_the_sites_it_changes():
    # Ann's dark blue group: Park Place and Boardwalk, 2 houses each.
    options = re.findall(
        r'<option value="([^"]*)">([^<]*)</option>', render(positions.roll(), 0)
    )
    assert ("2,1", "Boardwalk 2 to 1 (+$100)") in options
    assert ("0,0", "Park Pl. 2 to 0, Boardwalk 2 to 0 (+$400)") in options


def test_an_offered_mortgaged_deed_says_who_pays_its_interest_or_its_lifting():
    s = scenario(BUSY + "1 owns: Short Line (mortgaged)\n")
    s = apply(
        s,
        OfferTrade(seat=1, to=0, give_deeds=(35,), get_deeds=(5,), lift=(5,)),
    )
    ann, bea = render(s, 0), render(s, 1)
    assert "Short Line (mortgaged: kept, you pay $10 interest now)" in ann
    assert "Short Line (mortgaged: kept, Ann pays $10 interest now)" in bea
    # Bea asks for Ann's mortgaged Reading Railroad, lifted: Bea pays for it.
    assert "Reading Railroad (mortgaged: lifted at once, you pay $110)" in bea
    assert "Reading Railroad (mortgaged: lifted at once, Bea pays $110)" in ann


def test_raise_and_pay_previews_the_engine_s_default_order():
    html = prompt_of(render(positions.pay(), 0))
    plan = html[html.index('id="raise-plan"') :]
    assert plan.startswith(
        'id="raise-plan">It will mortgage Water Works (+$75), then sell Boardwalk '
        "2 to 1 (+$100), then sell Park Pl. 2 to 1 (+$100), then sell Boardwalk 1 "
        "to 0 (+$100), then sell Park Pl. 1 to 0 (+$100), then mortgage Park Pl. "
        "(+$175).</p>"
    )
    # The plan is the debtor's alone: nobody else's page has it.
    assert "raise-plan" not in render(positions.pay(), 1)
