"""Batch simulation between bots and its statistics."""

from ingenium.sim.runner import BACKENDS, GameResult, Job, play_game, run_jobs, simulate
from ingenium.sim.stats import SeatSummary, Summary, summarize, wilson_interval

__all__ = ["BACKENDS", "GameResult", "Job", "SeatSummary", "Summary", "play_game", "run_jobs",
           "simulate", "summarize", "wilson_interval"]
