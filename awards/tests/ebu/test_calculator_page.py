"""The award calculator page with the EBU scheme: offered on an EBU database, tried from
the SBF's with ?rulebook=ebu; the scale, factor and the Handbook's rules beside the
numbers in the reader's language; the Handbook's refusals as errors on the field."""

import re

import pytest

pytestmark = pytest.mark.django_db
URL = "/masterpoints/calculator/"
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}
# 4.1.6(b), lines 2124-2126: a Club pairs game of 16 tables, 18-35 boards, Mitchell.
CLUB_16 = {"rulebook": "ebu", "movement": "two-winner", "tables": "16", "boards": "24"}


def result_rows(body: str) -> list[tuple[str, str]]:
    table = re.search(r'<table class="table" id="calculator-result">.*?</table>', body, re.S)
    assert table is not None, "no result table"
    return re.findall(r'<tr><td>(\d+)</td><td class="num">([\d.]+)</td>', table[0])


def field_errors(body: str, field: str) -> str:
    block = re.search(rf'<label for="id_{field}">.*?</div>', body, re.S)
    assert block is not None
    return block[0]


def test_the_sbf_demo_offers_the_ebu_scheme(client):
    body = client.get(URL, **EN).content.decode()
    assert 'id="calculator-scheme"' in body and 'href="?rulebook=ebu"' in body
    assert '<strong aria-current="page">Swedish Bridge Federation (SBF)</strong>' in body
    assert '<select name="table"' in body  # the SBF's calculator stays the default
    ebu = client.get(URL, {"rulebook": "ebu"}, **EN).content.decode()
    assert '<select name="table"' not in ebu and 'name="tables"' in ebu
    assert "EBU Handbook 7th ed. (2014)" in ebu
    assert '<strong aria-current="page">English Bridge Union (EBU)</strong>' in ebu
    assert "the same rules the ledger uses" not in ebu  # not yet (awards.domain.ebu.rulebook)
    assert '<input type="hidden" name="rulebook" value="ebu">' in ebu


def test_an_ebu_database_shows_its_own_calculator_without_a_switch(client, settings):
    settings.KLOVER_FEDERATION = "ebu"
    body = client.get(URL, {"rulebook": "sbf"}, **EN).content.decode()
    assert 'name="tables"' in body and 'id="calculator-scheme"' not in body
    assert '<input type="hidden" name="rulebook"' not in body
    query = {k: v for k, v in CLUB_16.items() if k != "rulebook"}
    computed = client.get(URL, query, **EN).content.decode()
    assert [p for _, p in result_rows(computed)] == ["60", "50", "40", "30", "20", "10"]


def test_the_result_shows_scale_factor_and_the_handbooks_rule_in_english(client):
    body = client.get(URL, CLUB_16, **EN).content.decode()
    assert result_rows(body) == [("1", "60"), ("2", "50"), ("3", "40")] + [
        ("4", "30"),
        ("5", "20"),
        ("6", "10"),
    ]
    assert "<h2>Scale A</h2>" in body
    assert '<dd id="ebu-factor">1</dd>' in body and '<dd id="ebu-awards">6</dd>' in body
    rules = re.search(r'<ul id="ebu-rules">(.*?)</ul>', body, re.S)
    assert rules is not None and "(4.1.2-4.1.5)" in rules[1] and "Scale A" in rules[1]


def test_the_handbooks_rule_in_swedish(client):
    body = client.get(URL, CLUB_16, **SV).content.decode()
    assert '<html lang="sv">' in body
    rules = re.search(r'<ul id="ebu-rules">(.*?)</ul>', body, re.S)
    assert rules is not None and "Skala A" in rules[1] and "Scale A" not in rules[1]


def test_no_award_says_why_in_the_readers_language(client):
    # 3.1.1(d), lines 1694-1696: a two-winner pairs event needs 5 complete tables.
    few = CLUB_16 | {"tables": "3"}
    english = client.get(URL, few, **EN).content.decode()
    assert 'id="ebu-why"' in english and "3.1.1" in english
    assert 'id="calculator-result"' not in english
    swedish = client.get(URL, few, **SV).content.decode()
    why = re.search(r'<p class="note" id="ebu-why">(.*?)</p>', swedish, re.S)
    assert why is not None and "(3.1.1)" in why[1] and "Too few" not in why[1]


@pytest.mark.parametrize(
    ("headers", "reason"),
    [(EN, "(--tables): -3 is negative"), (SV, "(--tables): -3 är negativt")],
    ids=["en", "sv"],
)
def test_a_refusal_is_an_error_on_the_field_it_names(client, headers, reason):
    response = client.get(URL, CLUB_16 | {"tables": "-3"}, **headers)
    body = response.content.decode()
    assert response.status_code == 200 and 'id="calculator-ebu-result"' not in body
    assert reason in field_errors(body, "tables")
    assert 'id="calculator-problem"' in body


def test_the_handbooks_refusal_reads_in_the_pages_language(client):
    # 4.11.3: a ladder ranks teams, pairs or individuals.
    query = {"rulebook": "ebu", "ladder": "on", "games": "12", "movement": "two-winner"}
    english = field_errors(client.get(URL, query, **EN).content.decode(), "movement")
    assert "(--movement): a ladder ranks teams, pairs, individual (4.11.3)" in english
    assert "stegtävling" not in english
    swedish = field_errors(client.get(URL, query, **SV).content.decode(), "movement")
    assert "(--movement): en stegtävling rankar teams, pairs, individual (4.11.3)" in swedish
    assert "a ladder ranks" not in swedish


def test_two_events_at_once_are_refused_on_the_second(client):
    body = client.get(
        URL, {"rulebook": "ebu", "knockout": "single-teams", "ladder": "on", "games": "6"}, **EN
    ).content.decode()
    errors = field_errors(body, "ladder")
    assert "A ladder (a series of games) (--ladder): cannot be combined with --knockout" in errors
    assert '<details class="board" open>\n    <summary>Ladder</summary>' in body


def test_django_refuses_what_is_not_a_count_before_the_handbook(client):
    body = client.get(URL, CLUB_16 | {"boards": "many"}, **EN).content.decode()
    assert "Enter a whole number." in field_errors(body, "boards")


@pytest.mark.parametrize(
    "query", [{"rulebook": "ebu"}, CLUB_16, CLUB_16 | {"tables": "-3"}], ids=str
)
def test_the_ebu_calculator_runs_no_query(client, django_assert_num_queries, query):
    with django_assert_num_queries(0):
        assert client.get(URL, query).status_code == 200


def test_a_county_pairs_final_shows_green_and_gold_points_and_what_passes_on(client):
    # 6.3.1, lines 4132-4196: 110 pairs, 14 in the final: 5.75 down to 0.75 green; the
    # two best non-qualifiers get what the final leaves, 0.50 and 0.25, their local
    # points reduced by 50 and 25; the winner's 5.75 green is 1.15 gold (2.5.1).
    query = {"rulebook": "ebu", "event": "county-pairs-final", "entries": "110"}
    body = client.get(URL, query | {"remaining": "14"}, **EN).content.decode()
    assert "<h2>Scale G</h2>" in body
    assert "Passed to the best non-qualifiers, by place" in body
    assert "0.5 (local points −50), 0.25 (local points −25)" in body
    assert "unallocated" not in body and "non_qualifier" not in body
    assert "1.15" in body
    sv = client.get(URL, query | {"remaining": "14"}, **SV).content.decode()
    assert "0.5 (lokala poäng −50), 0.25 (lokala poäng −25)" in sv
