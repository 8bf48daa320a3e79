"""The award tables a team event entered by hand offers are the rulebook's team tables,
named in both languages from the seed's headings (tournaments/manual/award_tables.py)."""

from datetime import date
from pathlib import Path

import pytest
from django.utils import translation

from awards.domain.sbf.teams import TEAM_TABLES
from members.models import Role
from members.tests.factories import ClubFactory, give_role, member_with_login
from tournaments.manual import award_tables
from tournaments.manual.services import TeamEntryError, create_team_event
from tournaments.models import Tournament

SEED_000 = Path(__file__).resolve().parents[4] / "shared" / "seeds" / "000_18af0e66f52a62b2.txt"
BASE = "/tournaments/manual"


def test_the_form_offers_exactly_the_rulebooks_team_tables_in_its_order():
    assert [t.code for t in award_tables.TEAM_AWARD_TABLES] == list(TEAM_TABLES)
    assert award_tables.CODES == set(TEAM_TABLES)


@pytest.mark.parametrize("table", award_tables.TEAM_AWARD_TABLES, ids=lambda t: t.code)
def test_each_table_is_named_in_swedish_and_in_english(table):
    with translation.override("en"):
        english = str(table.label)
    with translation.override("sv"):
        swedish = str(table.label)
    assert english.startswith(f"{table.code} – ") and swedish.startswith(f"{table.code} – ")
    assert swedish != english
    colour = {"B": "brons", "E": "silver", "G": "guld"}[table.code[0]]
    assert swedish.split(" – ", 1)[1].startswith(colour)


@pytest.mark.parametrize("table", award_tables.TEAM_AWARD_TABLES, ids=lambda t: t.code)
def test_each_tables_seed_line_is_its_heading(table):
    if not SEED_000.is_file():
        pytest.skip(f"seed not found at {SEED_000}")
    line = SEED_000.read_text(encoding="utf-8").splitlines()[table.seed_line - 1]
    # G2a-G2c: the first of its headings; GOLD is "Guldpoäng, Allmänt" read for teams.
    code = {"G2": "G2a", "GOLD": "Guldpoäng"}.get(table.code, table.code)
    heading = line.replace(f"{code[0]} {code[1:]}", code)  # "Tabell E 3"
    assert code in heading, line


@pytest.mark.django_db
def test_an_event_without_a_table_the_rules_know_is_refused():
    with pytest.raises(TeamEntryError) as refused:
        create_team_event(
            organiser=ClubFactory(),
            name="Lagserie",
            date=date(2024, 10, 1),
            boards_per_match=16,
            teams=[(1, "Lag A"), (2, "Lag B")],
            award_table="",
        )
    assert [p.field for p in refused.value.problems] == ["award_table"]
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_the_new_team_event_page_asks_for_the_table(client):
    club = ClubFactory()
    admin = member_with_login()
    give_role(admin, Role.Kind.CLUB_ADMIN, club=club)
    client.force_login(admin.user)
    body = client.get(f"{BASE}/teams/new/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<select name="award_table" required' in body
    assert '<option value="B2">B2 – bronze, series without promotion or relegation' in body
    body = client.get(f"{BASE}/teams/new/", HTTP_ACCEPT_LANGUAGE="sv").content.decode()
    assert '<option value="G1">G1 – guld, SM-final för lag</option>' in body

    data = {
        "club": club.pk,
        "name": "Lagserien",
        "date": "2024-10-01",
        "boards_per_match": "24",
        "teams": "1 Lag Ek\n2 Lag Björk\n3 Lag Lönn\n4 Lag Al\n",
    }
    refused = client.post(f"{BASE}/teams/new/", data)
    assert refused.status_code == 200 and "award_table" in refused.context["form"].errors
    refused = client.post(f"{BASE}/teams/new/", data | {"award_table": "H1"})
    assert "award_table" in refused.context["form"].errors  # a pairs table
    assert not Tournament.objects.exists()

    response = client.post(f"{BASE}/teams/new/", data | {"award_table": "B2"})
    assert response.status_code == 302
    assert Tournament.objects.get().award_table == "B2"
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert (
        '<span id="award-table">Award table: '
        "B2 – bronze, series without promotion or relegation, and cups</span>"
    ) in page
