"""The rules of Legendary Inventors, by the rules summary's sections:

- `setup.py`: Basics (teams, decks and bags);
- `gameplay.py`: Gameplay 1-2 (a turn: use an inventor on an invention, or refresh);
  `inventors.py`: the inventor cards and the squares their knowledge fills;
- `completion.py`: Gameplay 3 (a completed invention and its bonuses);
- `bonus_tokens.py`: Bonus Tokens; `ages.py`: the three ages and the last token plays;
- `scoring.py`: Scoring.
"""
