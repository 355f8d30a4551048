"""Solo Mode (rulebook: Solo Mode): one civilization against V.I.C.I, an automated rival that
follows its action cards, registered as one player with the difficulty level as the variant:
setup.py builds the table, turn.py plays V.I.C.I's Action-phase turn, phases.py and flow.py
its parts of phases 2, 4 and 6, territory.py where it acts."""
