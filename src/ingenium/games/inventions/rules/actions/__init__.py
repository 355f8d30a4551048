"""The Actions, by family: performing any action (`perform.py`), the core actions
(`core.py`), the actions on citizens on the map (`citizens.py`) and the Milestone actions
(`milestones.py`)."""
