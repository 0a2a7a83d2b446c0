"""The scenes: menus, setup, settings, statistics, dialogs, and (later) one per game."""
