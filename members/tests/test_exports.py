"""Downloads: CSV only, and no cell a spreadsheet would run as a formula (issue 16)."""

import csv
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from members.common.exports import PLAIN_NUMBER, neutralise

from .factories import ClubFactory, MemberFactory, MembershipFactory

PAYLOADS = ["=cmd|' /C calc'!A0", "+SUM(1)", "-2+3", "@SUM(A1)", "\tTAB", "\rCR"]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_a_formula_becomes_text(payload):
    assert neutralise(payload) == "'" + payload


@pytest.mark.parametrize("value", ["-3", "-1,5", "-0.25", "Björk", "1 795", "", None, 7, True])
def test_plain_values_stay_as_they_are(value):
    assert neutralise(value) == ("" if value is None else str(value))


@pytest.mark.django_db
def test_the_club_export_neutralises_every_formula_cell(client):
    club = ClubFactory()
    for n, payload in enumerate(PAYLOADS):
        member = MemberFactory(first_name=payload, last_name=f"Formel{n}")
        MembershipFactory(member=member, club=club)
    response = client.get(club.get_absolute_url(), {"_export": "csv"})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="club-')
    text = response.content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    first_names = {row[2] for row in rows[1:]}
    assert first_names == {"'" + payload for payload in PAYLOADS}
    for row in rows:
        for cell in row:
            assert not cell.startswith(("=", "+", "@", "\t", "\r")), cell
            assert not cell.startswith("-") or cell.lstrip("-").replace(",", "").isdigit()


@pytest.mark.django_db
@pytest.mark.parametrize("fmt", ["xlsx", "ods", "xls", "yaml", "json", "tsv", "html"])
def test_other_formats_are_not_offered_and_never_a_500(client, fmt):
    club = ClubFactory()
    MembershipFactory(club=club)
    response = client.get(club.get_absolute_url(), {"_export": fmt})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert "Content-Disposition" not in response


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_no_text_opens_as_a_formula(text):
    cell = neutralise(text)
    assert cell.endswith(text)
    if cell.startswith(("=", "+", "@", "\t", "\r")):
        pytest.fail(f"{cell!r} would be a formula")
    if cell.startswith("-"):
        assert PLAIN_NUMBER.fullmatch(cell)
