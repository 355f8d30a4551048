"""Solo Mode (rulebook: Solo Mode): one civilization against V.I.C.I, an automated rival that
follows its action cards. Not registered yet (the game's min_players stays 2): setup.py builds
the table, turn.py plays V.I.C.I's Action-phase turn; the other phases are still to come."""
