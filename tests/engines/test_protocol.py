"""Both engines satisfy the written protocol (games/engines/protocol.py)."""

import inspect

import pytest

import games.engines.classic
import games.engines.deal
from games.engines.classic.bots import judge as classic_judge
from games.engines.deal.bots import judge as deal_judge
from games.engines.plumbing import fold, scenario_lines
from games.engines.protocol import JUDGE_SIGNATURES, SIGNATURES, Engine, Judge

ENGINES = [games.engines.deal, games.engines.classic]


@pytest.mark.parametrize("engine", ENGINES, ids=lambda m: m.__name__)
def test_engine_module_satisfies_the_protocol(engine):
    assert isinstance(engine, Engine)
    for name, params in SIGNATURES.items():
        got = tuple(inspect.signature(getattr(engine, name)).parameters)
        assert got[: len(params)] == params, f"{engine.__name__}.{name}{got}"


# The judges of the reviews, one a kind.
JUDGES = [deal_judge, classic_judge]


@pytest.mark.parametrize("judge", JUDGES, ids=lambda m: m.__name__)
def test_judge_module_satisfies_the_protocol(judge):
    assert isinstance(judge, Judge)
    for name, params in JUDGE_SIGNATURES.items():
        got = tuple(inspect.signature(getattr(judge, name)).parameters)
        assert got[: len(params)] == params, f"{judge.__name__}.{name}{got}"


@pytest.mark.parametrize("engine", ENGINES, ids=lambda m: m.__name__)
def test_every_engine_replays_a_new_game_and_round_trips_it(engine):
    state = engine.new_game(2, 7)
    assert engine.from_json(engine.to_json(state)) == state
    (first,) = engine.awaiting(state)
    move = engine.default_move(state, first.seat)
    assert move in engine.legal_moves(state, first.seat)
    assert isinstance(engine.view(state, first.seat), dict)
    with pytest.raises(ValueError):
        engine.from_json({"type": "NoSuchThing"})


@pytest.mark.parametrize("engine", ENGINES, ids=lambda m: m.__name__)
def test_stored_options_load_even_with_an_option_since_retired(engine):
    options = engine.Options(bot_replaces_leaver=True)
    data = {**engine.to_json(options), "an_option_since_retired": True}
    assert engine.from_json(data) == options
    assert engine.Options.from_json(engine.Options().to_json()) == engine.Options()


@pytest.mark.parametrize("engine", ENGINES, ids=lambda m: m.__name__)
def test_scenarios_read_house_rules_and_refuse_unknown_ones(engine):
    state = engine.scenario("options: bot replaces leaver  # a comment\n")
    assert state.options == engine.Options(bot_replaces_leaver=True)
    with pytest.raises(ValueError, match="No house rule is named no_such_rule"):
        engine.scenario("options: bot_replaces_leaver, no_such_rule")


def test_plumbing_reads_scenario_lines_without_comments_or_blanks():
    text = "seats: 3  # three\n\n   # only a comment\ndraw: #17, 1M\n"
    assert [line for line, _ in scenario_lines(text)] == ["seats: 3", "draw: #17, 1M"]
    assert fold(lambda total, n: total + n, [1, 2, 3], 0) == 6
