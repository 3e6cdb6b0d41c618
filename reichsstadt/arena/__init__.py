"""Many games at once: simulation, tournaments, statistics, benchmarks."""
