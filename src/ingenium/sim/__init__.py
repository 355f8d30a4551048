"""Batch simulation between bots, its statistics, ladders and reports."""

from ingenium.sim.accumulate import Accumulator, summarize
from ingenium.sim.runner import (
    BACKENDS,
    GameResult,
    Job,
    play_game,
    play_jobs,
    run_jobs,
    simulate,
)
from ingenium.sim.stats import BotSummary, SeatSummary, Summary, wilson_interval

__all__ = ["BACKENDS", "Accumulator", "BotSummary", "GameResult", "Job", "SeatSummary", "Summary",
           "play_game", "play_jobs", "run_jobs", "simulate", "summarize", "wilson_interval"]
