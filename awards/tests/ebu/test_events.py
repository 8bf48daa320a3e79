"""One EBU event's awards player by player (awards.domain.ebu.events): the same scale as
the calculator, per direction for a Mitchell, ties from the standings, a third of the
boards (3.3.2) and players without standing (2.10) left out."""

from decimal import Decimal
from fractions import Fraction

from awards.domain.core import Placing, Player
from awards.domain.ebu.core import EbuOptions
from awards.domain.ebu.events import event_awards, tables_of, ties_of


def pair(direction: str, place: int, place_to: int | None = None, **player) -> Placing:
    entry = f"{direction}{place}"
    return Placing(
        entry=entry,
        place=place,
        place_to=place_to or place,
        players=(Player(f"{entry}a", **player), Player(f"{entry}b")),
        direction=direction,
    )


def mitchell(tables: int, tie: tuple[int, int] | None = None) -> list[Placing]:
    placings = []
    for direction in ("NS", "EW"):
        for place in range(1, tables + 1):
            shared = tie and direction == "NS" and tie[0] <= place < tie[0] + tie[1]
            placings.append(
                pair(
                    direction, tie[0] if shared else place, tie[0] + tie[1] - 1 if shared else None
                )
            )
    return placings


def points_by_player(awards) -> dict[str, Decimal]:
    return {award.player: award.points for award in awards}


def test_a_club_mitchell_of_16_tables_pays_each_direction_60_to_10():
    # 4.1.6(b), lines 2124-2126: Mitchell, 18-35 boards: 60, 50, 40 etc to 10 in each
    # direction; 3.3.1: every award is per player.
    options = EbuOptions(movement="two-winner", boards=24)
    awards, result = event_awards(mitchell(16), options)
    got = points_by_player(awards)
    assert len(awards) == 2 * 6 * 2
    for direction in ("NS", "EW"):
        assert [got[f"{direction}{place}a"] for place in range(1, 7)] == [60, 50, 40, 30, 20, 10]
        assert got[f"{direction}1b"] == 60 and f"{direction}7a" not in got
    assert result.scale == "A" and all(a.kind == "local" for a in awards)
    assert awards[0].reason.en == "Scale A, factor 1, place 1, direction EW"


def test_a_tie_in_the_standings_shares_the_places_it_covers():
    # 3.5.1 example (a), lines 1848-1852: 15 tables, a tie for 4th: 20 and 10 become 15.
    awards, _ = event_awards(mitchell(15, tie=(4, 2)), EbuOptions(movement="two-winner", boards=24))
    got = points_by_player(awards)
    assert got["NS4a"] == got["NS4b"] == 15
    assert got["EW4a"] == 20 and got["EW5a"] == 10  # the other direction is untouched
    assert ties_of(mitchell(15, tie=(4, 2))) == ((4, 2),)


def test_a_howell_of_32_pairs_pays_eleven_places_66_to_6():
    # 4.1.6(b): Howell, 16 tables: 66, 60, 54 ... 12, 6 overall (11 awards).
    placings = [pair("", place) for place in range(1, 33)]
    assert tables_of("single-winner", placings) == 16
    awards, _ = event_awards(placings, EbuOptions(movement="single-winner", boards=24))
    got = points_by_player(awards)
    assert [got[f"{p}a"] for p in range(1, 12)] == [66, 60, 54, 48, 42, 36, 30, 24, 18, 12, 6]


def test_a_player_short_of_a_third_of_the_boards_or_without_standing_gets_nothing():
    # 3.3.2, lines 1780-1789: a team of six, 27 boards: 9 is a third, 8 is not.
    team = Placing(
        entry="T1",
        place=1,
        place_to=1,
        players=(
            Player("full"),
            Player("nine", boards_played=9),
            Player("eight", boards_played=8),
            Player("guest", entitled=False),  # 2.10: playing without standing
        ),
    )
    others = [
        Placing(entry=f"T{n}", place=n, place_to=n, players=(Player(f"p{n}"),)) for n in range(2, 9)
    ]
    awards, _ = event_awards([team, *others], EbuOptions(movement="teams", boards=27))
    got = points_by_player(awards)
    assert {"full", "nine"} <= set(got) and "eight" not in got and "guest" not in got
    # 8 teams, 18-35 boards: the top third, three places, 30, 20, 10 (Scale A).
    assert [got["full"], got["p2"], got["p3"]] == [30, 20, 10] and "p4" not in got


def test_a_blue_pointed_event_pays_hundredths_of_the_local_scale():
    # 5.4.1, lines 3970-3975: 100 local = 1 blue.
    awards, result = event_awards(
        mitchell(16), EbuOptions(movement="two-winner", boards=24, colour="blue")
    )
    assert result.colour == "blue"
    assert points_by_player(awards)["NS1a"] == Decimal("0.60")


def test_a_field_too_small_pays_nobody_and_says_why():
    # 3.1.1, lines 1686-1708: a two-winner event needs 5 full tables.
    awards, result = event_awards(mitchell(4), EbuOptions(movement="two-winner", boards=24))
    assert awards == () and result.why is not None and "5" in result.why.en
    assert tables_of("two-winner", mitchell(4)) == Fraction(4)
