"""Civolution's rules, one module per rulebook section (setup, the phases, the modules)."""
