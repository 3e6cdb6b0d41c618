"""The games the project ships, apart from any plug-in game installed beside them (whose
phases, options and length the project's game-specific tests know nothing of)."""

from importlib.metadata import entry_points

BUNDLED = sorted(ep.name for ep in entry_points(group="reichsstadt.games") if ep.value.startswith("reichsstadt.games."))
