"""The table kit: what every card table shares, so that a game is an engine, a layout and a
thin scene.

- ``places``: seats 1-8 round the table, hand fans, the field grid, capture piles grouped by
  kind, card sizes as large as the window allows (``SeatedLayout``; ``FishingLayout`` adds
  the field with its stock, the message line and the panel of the fishing games);
- ``base``: ``CardTable``, the scene: sprites, engine events -> animations through one
  mapping, ``after_action()`` for autosave, replay, the frame's update, computer seats, the game
  log, statistics; the parts it holds: ``seating`` (``seats.Seats``), ``ai``
  (``scheduler.Scheduler``: one background worker for computer seats, coach and solver),
  ``coaching`` (``coach.Coaching``), ``input`` (``input.TableInput``: one input policy during
  animation, drag and drop hooks, keyboard focus), ``drawing`` (``drawing.TableDrawing``: the
  frame, kept layers, last-move marks, display settings, warmed faces), ``steps`` (a kit's
  event steps) and ``guide_hooks`` (``guide_hooks.GuideHooks``); ``opening``: how it opens;
- ``fishing``: ``FishingTable``, hands, field, piles and stock of the fishing games (its view,
  ``fishing_view.FishingView``), with its parts' kinds: ``fishing_steps``, ``fishing_input``,
  ``fishing_drawing``, ``fishing_guide``; ``climbing``: ``ClimbingTable`` and its parts;
- ``computer``: ``ComputerSeats``, every computer seat, a client of the scheduler;
- ``coach``: the coach (H or Hint at a human seat's decision: what the Hard level would do,
  with its estimates, searched by the scheduler's worker) and the coached flag;
- ``dialogs``: choices that leave the cards in view, the hand-over, result pages, the log;
- ``panel``: ``PanelLine`` and ``PanelPainter``, the info panel measured, fitted and painted;
- ``caches``: ``FaceWarmer`` and ``Layers``; ``names``: cards, months and yaku by the names
  players read, one name per yaku across games (docs/names.md).

Adding a table: subclass ``CardTable`` (or ``FishingTable``, ``ClimbingTable``), give it a
layout (a ``SeatedLayout`` subclass), implement ``places()``, name its parts' kinds
(``INPUT``, ``DRAWING``, ``STEPS``, ``GUIDE_HOOKS``) where the kit's do not fit, add its event
kinds to ``EVENT_STEPS``, and name it in the game's entry of the registry, ``game.catalog``
(``table="game.games.<id>.table:<Table>"``): nothing else lists tables.
"""
