"""Research adapters (optional extra: `pip install 'reichsstadt[research]'`).

- `encoding`: the fixed-length NumPy encoding of a seat's view, per game and player
  count, declared slice by slice (docs/research.md lists every entry);
- `pettingzoo`: `env(game_id, players)`, a PettingZoo AEC env;
- `openspiel`: every game registered with OpenSpiel as `reichsstadt_<id>`;
- `gymnasium`: `ReichsstadtEnv`, one seat against bots (`reichsstadt/<id>-v0`).

The adapters read the contract (`reichsstadt.core`) and the views only; import the one
you need (each imports its own library)."""


def missing_extra(exc: ModuleNotFoundError) -> ModuleNotFoundError:
    """A library the research extra installs is missing: the same error, saying how to
    install it (an adapter's module raises this from its own imports)."""
    return ModuleNotFoundError(f"{exc.msg}: reichsstadt's research adapters need the research extra "
                               f"(pip install 'reichsstadt[research]')", name=exc.name)
