"""The table kit: what every card table shares, so that a game is an engine, a layout and a
thin scene.

- ``places``: seats 1-8 round the table, hand fans, the field grid, capture piles grouped by
  kind, card sizes as large as the window allows (``SeatedLayout``; ``FishingLayout`` adds
  the field with its stock, the message line and the panel of the fishing games);
- ``base``: ``CardTable``, the scene: sprites, engine events -> animations through one
  mapping, ``after_action()`` for autosave, replay, the frame's update, computer seats, the game
  log, statistics; its parts ``input`` (``CardTableInput``: one input policy during animation,
  drag and drop hooks, keyboard focus) and ``drawing`` (``CardTableDrawing``: the frame, kept
  layers, last-move marks, display settings, warmed faces);
- ``fishing``: ``FishingTable``, hands, field, piles and stock of the fishing games, made of
  ``fishing_view`` (``FishingView``, ``FishingBase``: the view and where each card goes),
  ``fishing_steps`` (engine events -> steps), ``fishing_input`` and ``fishing_drawing``;
- ``computer``: ``ComputerSeats``, one worker for every computer seat;
- ``coach``: the coach (H or Hint at a human seat's decision: what the Hard level would do,
  with its estimates, searched in a worker of its own) and the coached flag;
- ``dialogs``: choices that leave the cards in view, the hand-over, result pages, the log;
- ``panel``: ``PanelLine`` and ``PanelPainter``, the info panel measured, fitted and painted;
- ``caches``: ``FaceWarmer`` and ``Layers``; ``names``: cards, months and yaku by the names
  players read, one name per yaku across games (docs/names.md).

Adding a table: subclass ``CardTable`` (or ``FishingTable``), give it a layout (a
``SeatedLayout`` subclass), implement ``places()``, its input and drawing hooks, add its event
kinds to ``EVENT_STEPS``, and name it in the game's entry of the registry, ``game.catalog``
(``table="game.games.<id>.table:<Table>"``): nothing else lists tables.
"""
