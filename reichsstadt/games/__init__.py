"""The three games; each package imports reichsstadt.core and nothing else of the project."""
