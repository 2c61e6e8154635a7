"""The Urland rules engine (002): a pure functional core, one module per rule area.

Public API: `new_game`, `legal_actions`, `apply`, `replay`, `prompt`, `project`, `chance`,
`from_shuffle`, `to_dict`, `from_dict`; `URLAND` implements the shell's game interface.
"""
