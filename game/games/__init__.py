"""Each game's scene code, one folder a game: its table, dialogs and pages, layout, guide."""
