"""The tournament page's parts that other apps fill in (``members.common.pages``): a note on
the level line, a card before the results (the sanction) and one after them (awards)."""

from members.common.pages import PageParts

TOURNAMENT_PAGE = PageParts("level", "before_results", "after_results")
