"""Parsing our CSV ranking list (tournaments.importers.csv_ranking).

The format is documented in docs/importers.md; every test uses a small inline
text, one per accepted variant and one per refusal.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from tournaments.importers.csv_ranking import (
    PlayerId,
    RankingCsvError,
    RankingList,
    RankingProblem,
    decode_ranking_csv,
    parse_ranking_csv,
)

SWEDISH = """\
# event: Tisdagsparen
# date: 2025-03-04
# kind: pairs
# scoring: matchpoints
# boards: 24
Place;Players;Names;Score;Percentage;Boards
1;12345+23456;Anna Ek - Bo Lind;160,5;66,88;24
2;34567/G:Gast1;Cilla Berg - Per Åhl;150;62,50;24
3=;45678 56789;Dan Ek - Eva Ek;140;58,33;24
3=;67890+78901;Fia Ros - Gun Ros;140;58,33;24
5;11111+22222;Hans Al - Ida Al;100;41,67;22
"""


def _problems(text: str) -> list[tuple[int, str, str]]:
    with pytest.raises(RankingCsvError) as caught:
        parse_ranking_csv(text)
    return [(p.line, p.field, p.message) for p in caught.value.problems]


def _lines_and_fields(text: str) -> list[tuple[int, str]]:
    return [(line, field) for line, field, _ in _problems(text)]


# -- accepted


def test_swedish_list_with_metadata_semicolons_and_decimal_comma():
    ranking = parse_ranking_csv(SWEDISH, filename="tisdag.csv")
    assert isinstance(ranking, RankingList)
    assert ranking.filename == "tisdag.csv"
    assert ranking.event == "Tisdagsparen"
    assert ranking.date == date(2025, 3, 4)
    assert ranking.kind == "pairs" and ranking.scoring == "matchpoints"
    assert ranking.boards == 24
    first, second, third, fourth, fifth = ranking.entries
    assert first.line == 7
    assert first.place == first.place_to == 1 and not first.shared
    assert first.players == (PlayerId(mid=12345), PlayerId(mid=23456))
    assert first.names == "Anna Ek - Bo Lind"
    assert first.score == Decimal("160.5") and first.percentage == Decimal("66.88")
    assert first.boards == 24
    assert second.players == (PlayerId(mid=34567), PlayerId(guest="Gast1"))
    assert second.players[1].is_guest and str(second.players[1]) == "G:Gast1"
    assert second.names == "Cilla Berg - Per Åhl"
    assert (third.place, third.shared, fourth.place, fourth.shared) == (3, True, 3, True)
    assert third.players == (PlayerId(mid=45678), PlayerId(mid=56789))
    assert fifth.place == 5 and fifth.boards == 22


def test_byte_order_mark_and_windows_1252_are_read():
    assert parse_ranking_csv("\ufeff" + SWEDISH).event == "Tisdagsparen"
    assert decode_ranking_csv(b"\xef\xbb\xbfplace") == "place"
    assert decode_ranking_csv("Åhl".encode()) == "Åhl"
    assert decode_ranking_csv("Åhl".encode("cp1252")) == "Åhl"
    ranking = parse_ranking_csv(decode_ranking_csv(SWEDISH.encode("cp1252")))
    assert ranking.entries[1].names == "Cilla Berg - Per Åhl"


def test_comma_separated_with_quoted_decimal_comma_and_no_metadata():
    text = 'PLACE,players,score\n1,1001+1002,"52,5"\n2,1003+1004,47.5\n'
    ranking = parse_ranking_csv(text)
    assert ranking.kind == "pairs" and ranking.event is None and ranking.date is None
    assert [e.score for e in ranking.entries] == [Decimal("52.5"), Decimal("47.5")]
    assert [e.line for e in ranking.entries] == [2, 3]


def test_tab_separated_mid_columns_for_teams():
    text = (
        "# kind: teams\n"
        "# scoring: imps\n"
        "place\tmid1\tmid2\tmid3\tmid4\tmid5\tscore\n"
        "1\t1\t2\t3\t4\t5\t12\n"
        "2\t6\t7\t8\t9\t\t-12\n"
    )
    ranking = parse_ranking_csv(text)
    assert ranking.kind == "teams" and ranking.scoring == "imps"
    assert [len(e.players) for e in ranking.entries] == [5, 4]
    assert ranking.entries[1].score == Decimal("-12")


def test_individual_list():
    text = "# kind: individual\nplace;players;percentage\n1;501;60\n2;G:Eva;40\n"
    ranking = parse_ranking_csv(text)
    assert [e.players for e in ranking.entries] == [(PlayerId(mid=501),), (PlayerId(guest="Eva"),)]


def test_mitchell_is_ranked_per_section_and_direction():
    text = (
        "section;direction;place;players;percentage\n"
        "A;NS;1;1+2;60\n"
        "A;NS;2;3+4;40\n"
        "A;EW;1;5+6;55\n"
        "A;E-W;2;7+8;45\n"
        "B;NS;1;9+10;50\n"
    )
    entries = parse_ranking_csv(text).entries
    assert [(e.section, e.direction, e.place) for e in entries] == [
        ("A", "NS", 1),
        ("A", "NS", 2),
        ("A", "EW", 1),
        ("A", "EW", 2),
        ("B", "NS", 1),
    ]


def test_shared_place_range():
    text = "place,players,score\n1,1+2,10\n2-3,3+4,8\n2-3,5+6,8\n4,7+8,5\n"
    entries = parse_ranking_csv(text).entries
    assert [(e.place, e.place_to, e.shared) for e in entries] == [
        (1, 1, False),
        (2, 3, True),
        (2, 3, True),
        (4, 4, False),
    ]


# -- refused, each with its line and field


def test_score_rising_with_the_place_is_refused():
    text = "place;players;score\n1;1+2;50\n2;3+4;60\n"
    assert _problems(text) == [
        (3, "score", "place 2 has a higher score (60) than place 1 (50, line 2)")
    ]


def test_shared_place_needs_equal_scores():
    text = "place;players;score\n1=;1+2;50\n1=;3+4;49\n3;5+6;10\n"
    assert _problems(text) == [
        (
            3,
            "score",
            "shared place 1 needs equal scores, but 49 differs from 50 on line 2",
        )
    ]


def test_equal_scores_must_share_a_place():
    text = "place;players;percentage\n1;1+2;50\n2;3+4;50\n"
    assert _problems(text) == [
        (
            3,
            "percentage",
            "percentage 50 equals that of place 1 (line 2), so the two share a place",
        )
    ]


def test_place_given_twice_without_sharing():
    text = "place;players\n1;1+2\n1;3+4\n"
    assert _lines_and_fields(text) == [(3, "place")]
    assert "a shared place is written 1= or 1-2" in _problems(text)[0][2]


def test_places_must_count_the_entries_above():
    text = "place;players;score\n1;1+2;9\n3;3+4;8\n"
    assert _problems(text) == [(3, "place", "place 3 should be 2: 1 entry is placed above it")]
    shared = "place;players;score\n1=;1+2;9\n1=;3+4;9\n2;5+6;8\n"
    assert _problems(shared) == [(4, "place", "place 2 should be 3: 2 entries are placed above it")]


def test_shared_place_alone_and_wrong_range():
    assert _problems("place;players\n1=;1+2\n2;3+4\n") == [
        (2, "place", "place 1= is marked shared, but no other entry has that place")
    ]
    text = "place;players;score\n1-3;1+2;5\n1-3;3+4;5\n3;5+6;4\n"
    assert _lines_and_fields(text) == [(2, "place"), (3, "place")]
    assert "is shared by 2 entries, so it is 1-2" in _problems(text)[0][2]


def test_percentage_outside_0_to_100():
    text = "place;players;percentage\n1;1+2;100,5\n2;3+4;-1\n"
    assert _lines_and_fields(text) == [(2, "percentage"), (3, "percentage")]


def test_player_twice_in_the_list():
    text = "place;players\n1;1+2\n2;3+1\n3;G:Ann+4\n4;5+G:ann\n"
    problems = _problems(text)
    assert problems[0] == (3, "players", "player 1 is already in the list on line 2")
    # Guest ids are case-sensitive tags; G:Ann and G:ann are two guests.
    assert len(problems) == 1


def test_missing_players():
    assert _problems("place;players;score\n1;;10\n") == [(2, "players", "no players are given")]
    assert _problems("place;mid1;mid2\n1;;\n") == [(2, "mid", "no players are given")]


def test_bad_numbers_are_reported_with_their_field():
    text = "place;players;score;percentage;boards\n1;1+2;1.234,5;5O;x\n"
    assert _lines_and_fields(text) == [(2, "score"), (2, "percentage"), (2, "boards")]


def test_bad_place_and_bad_player_ids():
    text = "place;players\nfirst;1+2\n0;3+4\n2;Anna+5\n3;0+6\n"
    problems = _problems(text)
    assert [(line, field) for line, field, _ in problems] == [
        (2, "place"),
        (3, "place"),
        (4, "players"),
        (5, "players"),
    ]
    assert problems[2][2] == "'Anna' is neither a MID (digits) nor a guest id such as G:Anna"


def test_wrong_number_of_players_for_the_kind():
    assert _problems("place;players\n1;1+2+3\n") == [
        (2, "players", "3 player(s) given; a pair entry has 2 players")
    ]
    assert _lines_and_fields("# kind: individual\nplace;players\n1;1+2\n") == [(3, "players")]


def test_boards_more_than_the_event_had():
    text = "# boards: 24\nplace;players;boards\n1;1+2;26\n"
    assert _problems(text) == [(3, "boards", "26 boards played, but the event had 24")]


def test_bad_direction():
    assert _lines_and_fields("place;players;direction\n1;1+2;North\n") == [(2, "direction")]


def test_header_problems():
    assert _lines_and_fields("place;players;club\n1;1+2;BK\n") == [(1, "club")]
    assert _lines_and_fields("players;score\n1+2;3\n") == [(1, "place")]
    assert _lines_and_fields("place;score\n1;3\n") == [(1, "players")]
    assert _lines_and_fields("place;players;mid1\n1;1+2;3\n") == [(1, "players")]
    assert _lines_and_fields("place;Place;players\n1;1;1+2\n") == [(1, "place")]


def test_no_header_or_no_rows():
    assert _problems("# event: x\n") == [(1, "", "no header row (place, players, ...) was found")]
    assert _problems("place;players\n") == [
        (1, "", "the ranking list has no entries below the header")
    ]


def test_metadata_problems():
    text = (
        "# event: A\n"
        "# evnet: B\n"
        "# date: 4/3/2025\n"
        "# kind: couples\n"
        "# scoring: butler\n"
        "# boards: many\n"
        "# event: C\n"
        "place;players\n"
        "1;1+2\n"
    )
    assert _lines_and_fields(text) == [
        (2, "metadata"),
        (3, "date"),
        (4, "kind"),
        (5, "scoring"),
        (6, "boards"),
        (7, "event"),
    ]


def test_every_problem_is_collected_in_one_pass():
    text = "place;players;score;percentage\n1;1+2;50;101\n1;3+2;60;50\nx;7+8;;\n4;9;abc;\n"
    with pytest.raises(RankingCsvError) as caught:
        parse_ranking_csv(text, filename="club.csv")
    problems = caught.value.problems
    assert all(isinstance(p, RankingProblem) for p in problems)
    assert [(p.line, p.field) for p in problems] == [
        (2, "percentage"),
        (3, "place"),
        (3, "players"),
        (4, "place"),
        (5, "players"),
        (5, "score"),
    ]
    assert str(problems[0]) == "line 2, percentage: percentage 101 is not within 0-100"
    assert "club.csv line 4, place: place 'x'" in str(caught.value)
