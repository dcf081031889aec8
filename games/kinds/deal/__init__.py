"""Monopoly Deal on the site: its registry entry (`entry.DEAL`), the table's
presenter (`table`), forms posted as engine JSON (`posted`), standing answers
(`standing`) and the end-of-game chart (`chart`)."""
