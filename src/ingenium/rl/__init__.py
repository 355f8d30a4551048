"""Research interfaces: PettingZoo AEC, Gymnasium and OpenSpiel (install `ingenium[rl]`).

Each is a thin adapter over the engine contract; import the submodule you need:
`ingenium.rl.pettingzoo_env`, `ingenium.rl.gym_env`, `ingenium.rl.openspiel_game`.
"""
