"""Observation encoders, one module per game id: `build(players) -> Encoder`."""
