"""Development tools: benchmarks, strength runs, the score fit, the load
harness (`bench.load`) and the commands that make their data.

Nothing under `games/`, `accounts/` or `mdeal_site/` imports this package
(tests/test_layers.py holds it); the method and history of the figures they
print are in docs/.
"""
