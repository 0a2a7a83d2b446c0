"""Pure game rules: no pygame, no I/O, no global random.

Every engine is deterministic from a seed; a game is its seed plus its action list.
"""
