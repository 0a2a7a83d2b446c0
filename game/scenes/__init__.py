"""The app's screens: title menu, setup, pause, settings, statistics, rules reference, gallery.

Each game's own scene code (its table, pages, layout, guide) is in ``game.games.<id>``.
"""
