"""The rules of Inventions, one module per part of the rulebook, in its order:

- `setup.py`: Setup (main board, Wealth and Progress tiles, Society boards);
- `stone_age.py`: Stone Age (Setup Round);
- `round.py`: Playing a Round, Taking Your Turn (steps 1-2; steps 3-4 queued), Next Round;
- `actions/`: The Actions: `perform.py` (Perform the Action, Chain Actions, free actions, Culture
  and Technology tiles after an action), `core.py` (Present an Idea, Invent, Innovate, Share an
  Invention), `citizens.py` (Call Specialists, Gain Influence, Travel), `milestones.py`
  (Eureka, Send Diplomat, Call Diplomat);
- `tiles.py`: Aspiration Tiles, Step 3, Step 4 and the Economy tiles;
- `era_change.py`: Era Change; `final_scoring.py`: End of the Game, Era 6: Final Scoring;
- `chronos.py` (2-Player Rules: Setup, How to Play, Chronos' turn) and `chronos_era_change.py`
  (Alterations to Era Change);
- shared by all: `key_concepts.py` (the table movements of the Key Concepts), `conditions.py`
  (pure questions: what can be done where, who has access), `payment.py` (paying with
  citizens, Key Concepts F-H), `iconography.py` (the one interpreter of printed benefits).

Each rule function changes the table and the pending stack (`steps.py`); `machine.py` says
which function handles which pending step.
"""
