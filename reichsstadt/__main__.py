"""`python -m reichsstadt` and the `reichsstadt` command (pyproject's script)."""

import sys


def run() -> None:
    """The command line: cli.main, once its libraries are loaded. A Ctrl-C while they load
    (the first fraction of a second, before cli.main's own handler is in place) ends the
    command as cli.main would, with code 130, not with Python's traceback of an import."""
    try:
        from .cli import main
    except KeyboardInterrupt:
        sys.exit(130)
    main()


if __name__ == "__main__":
    run()
