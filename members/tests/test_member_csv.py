from datetime import date

from members.domain.member_csv import parse_member_csv

TODAY = date(2026, 11, 21)
HEADER = "mid,first_name,last_name,club_number,birth_date,gender,email\n"


def test_good_rows_parse():
    rows, errors = parse_member_csv(
        HEADER + "101,Åsa,Öberg,1001,1950-03-04,F,asa@example.se\n102,Per,Lind,1002,,M,\n", TODAY
    )
    assert errors == []
    assert [(r.line, r.mid, r.first_name, r.birth_date) for r in rows] == [
        (2, 101, "Åsa", date(1950, 3, 4)),
        (3, 102, "Per", None),
    ]
    assert rows[0].represents is True and rows[0].membership_kind == "ordinary"


def test_semicolon_files_from_spreadsheets_parse():
    rows, errors = parse_member_csv(
        "mid;first_name;last_name;club_number\n7;Eva;Berg;1001\n", TODAY
    )
    assert errors == [] and rows[0].last_name == "Berg"


def test_every_bad_row_is_reported_with_line_and_field():
    text = HEADER + (
        ",Anna,Berg,1001,,,\n"  # line 2: missing MID
        "103,Bo,Ek,1001,1950-13-01,M,\n"  # line 3: bad date
        "104,Bo,Ek,abc,,M,\n"  # line 4: club not a number
        "105,Ulla,Ek,1001,,Q,\n"  # line 5: gender
        "106,Eva,Ek,1001,2030-01-01,F,\n"  # line 6: future birth date
        "107,Kim,Ek,1001,,X,not-an-address\n"  # line 7: e-mail
        "108,Ann,Ek,1001,,F,\n"
        "108,Ann,Ek,1001,,F,\n"  # line 9: duplicate MID
    )
    rows, errors = parse_member_csv(text, TODAY)
    found = {(e.line, e.field) for e in errors}
    assert found == {
        (2, "mid"),
        (3, "birth_date"),
        (4, "club_number"),
        (5, "gender"),
        (6, "birth_date"),
        (7, "email"),
        (9, "mid"),
    }
    duplicate = next(e for e in errors if e.line == 9)
    assert "duplicate MID 108" in duplicate.message and "line 8" in duplicate.message
    assert str(next(e for e in errors if e.line == 3)) == (
        "line 3, birth_date: bad date '1950-13-01' (use YYYY-MM-DD)"
    )


def test_missing_required_column_is_reported_on_the_header():
    rows, errors = parse_member_csv("mid,first_name\n1,Eva\n", TODAY)
    assert rows == []
    assert {(e.line, e.field) for e in errors} == {(1, "last_name"), (1, "club_number")}


def test_wrong_field_count_and_empty_file():
    _rows, errors = parse_member_csv(HEADER + "1,Eva,Berg\n", TODAY)
    assert [(e.line, e.message) for e in errors] == [(2, "expected 7 fields, found 3")]
    assert [str(e) for e in parse_member_csv("", TODAY)[1]] == ["line 1: the file is empty"]
