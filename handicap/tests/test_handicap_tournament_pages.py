"""Handicap tournaments on the pages (issue 22): the tournament page's two lists, the
organiser's starting corrections and the national list.

Seed ``002_4426357e9a32e88f.txt``: section 8, lines 547-550 (a starting point from
equation 5 or 6, the prizes by the corrected list), line 553 (the favourites); section 9,
lines 604-606 (a pair of 21 among 26s is charged 40 % of the difference, -2 %)."""

from datetime import date
from decimal import Decimal

import pytest
from django.urls import reverse

from handicap.domain.corrections import starting_corrections
from handicap.forms import CorrectionsForm
from handicap.models import MemberHandicap
from handicap.services import handicap_list_for
from members.models import District, Federation, Membership
from members.services import current_season
from members.tests.factories import ClubFactory, MemberFactory
from tournaments.models import Entry, EntryPlayer, Section, Standing, Tournament

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}


def _with_handicap(value, **kwargs):
    member = MemberFactory(**kwargs)
    MemberHandicap.objects.create(
        member=member, handicap=value, start=value, policy_version="SBF 2007"
    )
    return member


# -- the domain: 002 lines 604-606 -------------------------------------------------------


def test_the_papers_pair_of_21_among_26s_is_charged_minus_two_percent():
    # 002 lines 604-606: 28 and 14 make 21, five less than 26: 40 % of it, -2 %.
    sheet = starting_corrections([[28, 14], [26, 26], [26, 26], [26, 26], [26, 26], [26, 26]])
    first = sheet.entries[0]
    assert (first.owner, first.expected) == (21.0, Decimal("52.00"))
    assert sheet.entries[0].field == 26.0
    assert first.correction == Decimal("-2.00")
    # The other pairs each meet a field a little better than themselves and get +0.40.
    assert {e.correction for e in sheet.entries[1:]} == {Decimal("0.40")}


def test_the_favourites_are_the_three_giving_the_most_and_an_even_field_has_none():
    # 002 line 553: the equations identify the favourites; three are named (our decision).
    sheet = starting_corrections([[10, 10], [12, 12], [14, 14], [16, 16], [30, 30], [40, 40]])
    assert sheet.favourites == (0, 1, 2)
    assert starting_corrections([[20, 20], [20, 20]]).favourites == ()


def test_a_team_of_four_is_corrected_by_its_mean_like_a_pair():
    sheet = starting_corrections([[20, 22, 24, 26], [26, 26, 26, 26]])
    assert sheet.entries[0].owner == 23.0
    assert sheet.entries[0].correction == Decimal("-1.20")  # 40 % of (26 - 23)
    assert sheet.average == 24.5


# -- the organiser's page: lines 547-549 and 553 -----------------------------------------


@pytest.mark.django_db
def test_bad_lines_are_named_by_their_number():
    member = MemberFactory()
    form = CorrectionsForm({"entries": f"{member.mid} 99999991\n\n1 2 3\nabc {member.mid}\n"})
    assert not form.is_valid()
    errors = " ".join(form.errors["entries"])
    assert "Line 3: a pair has two MIDs and a team four, not 3." in errors
    assert "Line 4: “abc” is not a MID." in errors
    form = CorrectionsForm({"entries": f"{member.mid} 99999991\n{member.mid} 99999992"})
    assert not form.is_valid()
    assert f"Line 2: MID {member.mid} is already on line 1." in form.errors["entries"]
    form = CorrectionsForm({"entries": f"{member.mid} 99999991\n99999993 99999992"})
    assert not form.is_valid()
    assert "Line 1: no member has MID 99999991." in form.errors["entries"]


@pytest.mark.django_db
def test_the_corrections_page_shows_handicaps_average_corrections_and_favourites(client):
    a, b = _with_handicap(28, last_name="Anka"), _with_handicap(14, last_name="Bär")
    others = [_with_handicap(26) for _ in range(10)]
    lines = [f"{a.mid} {b.mid}"] + [
        f"{others[i].mid}, {others[i + 1].mid}" for i in range(0, 10, 2)
    ]
    response = client.get(reverse("handicap:corrections"), {"entries": "\n".join(lines)}, **EN)
    page = response.content.decode()
    assert response.status_code == 200
    assert "average handicap 25.17" in page  # (21 + 5 × 26) / 6
    assert "−2.00 %" in page or "-2.00 %" in page  # 002 line 606
    assert 'id="corrections-favourites"' in page and "Anka" in page
    assert "corrections-errors" not in page
    swedish = client.get(
        reverse("handicap:corrections"), {"entries": "\n".join(lines)}, **SV
    ).content.decode()
    assert "-2,00 %" in swedish


