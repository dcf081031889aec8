from dataclasses import fields

from games.engines.deal import OPTION_LABELS, Options, new_game, view


def test_every_house_rule_is_off_by_default_and_has_a_label():
    options = Options()
    for f in fields(Options):
        if f.type is bool or f.type == "bool":
            assert getattr(options, f.name) is False
            assert OPTION_LABELS[f.name].endswith(".")
    assert options.max_missed_deadlines == 3


def test_options_are_recorded_in_the_state_and_shown_on_the_table():
    options = Options(bot_replaces_leaver=True, max_missed_deadlines=5)
    s = new_game(2, seed=0, options=options)
    assert s.options == options
    assert view(s, 0)["options"]["bot_replaces_leaver"] is True
    assert view(s, 0)["options"]["max_missed_deadlines"] == 5


def test_options_round_trip_and_ignore_unknown_keys():
    options = Options(wild_move_costs_play=True, buildings_to_full_set=True)
    assert Options.from_json(options.to_json()) == options
    assert Options.from_json({"no_such_rule": True}) == Options()
