"""A board-a-match team series in the SBF rulebook: board points have no VP scale (seed
004 line 170: each board won 1, tied ½), so a match is won on more board points and
drawn on equal ones (the office's reading of "vunnen match", docs/awards-teams.md)."""

from decimal import Decimal as D

from awards.domain.core import Colour, Competition, Match, Placing, Player
from awards.domain.sbf.teams import award_team_competition


def _players(entry: str) -> tuple[Player, ...]:
    return tuple(Player(id=f"{entry}{n}") for n in range(1, 5))


def _series(bam: bool, home_points: str, away_points: str) -> Competition:
    placings = tuple(Placing(e, n, n, _players(e)) for n, e in enumerate("ABCD", start=1))
    matches = (
        Match(1, "A", "B", 24, D(home_points), D(away_points)),
        Match(2, "C", "D", 24, D(12), D(12)),
    )
    options = (("board_a_match", True),) if bam else ()
    return Competition(
        "teams", Colour.BRONZE, placings, boards=48, table="B2", matches=matches,
        options=options,
    )  # fmt: skip


def test_more_board_points_win_and_equal_ones_draw():
    outcome = award_team_competition(_series(True, "13.5", "10.5"))
    by_player = {a.player: a for a in outcome.awards}
    won, drawn = by_player["A1"].credited, by_player["C1"].credited
    assert won > drawn > 0  # C-D 12-12 on 24 boards: a draw
    assert "B1" not in by_player or by_player["B1"].credited - by_player["B1"].bonus == 0


def test_without_the_fact_board_points_are_no_known_vp_scale():
    outcome = award_team_competition(_series(False, "13.5", "10.5"))
    assert not outcome.awards
    assert outcome.no_award is not None and "Unknown VP scale" in outcome.no_award.en
