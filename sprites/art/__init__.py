"""Drawing code for the card art: SVG helpers, palette, lettering, shared motifs and the
hanafuda drawings by month. Public entry points are in :mod:`sprites.faces`."""
