"""A rule the engine adds where RULES.md is silent: "When a whole round passes in
which, at the start of every remaining player's turn, the draw pile, the discard
pile and every hand were empty, the game ends with no winner (a draw)." A
multicolour wild in a hand counts as nothing: it can never be banked."""

import json
import random
from dataclasses import replace

from games.engines.deal import (
    DECK,
    EndTurn,
    GameDrawn,
    GameWon,
    MoveWild,
    Resign,
    awaiting,
    decide,
    describe,
    evolve,
    from_json,
    legal_moves,
    new_game,
    scenario,
    to_json,
    view,
)

from .support import apply, events_of

# Every property on the table, no set full but seat 1's light blue; every other
# card goes to seat 0's bank (see everything_on_the_table).
TABLE = """
0 sets: brown[Mediterranean Avenue], light_blue[Oriental Avenue, Vermont Avenue]
0 sets: pink[St. Charles Place, States Avenue]
0 sets: orange[St. James Place, Tennessee Avenue]
0 sets: red[Kentucky Avenue, Indiana Avenue], yellow[Atlantic Avenue, Ventnor Avenue]
0 sets: green[Pacific Avenue, North Carolina Avenue], dark_blue[Park Place]
0 sets: railroad[Reading Railroad, Pennsylvania Railroad, B. & O. Railroad]
0 sets: utility[Electric Company]
1 sets: brown[Baltic Avenue]
1 sets: light_blue[Connecticut Avenue, Light Blue/Railroad Wild, Light Blue/Brown Wild]
1 sets: pink[Virginia Avenue, Pink/Orange Wild]
1 sets: orange[New York Avenue, Pink/Orange Wild]
1 sets: red[Illinois Avenue, Red/Yellow Wild], yellow[Marvin Gardens, Red/Yellow Wild]
1 sets: green[Pennsylvania Avenue, Dark Blue/Green Wild], dark_blue[Boardwalk]
1 sets: railroad[Short Line, Green/Railroad Wild, Railroad/Utility Wild]
1 sets: utility[Water Works]
rest: discard
"""


def everything_on_the_table(extra: str = ""):
    """Seat 0's turn with the draw pile, the discard pile and both hands empty."""
    s = scenario(TABLE + extra)
    p = s.players[0]
    players = (replace(p, bank=p.bank + s.discard), *s.players[1:])
    return replace(s, players=players, discard=())


def end_turns(state, count: int):
    for _ in range(count):
        state = apply(state, EndTurn(seat=state.active))
    return state


def test_a_whole_round_with_nothing_to_draw_or_play_ends_in_a_draw():
    s = everything_on_the_table("1 loose: Multicolour Wild, Multicolour Wild")
    assert len(DECK) == sum(len(p.table_cards()) for p in s.players)
    s = end_turns(s, 2)  # seat 1's turn, then seat 0's: a whole round
    assert not s.over and s.active == 0 and s.idle_turns == 2
    events = events_of(s, EndTurn(seat=0))
    assert events[-1] == GameDrawn()
    s = apply(s, EndTurn(seat=0))
    assert s.over and s.winner is None
    assert awaiting(s) == () and legal_moves(s, 0) == legal_moves(s, 1) == []
    seen = view(s, 1)
    assert seen["phase"] == "over" and seen["winner"] is None and seen["drawn"]
    assert seen["hands"] == {"0": [], "1": []}
    line = "Nobody can draw or play: the game ends in a draw."
    assert describe(GameDrawn(), None, ["Ann", "Bea"]) == line
    assert describe(GameDrawn(), 0, ["Ann", "Bea"]) == line


def test_a_game_won_has_no_draw_in_its_view():
    s = scenario("0 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue]")
    assert view(s, 0)["drawn"] is False
    s = apply(s, Resign(seat=1))
    assert s.winner == 0 and view(s, None)["drawn"] is False


def test_a_multicolour_wild_in_a_hand_does_not_keep_the_game_going():
    s = everything_on_the_table("0 hand: Multicolour Wild\n1 loose: Multicolour Wild")
    s = end_turns(s, 3)
    assert s.over and s.winner is None
    (held,) = s.players[0].hand
    assert DECK[held].multicolour and view(s, None)["hands"]["0"] == [held]


def test_a_card_in_a_hand_or_a_pile_keeps_the_game_going():
    s = everything_on_the_table("1 loose: Multicolour Wild, Multicolour Wild")
    bank = s.players[0].bank
    one_m = next(c for c in bank if DECK[c].name == "1M")
    p0 = replace(s.players[0], bank=tuple(c for c in bank if c != one_m))
    for where in ("hand", "draw", "discard"):
        if where == "hand":
            p1 = replace(s.players[1], hand=(one_m,))
            t = replace(s, players=(p0, p1))
        else:
            t = replace(s, players=(p0, s.players[1]), **{where: (one_m,)})
        t = end_turns(t, 6)
        assert not t.over, where


def test_each_player_still_gets_a_turn_to_complete_a_third_set_with_wilds():
    s = everything_on_the_table("1 loose: Multicolour Wild, Multicolour Wild")
    s = end_turns(s, 1)
    assert s.active == 1 and s.idle_turns == 1
    first, second = s.players[1].loose
    s = apply(s, MoveWild(seat=1, card=first, colour="brown"))
    assert not s.over  # light blue and brown are full: two sets
    events = events_of(s, MoveWild(seat=1, card=second, colour="dark_blue"))
    assert events[-1] == GameWon(seat=1)


def test_the_idle_count_is_in_the_state_and_survives_json():
    s = end_turns(everything_on_the_table("1 loose: Multicolour Wild"), 1)
    assert s.idle_turns == 1
    assert from_json(json.loads(json.dumps(to_json(s)))) == s
    assert from_json(to_json(GameDrawn())) == GameDrawn()


def test_every_random_game_ends_within_a_bounded_number_of_decisions():
    """Uniform random play, nobody resigning: every game ends, won or drawn."""
    drawn = 0
    for seed in range(400):
        rng = random.Random(seed)
        s = new_game(2 + seed % 4, seed=seed)
        for _ in range(6_000):
            if s.over:
                break
            seat = rng.choice(awaiting(s)).seat
            moves = [m for m in legal_moves(s, seat) if not isinstance(m, Resign)]
            for e in decide(s, rng.choice(moves), rng):
                s = evolve(s, e)
        assert s.over, f"seed {seed} never ends"
        drawn += s.winner is None
    assert drawn >= 1