@pytest.mark.django_db
def test_a_member_without_a_handicap_starts_from_the_master_points(client):
    a = _with_handicap(20)
    new = MemberFactory()  # no handicap yet, no master points: the start handicap, 52
    response = client.get(
        reverse("handicap:corrections"), {"entries": f"{a.mid} {new.mid}\n{a.mid}1 1"}, **EN
    )
    assert "no member has MID" in response.content.decode()
    b, c = _with_handicap(20), _with_handicap(20)
    page = client.get(
        reverse("handicap:corrections"), {"entries": f"{a.mid} {new.mid}\n{b.mid} {c.mid}"}, **EN
    ).content.decode()
    assert "52.0*" in page
    assert "+6.40 %" in page  # 40 % of (36 - 20): the pair of 20 and 52 gets 6.4


@pytest.mark.django_db
def test_the_sheet_prints_without_the_form_and_site_chrome(client):
    page = client.get(reverse("handicap:corrections"), **EN).content.decode()
    assert "css/handicap_sheet.css" in page
    assert 'class="no-print" id="corrections-form"' in page


# -- the tournament page: lines 547-550 --------------------------------------------------


def _pairs_event(day, pairs):
    tournament = Tournament.objects.create(
        event_id=f"hcp-tour-{day}",
        name="Handikapparen",
        start_date=day,
        end_date=day,
        kind="pairs",
        scoring="matchpoints",
        boards=24,
        handicap_event=True,
    )
    section = Section.objects.create(tournament=tournament, name="A", boards=24)
    for number, (a, b, percentage) in enumerate(pairs, start=1):
        entry = Entry.objects.create(section=section, number=number, name=f"Par {number}")
        for player in (a, b):
            EntryPlayer.objects.create(entry=entry, member=player)
        Standing.objects.create(
            entry=entry,
            place=number,
            place_to=number,
            score=Decimal(percentage),
            percentage=Decimal(percentage),
        )
    return tournament


@pytest.mark.django_db
def test_a_handicap_event_shows_both_lists_with_each_entrys_correction(client):
    weak = [_with_handicap(26) for _ in range(2)]
    strong = [_with_handicap(16) for _ in range(6)]
    # 26/26 among 16s is expected 46 %: corrected +4.00, its 48 % counts as 52 % and wins.
    tournament = _pairs_event(
        date(2026, 3, 2),
        [(strong[0], strong[1], "53.00"), (strong[2], strong[3], "50.00"),
         (weak[0], weak[1], "48.00"), (strong[4], strong[5], "49.00")],
    )  # fmt: skip
    handicap_list_for(tournament)
    page = client.get(tournament.get_absolute_url(), **EN).content.decode()
    assert 'id="handicap-lists"' in page
    lists = page[page.index('id="handicap-lists"') :]
    assert "seed 002 lines 547-550 and 604-606" in lists
    assert "average is 18.50" in lists
    assert "+4.00" in lists
    corrected = lists[lists.index('id="handicap-corrected"') :]
    assert corrected.index("Par 3") < corrected.index("Par 1")
    assert "52.00" in corrected


@pytest.mark.django_db
def test_an_ordinary_event_has_no_handicap_lists(client):
    players = [_with_handicap(20) for _ in range(4)]
    tournament = _pairs_event(
        date(2026, 3, 2), [(players[0], players[1], "55.00"), (players[2], players[3], "45.00")]
    )
    page = client.get(tournament.get_absolute_url(), **EN).content.decode()
    assert 'id="handicap-lists-none"' in page  # not computed yet
    ordinary = _pairs_event(
        date(2026, 3, 9), [(players[0], players[1], "55.00"), (players[2], players[3], "45.00")]
    )
    ordinary.handicap_event = False
    ordinary.save()
    handicap_list_for(ordinary)
    page = client.get(ordinary.get_absolute_url(), **EN).content.decode()
    assert 'id="handicap-lists"' not in page


# -- the national list -------------------------------------------------------------------


@pytest.mark.django_db
def test_the_national_list_filters_by_district_and_club_and_pages(client):
    federation = Federation.objects.first() or Federation.objects.create(name="SBF")
    north = District.objects.create(federation=federation, number=91, name="Norr")
    south = District.objects.create(federation=federation, number=92, name="Söder")
    club_n, club_s = ClubFactory(district=north), ClubFactory(district=south)
    best = _with_handicap(3, last_name="Norrbäst")
    other = _with_handicap(9, last_name="Söderspelare")
    Membership.objects.create(member=best, club=club_n, season=current_season())
    Membership.objects.create(member=other, club=club_s, season=current_season())
    url = reverse("handicap:list")
    page = client.get(url, **EN).content.decode()
    assert page.index("Norrbäst") < page.index("Söderspelare")
    page = client.get(url, {"district": north.pk}, **EN).content.decode()
    assert "Norrbäst" in page and "Söderspelare" not in page
    page = client.get(url, {"club": club_s.pk}, **EN).content.decode()
    assert "Söderspelare" in page and "Norrbäst" not in page
    for n in range(55):
        _with_handicap(40 + n / 10)
    assert "page=2" in client.get(url, **EN).content.decode()
