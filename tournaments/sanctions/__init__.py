"""Silver and gold sanctions (seed 000 chapters 4-5): an app of its own. The rules and
who may take which step are in ``domain``; the rest maps rows to them and serves pages."""
