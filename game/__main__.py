"""``python -m game``: the program, as ``python main.py`` (see ``game.cli``)."""

import sys

if __name__ == "__main__":  # (not again in a worker process multiprocessing starts)
    from game.cli import run
    sys.exit(run())
