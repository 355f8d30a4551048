"""The rules of Civolution, one module per part of the rulebook, in its order:

- `setup.py`: Setup (boards, displays, the continent, the consoles, the starting tribes), with
  the starting cards by Option A (`starting_a.py`) or Option B (`starting_b.py`, advanced);
- `flow.py`: How to Play, the era loop of eight phases over four eras, then the final scoring;
- the phases: `new_cards.py` (1 New cards), `new_goals.py` (2 New goals), `extra_find.py`
  (3 Extra find), `action_phase.py` (4 Action phase: turns, Do a Reset, its end),
  `sites.py` (5 Site phase and The Sites), `feeding.py` (6 Feeding), `event_phase.py`
  (7 Event phase: weather, event, era scoring, the starting monolith), `income.py` (8 Income);
- the Action phase's turn: `activation.py` (Activating a module, the Sleep module, focus
  markers), `attributes.py` (attribute chips at any time in your turn);
- The Modules, as actions of the effect vocabulary: `tribes.py` and `tribe_actions.py`
  (Migration, Procreation, strengthening, removing tribes), `materials.py` (Production,
  Transport, hunts, lucky finds, Trade), `building.py` (Building: the four projects and the
  Building grounds), `exploration.py` (Exploration's sites, Research's secret draws),
  `gains.py` (gains and costs: dice, research cards, goal chips, progress tracks),
  `improvements.py` (favor tests, planning, feature markers, upgrades, stage tiles),
  `install.py`, `partition.py` and `payment.py` (installing research cards and goal chips on
  the stage partition, paying their costs), `console_actions.py` (income-chip actions and
  activities), `site_actions.py` (Hidden grotto, Holy rock), `abilities.py` (installed
  abilities), `research.py` (the research display);
- End of the Game's notes: `supply.py` (the marker supply, replenishing);
- shared by all: `common.py` (questions about the continent and the consoles),
  `requirements.py` (counting what a civilization has), `interpreter.py` (the effect lists'
  ids, the `Action` and `EffectRule` records an action family declares, the steps it pushes)
  and `vocabulary.py` (the one table of every family's `ACTIONS` and `EFFECTS`, `can_do`, and
  the interpreter's steps that walk effect lists);
- `solo/`: the Solo Mode, V.I.C.I (setup, its turn, its territory actions, its phases).

Each rule function changes the table and the pending stack (`steps.py`); `machine.py` says
which function handles which pending step. An action family declares its actions and effect
rules as module constants (`ACTIONS`, `EFFECTS`) and registers nothing: `vocabulary.py` lists
every family's.
"""
