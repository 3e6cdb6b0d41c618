"""The three games; each package imports reichsstadt.core and nothing else of the project.
They are found through the entry points in pyproject.toml (group "reichsstadt.games")."""
