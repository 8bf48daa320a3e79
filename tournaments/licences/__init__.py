"""EBU event licences (seed 001 chapter 1): an app of its own. The rules and who may
take which step are in ``domain``; the rest maps rows to them and serves pages."""
