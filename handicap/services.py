"""Handicap services. The handicap algorithm comes with its own issue; until then
the pipeline's handicap step does nothing."""


def update_handicaps_for(tournament) -> None:
    return None
