"""How well the expert's guesses forecast the other hands, dealt uniformly and
dealt by what the public history says they lack (`infer`), in games of
sensible bots: `python -m bench.infer_check --games 60 --seats 2`.

At every `--every`th decision of one seat (the deal's seat, rotating), for
each other hand that holds cards, the share of `--guesses` guesses whose hand
holds a card of each class (a Just Say No, a property, money) forecasts
whether the true hand does; the figure is the mean log loss of those
forecasts, in nats (a coin's is 0.693; lower is better). A forecast is held
between 1% and 99%, so that one certain guess that is wrong costs 4.6 nats
rather than all.
"""

import argparse
import math
import random
from collections.abc import Sequence

from games.engines.deal.bots import sensible_bot
from games.engines.deal.bots.guesses import Barred, guess, knowledge
from games.engines.deal.bots.infer import JUST_SAY_NO, lacks, slots
from games.engines.deal.cards import DECK, Kind
from games.engines.deal.rules import awaiting, replay, setup, step
from games.engines.deal.state import Options
from games.engines.deal.view import redact

CLASSES: dict[str, frozenset[int]] = {
    "Just Say No": JUST_SAY_NO,
    "a property": frozenset(c.id for c in DECK if c.kind in (Kind.property, Kind.wild)),
    "money": frozenset(c.id for c in DECK if c.kind is Kind.money),
}
DEALS = ("uniform", "inferred")


def _loss(share: float, truth: bool) -> float:
    p = min(max(share, 0.01), 0.99)
    return -math.log(p if truth else 1 - p)


def forecast_losses(
    games: int, seats: int, *, seed: int = 1000, every: int = 4, guesses: int = 100
) -> tuple[int, dict[str, dict[str, float]]]:
    """The hands forecast, and the mean log loss by class and by deal."""
    totals = {name: dict.fromkeys(DEALS, 0.0) for name in CLASSES}
    hands = 0
    for game in range(games):
        rng = random.Random(seed + game)
        events = list(setup(seats, Options(), rng))
        state = replay(events)
        me = game % seats
        for decision in range(5_000):
            if state.over:
                break
            mover = awaiting(state)[0].seat
            if mover == me and decision % every == 0:
                hands += _forecast(state, events, me, decision, guesses, totals)
            move = sensible_bot(state, mover, random.Random(decision))
            made, state = step(state, move, rng)
            events += made
    means = {
        name: {deal: total / max(hands, 1) for deal, total in by.items()}
        for name, by in totals.items()
    }
    return hands, means


def _forecast(state, events, me, decision, guesses, totals) -> int:
    """Add one decision's forecasts of every other hand to `totals`."""
    known = knowledge(state, me)
    found = lacks([redact(e, me) for e in events], me, state.options)
    barred: Barred = slots(found, known.hand_counts, me)
    forecast = 0
    for seat, player in enumerate(state.players):
        if seat == me or not player.hand:
            continue
        forecast += 1
        for deal, bars in zip(DEALS, ((), barred), strict=True):
            rng = random.Random(decision)
            dealt = [guess(known, rng, bars).players[seat].hand for _ in range(guesses)]
            for name, cards in CLASSES.items():
                share = sum(not cards.isdisjoint(h) for h in dealt) / guesses
                truth = not cards.isdisjoint(player.hand)
                totals[name][deal] += _loss(share, truth)
    return forecast


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--guesses", type=int, default=100)
    args = parser.parse_args(argv)
    hands, means = forecast_losses(
        args.games, args.seats, seed=args.seed, every=args.every, guesses=args.guesses
    )
    print(
        f"{args.games} games of {args.seats} sensible bots, {hands} hands forecast: "
        "mean log loss (nats) of whether a hand holds..."
    )
    for name, by in means.items():
        cells = ", ".join(f"{deal} {loss:.3f}" for deal, loss in by.items())
        print(f"  {name}: {cells}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
