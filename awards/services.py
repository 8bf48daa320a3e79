"""Master points services. The award engine comes with its own issue; until then
the pipeline's award and ranking steps do nothing."""


def award_tournament(tournament) -> None:
    return None


def refresh_rankings_for(tournament) -> None:
    return None
