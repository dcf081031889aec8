"""The site's engines as research environments: PettingZoo AEC adapters for
Monopoly Deal and classic Monopoly (`research.env`), an optional extra
(`pip install .[env]`). Nothing in the site imports this package."""
