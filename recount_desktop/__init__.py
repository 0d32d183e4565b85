"""Recount Desktop: precinct tallies, recount triggers, tally sheets and the canvassers' report."""

__version__ = "0.1.0"
