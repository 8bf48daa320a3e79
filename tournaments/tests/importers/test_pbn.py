"""Parsing PBN 2.1 (tournaments.importers.pbn).

The PBN reference test files in ../shared/fixtures/pbn (through the
``shared_fixtures`` fixture): the correct ones parse, and every deliberate
error in the error files is reported at its line. Small inline texts pin the
rest down.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from tournaments.domain.contract import (
    Contract,
    Doubling,
    PassedOut,
    Seat,
    Strain,
    Vulnerability,
)
from tournaments.importers.pbn import (
    Hand,
    PbnError,
    PbnFile,
    PbnProblem,
    decode_pbn,
    parse_pbn,
)


def _read(shared_fixtures: Path, name: str) -> str:
    return decode_pbn((shared_fixtures / "pbn" / name).read_bytes())


def _parse(shared_fixtures: Path, name: str) -> PbnFile:
    return parse_pbn(_read(shared_fixtures, name), filename=name)


def _problems(shared_fixtures: Path, name: str) -> tuple[PbnProblem, ...]:
    with pytest.raises(PbnError) as caught:
        _parse(shared_fixtures, name)
    return caught.value.problems


def _board(games: tuple, line: int):
    return next(game for game in games if game.line == line)


# -- the correct reference files


@pytest.mark.parametrize(
    ("name", "games"),
    [
        ("pbnstandard_correct_10.pbn", 31),
        ("pbnstandard_correct_20.pbn", 46),
        ("pbnstandard_correct_21.pbn", 2),
    ],
)
def test_correct_reference_files_parse_without_problems(shared_fixtures, name, games):
    parsed = _parse(shared_fixtures, name)
    assert len(parsed.games) == games
    assert parsed.warnings == ()
    assert parsed.filename == name


def test_correct_10_first_game_is_read_into_typed_fields(shared_fixtures):
    game = _parse(shared_fixtures, "pbnstandard_correct_10.pbn").games[0]
    assert game.event == "International Amsterdam Airport Schiphol Bridgetournament"
    assert game.site == "Amsterdam, The Netherlands NLD"
    assert game.date == date(1995, 6, 10)
    assert game.board == 1
    assert game.dealer is Seat.NORTH
    assert game.vulnerable is Vulnerability.NONE
    assert game.deal is not None and game.deal.is_complete
    assert game.deal.north == Hand("", "63", "AKQ987", "A9732")
    assert game.deal.hand(Seat.WEST) == Hand("KQT2", "AT", "J6542", "85")
    assert str(game.deal).startswith("N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 ")
    assert game.declarer is Seat.SOUTH and not game.declarer_irregular
    assert game.contract == Contract(5, Strain.HEARTS, Doubling.DOUBLED)
    assert game.result == 9
    assert game.tag("West") == "Podgor"
    auction = game.auction
    assert auction is not None and auction.complete
    assert auction.first is Seat.NORTH
    assert auction.calls[:4] == ("1D", "1S", "3H", "4S")
    assert auction.contract == game.contract
    assert auction.declarer is Seat.SOUTH
    play = game.play
    assert play is not None and play.leader is Seat.WEST
    assert play.tricks[0] == ("SK", "H3", "S4", "S3")
    assert play.tricks[-1] == (None, None, None, "H2")


def test_correct_10_partial_deal_and_irregular_game(shared_fixtures):
    games = _parse(shared_fixtures, "pbnstandard_correct_10.pbn").games
    partial = games[1]
    assert partial.deal is not None and not partial.deal.is_complete
    assert partial.deal.west is None and partial.deal.east is None
    assert partial.result == 9  # "NS 9 EW 4", South declares
    irregular = games[2]
    assert irregular.declarer is Seat.SOUTH and irregular.declarer_irregular
    assert irregular.result == 5 and irregular.result_irregular
    # ^S takes a turn: North, not South, named hearts first.
    assert irregular.auction is not None and irregular.auction.declarer is Seat.NORTH
    # String escapes: \\ and \" are escapes, any other backslash is literal.
    assert games[3].tag("East") == '\\"\\""\\  \\a'


def test_correct_20_score_table_is_typed(shared_fixtures):
    games = _parse(shared_fixtures, "pbnstandard_correct_20.pbn").games
    game = _board(games, 634)
    table = game.score_table
    assert table is not None and table.line == 639
    assert table.column_names == (
        "Rank",
        "Percentage_NS",
        "Percentage_EW",
        "Score_NS",
        "Multiplicity",
    )
    assert [(c.width, c.align, c.order) for c in table.columns] == [
        (3, "R", "-"),
        (4, "R", "+"),
        (4, "R", "-"),
        (5, "R", "+"),
        (2, "L", None),
    ]
    assert len(table.rows) == 26
    first, last = table.rows[0], table.rows[-1]
    assert first.line == 640
    assert first.as_dict() == {
        "Rank": 1,
        "Percentage_NS": Decimal("99.4"),
        "Percentage_EW": Decimal("0.6"),
        "Score_NS": 500,
        "Multiplicity": 2,
    }
    assert last["Score_NS"] == -470 and last["Rank"] == 155
    assert last.raw[0] == "155"


def test_correct_20_total_score_table_is_typed(shared_fixtures):
    games = _parse(shared_fixtures, "pbnstandard_correct_20.pbn").games
    table = _board(games, 634).total_score_table
    assert table is not None
    assert len(table.rows) == 10
    top = table.rows[0]
    assert top["Rank"] == 1
    assert top["PairId"] == "581"
    assert top["Names"] == "Sergey OSTRIKOV      ;Oleg ODINTSEV        "
    assert top["Center"] == "OMS"
    assert top["NrBoards"] == 20
    assert top["MP"] == Decimal("1449.8")
    assert top["Percentage"] == Decimal("72.49")
    assert table.rows[-1]["Percentage"] == Decimal("64.00")


def test_correct_20_table_column_format_is_inherited_with_hash(shared_fixtures):
    parsed = _parse(shared_fixtures, "pbnstandard_correct_20.pbn")
    first, second = _board(parsed.games, 634), _board(parsed.games, 680)
    assert second.score_table is not None and first.score_table is not None
    assert second.score_table.columns == first.score_table.columns
    assert [row["Score_NS"] for row in second.score_table.rows] == [500, 470]
    assert len(parsed.score_tables) == 2 and len(parsed.total_score_tables) == 2


def test_correct_20_double_hash_inheritance(shared_fixtures):
    games = _parse(shared_fixtures, "pbnstandard_correct_20.pbn").games
    hidden = [game.tag("Hidden") for game in games[:16]]
    assert hidden == [None, "WNE", "WNE"] + ["NES"] * 5 + ["ESW"] * 4 + ["SWN"] * 3 + [None]
    assert {game.event for game in games[:15]} == {"Autumn regional"}
    assert {game.scoring for game in games[:15]} == {"Matchpoints"}
    assert games[15].event == "International Amsterdam Airport Schiphol Bridgetournament"


def test_correct_21_optimum_tables_and_play(shared_fixtures):
    games = _parse(shared_fixtures, "pbnstandard_correct_21.pbn").games
    optimum = games[0].table("OptimumResultTable")
    assert optimum is not None and len(optimum.rows) == 20
    assert optimum.rows[0].as_dict() == {"Declarer": Seat.NORTH, "Denomination": "C", "Result": 9}
    game = games[1]
    assert game.contract == Contract(5, Strain.CLUBS, Doubling.DOUBLED)
    assert game.declarer is Seat.NORTH and game.result == 11
    assert game.play is not None and game.play.declarer_tricks == 3


# -- the error reference files

# Every deliberate error: (line, part of the message). The file's comment
# above each names the error; the parser must point at the offending line.
ERRORS_10 = [
    (11, "tag Event has no value"),
    (15, "must be a string in double quotes"),
    (19, "tab character"),
    (23, "bad Round '&'"),
    (27, "bad Round '-1'"),
    (31, "bad Date '1995.o6.10'"),
    (35, "bad Date '95.06.10'"),
    (39, "bad Dealer 'Black'"),
    (43, "bad Vulnerable 'E'"),
    (47, "bad rank 'V' in the West hand"),
    (51, "SK is in both the West and the North hand"),
    (55, "deal has 14 cards in the West hand"),
    (59, "West 12, North 13"),
    (63, "West 12, East 13"),
    (67, "single spaces"),
    (71, "deal has 14 cards in the West hand"),
    (75, "deal has no cards"),
    (79, "bad Declarer 'White'"),
    (83, "bad Contract '5Hearts'"),
    (87, "bad Contract '5NoTrump'"),
    (91, "bad Result 'C-2'"),
    (95, "text outside a tag pair"),
    (98, "Note tag must follow the Auction or Play"),
    (102, "needs a Dealer tag"),
    (108, "needs a Deal tag"),
    (114, "needs a Declarer tag"),
    (120, "needs a Contract tag"),
    (127, "tag Site is given twice"),
    (159, "the dealer North calls first"),
    (168, "the dealer North calls first"),
    (177, "unknown call '1'"),
    (186, "unknown call '1N'"),
    (195, "insufficient bid 1C after 1D"),
    (204, "X is only allowed"),
    (214, "XX is only allowed"),
    (223, "bad suffix '!!!'"),
    (226, "two suffixes"),
    (229, "two evaluations"),
    (232, "two evaluations"),
    (235, "NAG $7 is for cards"),
    (238, "NAG $256 is outside"),
    (241, "bad NAG '$a'"),
    (244, "bad note reference '=a='"),
    (247, "=44= is outside"),
    (250, "two note references"),
    (250, "=1= has no Note tag 1"),
    (258, "Declarer N does not agree"),
    (266, "Declarer W does not agree"),
    (274, "Declarer ^S is marked irregular"),
    (283, "Contract 1D does not agree"),
    (290, "Contract Pass does not agree"),
    (298, "Contract Pass does not agree"),
    (306, "Contract 1CX does not agree"),
    (314, "ends in 1CX"),
    (328, "revoke: South plays CA"),
    (340, "bad suffix '!!!'"),
    (343, "HK has two suffixes"),
    (346, "DK has two evaluations"),
    (349, "CK has two evaluations"),
    (361, "NAG $1 is for calls"),
    (363, "NAG $256 is outside"),
    (366, "bad note reference '=a='"),
    (368, "bad NAG '$a'"),
    (381, "=44= is outside"),
    (384, "HJ has two note references"),
    (384, "=1= has no Note tag 1"),
    (387, "DA is played a second time"),
    (390, "not in South's hand (it is West's)"),
    (405, "bad card 'S1'"),
    (408, "bad card 'HHT'"),
    (411, "bad card 'KT'"),
    (423, "^R marks D7 as a revoke, but North has no spades"),
    (429, "the same irregularity twice"),
    (432, "only one irregularity a card"),
    (435, "more than one lead out of turn"),
    (438, "more than one lead out of turn"),
    (450, "West was on lead"),
    (462, "a lead cannot be a revoke"),
    (474, "North has no spades"),
    (486, "East follows suit"),
    (495, "passed-out board"),
    (504, "no Declarer is given"),
    (529, "Note number 0"),
    (531, "Note number 33"),
    (534, "Note 32 is not referenced"),
    (564, "=3= has no Note tag 3"),
    (569, "Note 32 is not referenced"),
    (597, "Result ^9 and Declarer S disagree"),
    (601, "^I marks 1S as insufficient, but it is sufficient"),
    (636, "must add up to 13"),
    (654, "3H has two evaluations"),
    (663, "NAG $2 is for calls"),
    (670, "NAG $2 is for calls"),
    (690, "declarer already won 6 tricks"),
    *[(line, "cannot be inherited") for line in (772, 773, 774, 775, 776, 777, 779)],
    *[(line, "bad Score") for line in (784, 785, 786, 787, 791, 792, 793, 794)],
    *[(line, "bad Score") for line in (798, 799, 800, 801, 805, 806, 807, 808, 812)],
    (817, "line too long"),
    (820, "line too long"),
    (825, "line too long"),
    (828, "U+007F is not allowed"),
    (831, "bad WestType"),
    (832, "bad Competition"),
    (833, "bad Scoring"),
    (834, "bad Mode"),
    (839, "export format: tag Site must stand alone"),
    (854, "export format: 7 calls"),
    (863, "export format: 8 cards"),
    (865, "export format: 13 cards"),
    (866, "export format: tag Generator"),
    (867, "export format: tag Description"),
    *[(line, "bad Note") for line in (875, 877, 879, 881, 883)],
    (912, "bad card 'CS'"),
    (914, "bad card 'DS'"),
    (916, "unknown token '--'"),
    # Not marked in the file, but real: the 13 tricks played give declarer 10.
    (934, "declarer already won 10 tricks"),
    (943, "=1= has no Note tag 1"),
    (946, "=2= has no Note tag 2"),
    (955, "line too long"),
    (955, "U+0085 is not allowed"),
    (955, "string is not closed"),
    (957, "string is not closed"),
]

ERRORS_20 = [
    (7, "bad Scoring 'IMP;??'"),
    (10, "bad Scoring ';'"),
    (15, "Vulnerable All (line 14) does not agree with ScoreRubberHistory"),
    (19, "vulnerability NS"),
    (23, "vulnerability Both"),
    (27, "vulnerability Both"),
    (40, "second '+' in the play"),
    (53, "card S7 after '+'"),
    (66, "second '+' in the auction"),
    (79, "call 'Pass' after '+'"),
    (92, "call '6S' after '+'"),
    (93, "second '+' in the auction"),
    (97, "a backslash before the closing quote escapes it"),
    (100, "string is not closed"),
    (103, r"bad column 'Call\\L'"),
    (108, "';' is not allowed in a table row"),
    (113, "'%' is not allowed in a table row"),
    (117, "'[' is not allowed in a table row"),
    (121, "']' is not allowed in a table row"),
    (125, "'{' is not allowed in a table row"),
    (129, "'}' is not allowed in a table row"),
    (143, "row has 4 elements, the table has 5 columns"),
    (158, "column -Percentage must be sorted low to high, but 70.38 follows 72.49"),
    (174, "column -Percentage must be sorted low to high"),
]

ERRORS_21 = [
    (7, "bad OptimumScore '100': give the side"),
    (11, "bad OptimumScore 'EW'"),
]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("pbnstandard_errors_10.pbn", ERRORS_10),
        ("pbnstandard_errors_20.pbn", ERRORS_20),
        ("pbnstandard_errors_21.pbn", ERRORS_21),
    ],
)
def test_every_deliberate_error_is_reported_at_its_line(shared_fixtures, name, expected):
    errors = [p for p in _problems(shared_fixtures, name) if p.severity == "error"]
    for line, text in expected:
        at_line = [p.message for p in errors if p.line == line]
        assert any(text in message for message in at_line), (line, text, at_line)
    # Nothing else: no error lands on a line without a deliberate error.
    assert sorted({p.line for p in errors}) == sorted({line for line, _ in expected})


def test_unknown_tag_is_a_warning_at_its_line(shared_fixtures):
    problems = _problems(shared_fixtures, "pbnstandard_errors_10.pbn")
    warnings = [p for p in problems if p.severity == "warning"]
    assert [(p.line, p.message) for p in warnings] == [(7, "unknown tag Wrong (kept, not checked)")]


def test_problems_name_the_file_and_line(shared_fixtures):
    problems = _problems(shared_fixtures, "pbnstandard_errors_10.pbn")
    shown = [str(p) for p in problems]
    assert "pbnstandard_errors_10.pbn line 55: deal has 14 cards in the West hand" in shown
    with pytest.raises(PbnError) as caught:
        _parse(shared_fixtures, "pbnstandard_errors_21.pbn")
    assert str(caught.value).splitlines()[0] == "2 error(s) in pbnstandard_errors_21.pbn:"
    assert caught.value.errors == caught.value.problems


# -- inline texts

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_inline_game_with_score_table():
    text = (
        "% PBN 2.1\r\n"
        '[Event "Club night"]\r\n'
        '[Site "Klubben"]\r\n'
        '[Date "2025.03.04"]\r\n'
        '[Board "7"]\r\n'
        '[Dealer "S"]\r\n'
        '[Vulnerable "All"]\r\n'
        f'[Deal "{DEAL}"]\r\n'
        '[Scoring "MP"]\r\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;'
        'Score_NS\\6R;Score_EW\\6R;MP_NS\\4R;MP_EW\\4R;Lead"]\r\n'
        " 1  2 4SX  N 10    790      -  4.0  0.0 HA\r\n"
        " 3  4 Pass - -       -      -  2.0  2.0 -\r\n"
        " 5  6 3NT  S  8      -    100  0.0  4.0 C2\r\n"
    )
    parsed = parse_pbn(text, filename="club.pbn")
    assert parsed.version == "2.1"
    (game,) = parsed.games
    assert game.board == 7 and game.dealer is Seat.SOUTH
    assert game.vulnerable is Vulnerability.BOTH
    table = game.score_table
    assert table is not None
    first, passed, last = table.rows
    assert first.as_dict() == {
        "PairId_NS": "1",
        "PairId_EW": "2",
        "Contract": Contract(4, Strain.SPADES, Doubling.DOUBLED),
        "Declarer": Seat.NORTH,
        "Result": 10,
        "Score_NS": 790,
        "Score_EW": None,
        "MP_NS": Decimal("4.0"),
        "MP_EW": Decimal("0.0"),
        "Lead": "HA",
    }
    assert passed["Contract"] == PassedOut() and passed["Declarer"] is None
    assert last["Score_EW"] == 100 and last.get("Missing") is None
    with pytest.raises(KeyError):
        last["Missing"]


def test_bad_typed_table_values_are_reported_per_column():
    text = (
        f'[Deal "{DEAL}"]\n'
        '[ScoreTable "PairId_NS;Score_NS;MP_NS;Contract;Percentage"]\n'
        "1 12x 3.0 4S 50\n"
        "2 100 x 9Z 101\n"
    )
    with pytest.raises(PbnError) as caught:
        parse_pbn(text)
    assert [(p.line, p.message) for p in caught.value.errors] == [
        (3, "ScoreTable column Score_NS: '12x' is not a whole number"),
        (4, "ScoreTable column MP_NS: 'x' is not a number"),
        (4, "ScoreTable column Contract: '9Z' is not a contract"),
        (4, "ScoreTable column Percentage: percentage 101 is outside 0-100"),
    ]


def test_event_tag_starts_a_new_game_without_an_empty_line():
    text = '[Event "A"]\n[Board "1"]\n[Event "B"]\n[Board "2"]\n'
    games = parse_pbn(text).games
    assert [(g.event, g.board) for g in games] == [("A", 1), ("B", 2)]


def test_deal_errors_collected_in_one_pass():
    text = (
        '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765A"]\n'
        "\n"
        '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.76"]\n'
        "\n"
        '[Deal "E:AKQJ.T98.765.432 - - -"]\n'
        "\n"
        '[Deal "N:AKQJ.T98.765 - - -"]\n'
    )
    with pytest.raises(PbnError) as caught:
        parse_pbn(text, filename="deals.pbn")
    messages = [(p.line, p.message) for p in caught.value.errors]
    assert (1, "deal: CA is in both the East and the West hand") in messages
    assert (1, "deal has 14 cards in the West hand") in messages
    assert (
        3,
        "deal: the hands must hold the same number of cards (13, or fewer in an "
        "end position), but have North 13, East 13, South 13, West 12",
    ) in messages
    assert (
        7,
        "deal: the North hand 'AKQJ.T98.765' must have four suits separated by '.'",
    ) in messages
    assert not any(line == 5 for line, _ in messages)


def test_end_position_and_partial_deal_are_accepted():
    text = '[Deal "N:AK.Q.J.T - 32.4.5.6 -"]\n\n[Deal "W:- AKQJ.T98.765.432 - -"]\n'
    first, second = parse_pbn(text).games
    assert first.deal is not None and len(first.deal.north or ()) == 5
    assert second.deal is not None and second.deal.north == Hand("AKQJ", "T98", "765", "432")
    assert not second.deal.is_complete


def test_result_must_fit_the_play():
    text = (
        '[Dealer "N"]\n'
        '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
        '[Declarer "N"]\n'
        '[Contract "1S"]\n'
        '[Result "13"]\n'
        '[Play "E"]\n'
        "CA C8 C5 C2\n"
        "CK C9 C6 C3\n"
        "*\n"
    )
    with pytest.raises(PbnError) as caught:
        parse_pbn(text)
    assert [(p.line, p.message) for p in caught.value.errors] == [
        (5, "Result 13: the defenders already won 2 tricks in the play section")
    ]
    assert parse_pbn(text.replace('"13"', '"11"')).games[0].play.declarer_tricks == 0


def test_unknown_tags_are_kept_as_warnings():
    parsed = parse_pbn('[Event "x"]\n[BCFlags "1f"]\n')
    assert parsed.games[0].tag("BCFlags") == "1f"
    assert [str(w) for w in parsed.warnings] == [
        "line 2: unknown tag BCFlags (kept, not checked) (warning)"
    ]


def test_decode_pbn_reads_utf8_and_falls_back_to_latin1():
    assert decode_pbn('[Site "Liège"]'.encode()) == '[Site "Liège"]'
    assert decode_pbn(b'\xef\xbb\xbf[Site "x"]') == '[Site "x"]'
    assert decode_pbn('[Site "Liège"]'.encode("latin-1")) == '[Site "Liège"]'


def test_unterminated_brace_comment_is_reported():
    with pytest.raises(PbnError) as caught:
        parse_pbn('[Event "x"]\n{ never closed\n\n[Board "1"]\n')
    assert [(p.line, p.message) for p in caught.value.errors] == [
        (2, "commentary '{' is never closed with '}'")
    ]
