"""heart_of_five: its table, pages, layout and guide (the game's own scene code)."""
