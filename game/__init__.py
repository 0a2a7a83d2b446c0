"""The pygame side of Hanafuda Parlor: app loop, scenes, widgets, persistence."""
