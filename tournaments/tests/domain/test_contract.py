"""Contract, result and board notation (tournaments.domain.contract).

Board dealer/vulnerability rows come from seed 004, "Example results for a
sixteen board match"; the notation cases from issue 3, item 1.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.contract import (
    PASS,
    Contract,
    DealResult,
    Doubling,
    PassedOut,
    Seat,
    Side,
    Strain,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    format_contract,
    format_deal,
    format_result,
    parse_contract,
    parse_deal,
    parse_result,
    parse_seat,
    parse_vulnerability,
)

S, H, D, C, NT = Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP
U, X, XX = Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED


@pytest.mark.parametrize(
    ("text", "level", "strain", "doubling"),
    [
        ("4S", 4, S, U),
        ("4SX", 4, S, X),
        ("3NTXX", 3, NT, XX),
        ("7N", 7, NT, U),
        ("7NT", 7, NT, U),
        ("4sx", 4, S, X),
        ("3ntxx", 3, NT, XX),
        ("1c", 1, C, U),
        ("2♦", 2, D, U),
        ("4♥ X", 4, H, X),
        ("4♥ X X", 4, H, XX),  # the article prints redoubled with a blank
        ("4♠X", 4, S, X),
        ("6♣xx", 6, C, XX),
        ("5♢", 5, D, U),
        (" 2 H ", 2, H, U),
        ("3N*", 3, NT, X),
        ("3N**", 3, NT, XX),
    ],
)
def test_parse_contract(text: str, level: int, strain: Strain, doubling: Doubling) -> None:
    assert parse_contract(text) == Contract(level, strain, doubling)


@pytest.mark.parametrize("text", ["Pass", "pass", "PASS", "P", "Passed out", "AP", "po"])
def test_parse_pass(text: str) -> None:
    assert parse_contract(text) is PASS


@pytest.mark.parametrize(
    ("contract", "ascii_text", "symbol_text"),
    [
        (Contract(4, S, U), "4S", "4♠"),
        (Contract(4, S, X), "4SX", "4♠X"),
        (Contract(3, NT, XX), "3NTXX", "3NTXX"),
        (Contract(7, NT, U), "7NT", "7NT"),
        (Contract(1, C, U), "1C", "1♣"),
        (Contract(2, D, X), "2DX", "2♦X"),
        (Contract(6, H, XX), "6HXX", "6♥XX"),
        (PASS, "Pass", "Pass"),
    ],
)
def test_format_contract(contract: Contract | PassedOut, ascii_text: str, symbol_text: str) -> None:
    assert format_contract(contract) == ascii_text
    assert str(contract) == ascii_text
    assert format_contract(contract, symbols=True) == symbol_text


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("8S", "8S"),
        ("0NT", "0NT"),
        ("9NTX", "9NTX"),
        ("4SXXX", "4SXXX"),
        ("4Z", "4Z"),
        ("S4", "S4"),
        ("", "''"),
        ("NT", "NT"),
    ],
)
def test_impossible_or_unreadable_contract_names_the_value(text: str, bad: str) -> None:
    with pytest.raises(ValueError, match=bad if bad != "''" else "''"):
        parse_contract(text)


@pytest.mark.parametrize("level", [0, 8, -1, 13])
def test_contract_value_rejects_impossible_level(level: int) -> None:
    with pytest.raises(ValueError, match=str(level)):
        Contract(level, S)


def test_contract_value_rejects_non_int_level() -> None:
    with pytest.raises(ValueError):
        Contract(True, S)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "seat"),
    [("N", Seat.NORTH), ("e", Seat.EAST), ("South", Seat.SOUTH), (" w ", Seat.WEST)],
)
def test_parse_seat(text: str, seat: Seat) -> None:
    assert parse_seat(text) is seat


@pytest.mark.parametrize("text", ["X", "NE", "", "Nord"])
def test_unknown_seat_names_the_value(text: str) -> None:
    with pytest.raises(ValueError, match=repr(text)):
        parse_seat(text)


def test_seat_side_and_rotation() -> None:
    assert [s.side for s in Seat] == [Side.NS, Side.EW, Side.NS, Side.EW]
    assert Seat.WEST.next() is Seat.NORTH
    assert Seat.NORTH.next(3) is Seat.WEST


@pytest.mark.parametrize(
    ("text", "vulnerability"),
    [
        ("None", Vulnerability.NONE),
        ("-", Vulnerability.NONE),
        ("love", Vulnerability.NONE),
        ("NS", Vulnerability.NS),
        ("N-S", Vulnerability.NS),
        ("n/s", Vulnerability.NS),
        ("EW", Vulnerability.EW),
        ("E-W", Vulnerability.EW),
        ("Both", Vulnerability.BOTH),
        ("All", Vulnerability.BOTH),
    ],
)
def test_parse_vulnerability(text: str, vulnerability: Vulnerability) -> None:
    assert parse_vulnerability(text) is vulnerability


@pytest.mark.parametrize("text", ["Vul", "N", "", "NSEW"])
def test_unknown_vulnerability_names_the_value(text: str) -> None:
    with pytest.raises(ValueError, match=repr(text)):
        parse_vulnerability(text)


def test_vulnerability_per_side() -> None:
    table = {
        Vulnerability.NONE: (False, False),
        Vulnerability.NS: (True, False),
        Vulnerability.EW: (False, True),
        Vulnerability.BOTH: (True, True),
    }
    for vulnerability, (ns, ew) in table.items():
        assert vulnerability.is_vulnerable(Side.NS) is ns
        assert vulnerability.is_vulnerable(Seat.SOUTH) is ns
        assert vulnerability.is_vulnerable(Side.EW) is ew
        assert vulnerability.is_vulnerable(Seat.WEST) is ew
        assert Vulnerability.of(ns, ew) is vulnerability


@pytest.mark.parametrize(
    ("result", "contract", "tricks"),
    [
        ("=", "4S", 10),
        ("+1", "4S", 11),
        ("+3", "4S", 13),
        ("-2", "4S", 8),
        ("−2", "4S", 8),  # Unicode minus, as pasted from documents
        ("-10", "4S", 0),
        ("9", "3NT", 9),
        ("0", "7NT", 0),
        ("13", "1C", 13),
        (11, "5D", 11),
        ("=", "Pass", 0),
    ],
)
def test_parse_result(result: str | int, contract: str, tricks: int) -> None:
    assert parse_result(result, parse_contract(contract)) == tricks


@pytest.mark.parametrize(
    ("result", "contract"),
    [("+4", "4S"), ("-11", "4S"), ("14", "1C"), ("-1", "Pass"), ("+0", "4S"), ("x", "4S")],
)
def test_impossible_result_names_the_value(result: str, contract: str) -> None:
    with pytest.raises(ValueError, match=repr(result).replace("+", r"\+")):
        parse_result(result, parse_contract(contract))


@pytest.mark.parametrize("tricks", [-1, 14, True])
def test_tricks_outside_0_13(tricks: int) -> None:
    with pytest.raises(ValueError, match=repr(tricks)):
        parse_result(tricks, parse_contract("4S"))


@pytest.mark.parametrize(
    ("tricks", "text"), [(10, "="), (11, "+1"), (13, "+3"), (8, "-2"), (0, "-10")]
)
def test_format_result(tricks: int, text: str) -> None:
    assert format_result(parse_contract("4S"), tricks) == text


@pytest.mark.parametrize(
    ("text", "printed", "tricks"),
    [
        ("4SX N -2", "4SX N -2", 8),
        ("3NT S =", "3NT S =", 9),
        ("3n n =", "3NT N =", 9),
        ("4♥ X X W 10", "4HXX W =", 10),
        ("2D by E +1", "2D E +1", 9),
        ("7NT North 13", "7NT N =", 13),
        ("Pass", "Pass", 0),
    ],
)
def test_parse_and_print_deal(text: str, printed: str, tricks: int) -> None:
    deal = parse_deal(text)
    assert format_deal(deal) == printed
    assert deal.tricks == tricks
    assert parse_deal(printed) == deal


def test_deal_with_symbols() -> None:
    assert format_deal(parse_deal("4SX N -2"), symbols=True) == "4♠X N -2"


@pytest.mark.parametrize("text", ["4S", "4S Q =", "8S N =", "4S N +4"])
def test_unreadable_deal(text: str) -> None:
    with pytest.raises(ValueError):
        parse_deal(text)


def test_passed_out_deal_has_no_declarer() -> None:
    with pytest.raises(ValueError):
        DealResult(PASS, Seat.NORTH, 0)


# Seed 004, "Example results for a sixteen board match": board, dealer, vulnerability.
ARTICLE_BOARDS = [
    (1, "N", "None"),
    (2, "E", "N-S"),
    (3, "S", "E-W"),
    (4, "W", "Both"),
    (5, "N", "N-S"),
    (6, "E", "E-W"),
    (7, "S", "Both"),
    (8, "W", "None"),
    (9, "N", "E-W"),
    (10, "E", "Both"),
    (11, "S", "None"),
    (12, "W", "N-S"),
    (13, "N", "Both"),
    (14, "E", "None"),
    (15, "S", "N-S"),
    (16, "W", "E-W"),
]


@pytest.mark.parametrize(("board", "dealer", "vulnerability"), ARTICLE_BOARDS)
def test_board_dealer_and_vulnerability_match_the_article(
    board: int, dealer: str, vulnerability: str
) -> None:
    assert board_dealer(board) is parse_seat(dealer)
    assert board_vulnerability(board) is parse_vulnerability(vulnerability)


@given(st.integers(min_value=1, max_value=10_000))
def test_board_cycle_repeats_every_16(board: int) -> None:
    base = (board - 1) % 16 + 1
    assert board_vulnerability(board) is board_vulnerability(base)
    assert board_dealer(board) is board_dealer(base)


@pytest.mark.parametrize("board", [0, -3, True, "1"])
def test_impossible_board_number(board: int) -> None:
    with pytest.raises(ValueError, match=repr(board)):
        board_vulnerability(board)
    with pytest.raises(ValueError, match=repr(board)):
        board_dealer(board)


contracts = st.builds(
    Contract,
    st.integers(min_value=1, max_value=7),
    st.sampled_from(list(Strain)),
    st.sampled_from(list(Doubling)),
)


@given(contracts, st.booleans())
def test_print_then_parse_is_identity(contract: Contract, symbols: bool) -> None:
    assert parse_contract(format_contract(contract, symbols=symbols)) == contract


@given(contracts, st.integers(min_value=0, max_value=13))
def test_relative_result_round_trips(contract: Contract, tricks: int) -> None:
    assert parse_result(format_result(contract, tricks), contract) == tricks


def test_contract_rows_are_distinct() -> None:
    rows = {
        Contract(level, strain, doubling).row
        for level in range(1, 8)
        for strain in Strain
        for doubling in Doubling
    }
    assert rows == set(range(105))
