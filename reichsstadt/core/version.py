"""The project's version, written once: pyproject.toml reads it (setuptools' dynamic
version) and every record stamps it."""

__version__ = "0.3.0"
