"""The award calculator's table list: each table's name with what event it is for, in
the reader's language (issue 18, point 4)."""

import re

import pytest

pytestmark = pytest.mark.django_db
URL = "/masterpoints/calculator/"


def options(body: str) -> dict[str, str]:
    select = re.search(r'<select name="table".*?</select>', body, re.S)
    assert select is not None
    return dict(re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select[0]))


def test_swedish_readers_see_each_table_described_in_swedish(client):
    shown = options(client.get(URL, HTTP_ACCEPT_LANGUAGE="sv").content.decode())
    assert shown["A1"] == "A1 – partävling i brons, 4–32 par"
    assert shown["E5"] == "E5 – Allsvenskan, division 3 och 4"
    # The gold scale's name is a word, and a Swedish one on a Swedish page.
    assert shown["gold"] == "Guld – guldtävling, par, individuell eller lag"
    assert len(shown) == 20 and all(" – " in label for label in shown.values())


def test_english_readers_see_each_table_described_in_english(client):
    shown = options(client.get(URL, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert shown["A1"] == "A1 – bronze pairs event, 4–32 pairs"
    assert shown["gold"] == "Gold – gold event, pairs, individual or teams"


def test_a_chosen_table_stays_chosen_and_computes(client):
    body = client.get(URL, {"table": "D", "entries": "46"}, HTTP_ACCEPT_LANGUAGE="sv")
    page = body.content.decode()
    assert '<option value="D" selected>D – partävling i silver, 12–100 par</option>' in page
    assert "Tabell D, 46 par, plats 13" in page
