"""Benchmarks: engine speed and bot strength (run as scripts, see each module)."""
