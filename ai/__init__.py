"""Computer opponents. They read only ``observation(seat)``, never hidden cards."""
