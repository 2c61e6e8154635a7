"""Ursuppe Companion: the referee's laptop and the players' phones beside a real game."""

__version__ = "0.1.0"
