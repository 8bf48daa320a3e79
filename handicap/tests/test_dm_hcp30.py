"""DM Par Hcp 30+ (issue #21): both players' handicaps on the last registration day, and
the final played and decided with handicap.

Seed ``003_796cec548aee39db.txt`` lines 298-316: "Tävlingen vänder sig endast till
spelare som har ett spelhandikapp som är 30 eller högre" (line 304); "Båda spelarna i
paret måste vid tidpunkten för anmälningstidens utgång (21 mars 2025) ha ett
spelhandikapp som är 30 eller högre. Samtliga tävlingsetapper ... spelas med
handikappberäkning och det är resultatet med handikapp som utgör grund för vidare
avancemang" (line 308); "Heat måste bestå av minst 11 par" (line 316).
"""

import datetime as dt
from decimal import Decimal

import pytest
from django.urls import reverse

from handicap.championships import handicaps_on, hcp30_check
from handicap.domain.hcp30 import PlayerOnDay, Verdict, check_pair, heat_big_enough
from handicap.models import HandicapChange, MemberHandicap
from members.tests.factories import ClubFactory, DistrictFactory, MemberFactory
from tournaments.championships.models import (
    Championship,
    Heat,
    RegisteredPlayer,
    Registration,
    Stage,
)
from tournaments.models import Entry, EntryPlayer, Section, Standing, Tournament

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}
CLOSES = dt.date(2025, 3, 21)  # line 308: "21 mars 2025"


# -- the plain rule --


@pytest.mark.parametrize(
    ("handicaps", "eligible"),
    [
        ((30, 30), True),  # line 308: "30 eller högre"
        ((30, 45.2), True),
        ((29.9, 40), False),
        ((Decimal("29.95"), 31), True),  # published with one decimal: 30,0
        ((Decimal("29.94"), 31), False),  # 29,9
        ((None, 35), False),  # no handicap on the day
    ],
)
def test_both_players_30_or_higher(handicaps, eligible):
    players = [PlayerOnDay(f"p{n}", h) for n, h in enumerate(handicaps)]
    assert check_pair(players).eligible is eligible


def test_the_verdict_names_who_fails():
    low, fine = PlayerOnDay("Lo", Decimal("27.36")), PlayerOnDay("Hi", 33)
    verdict = check_pair([low, fine])
    assert verdict == Verdict(eligible=False, failing=(low,))
    assert low.shown == Decimal("27.4")


def test_a_pair_is_two_players():
    """Line 308: "Båda spelarna i paret"; a registration of one player is refused."""
    verdict = check_pair([PlayerOnDay("Solo", 40)])
    assert not verdict.eligible and verdict.players == 1


@pytest.mark.parametrize(("pairs", "enough"), [(10, False), (11, True), (20, True)])
def test_a_heat_needs_eleven_pairs(pairs, enough):
    assert heat_big_enough(pairs) is enough  # line 316


# -- handicaps on the day --


def _history_tournament(day: dt.date) -> Tournament:
    return Tournament.objects.create(
        event_id=f"hist-{day}-{Tournament.objects.count()}", name="Klubbtävling",
        start_date=day, end_date=day, kind="pairs", scoring="matchpoints", boards=24,
    )  # fmt: skip


def _row(member, day: dt.date, new: str) -> None:
    value = Decimal(new)
    HandicapChange.objects.create(
        member=member, tournament=_history_tournament(day), played_on=day, old=value,
        owner=value, field=value, expected=Decimal(50), achieved=Decimal(50),
        change=Decimal(0), new=value, boards=24, scoring="topscore",
        policy_version="SBF 2007",
    )  # fmt: skip


def _start(member, value: str) -> None:
    MemberHandicap.objects.create(
        member=member, handicap=Decimal(value), start=Decimal(value), policy_version="SBF 2007"
    )


@pytest.mark.django_db
def test_the_handicap_in_force_at_the_end_of_the_day():
    """Line 308: "vid tidpunkten för anmälningstidens utgång": the history row of the
    day itself counts, a later one does not; a member who has not played since entering
    holds the start handicap; a member with neither has none."""
    on_day, later, start_only, nothing = (MemberFactory() for _ in range(4))
    _row(on_day, dt.date(2025, 3, 1), "29.00")
    _row(on_day, CLOSES, "30.10")
    _row(later, dt.date(2025, 2, 1), "31.00")
    _row(later, dt.date(2025, 3, 22), "28.00")
    _start(start_only, "44.50")
    found = handicaps_on(CLOSES, [m.pk for m in (on_day, later, start_only, nothing)])
    assert found == {
        on_day.pk: Decimal("30.10"),
        later.pk: Decimal("31.00"),
        start_only.pk: Decimal("44.50"),
    }


# -- the page --


@pytest.fixture
def hcp30(db):
    district = DistrictFactory()
    return Championship.objects.create(
        district=district, season=2024, discipline=Championship.Discipline.HCP30,
        form="pairs", name="DM Par Hcp 30+", registration_closes=CLOSES,
    )  # fmt: skip


def _register(championship, *members, name="", withdrawn=None) -> Registration:
    registration = Registration.objects.create(
        championship=championship, name=name, registered_on=dt.date(2025, 3, 1),
        withdrawn_on=withdrawn,
    )  # fmt: skip
    for member in members:
        RegisteredPlayer.objects.create(registration=registration, member=member)
    return registration


@pytest.fixture
def pairs(hcp30):
    anna, bo, cilla, dan, eva, fred = (
        MemberFactory(first_name=n, last_name="Hcp")
        for n in ("Anna", "Bo", "Cilla", "Dan", "Eva", "Fred")
    )
    _row(anna, dt.date(2025, 3, 10), "31.20")
    _start(bo, "38.00")
    _row(cilla, dt.date(2025, 3, 10), "27.36")
    _row(dan, dt.date(2025, 3, 10), "33.00")
    _row(eva, dt.date(2025, 3, 10), "35.00")
    # fred has no handicap at all
    _register(hcp30, anna, bo, name="Anna–Bo")
    _register(hcp30, cilla, dan, name="Cilla–Dan")
    _register(hcp30, eva, fred, name="Eva–Fred")
    _register(hcp30, anna, dan, name="Withdrawn pair", withdrawn=dt.date(2025, 3, 5))
    return hcp30


def _page(client, championship, lang=EN) -> str:
    response = client.get(reverse("handicap:dm_hcp30", args=[championship.pk]), **lang)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
def test_each_pair_with_both_handicaps_on_the_day_and_the_verdict(client, pairs):
    """Line 308, with the seed's own date."""
    page = _page(client, pairs)
    table = page[page.index('id="hcp30-table"') :]
    rows = table.split("<tr")[2:]
    assert "Anna–Bo" in rows[0] and "31.2" in rows[0] and "38.0" in rows[0]
    assert ">eligible<" in rows[0]
    assert "not eligible: Cilla Hcp has 27.4 on 21 March 2025" in rows[1]
    assert "not eligible: Fred Hcp has no handicap on 21 March 2025" in rows[2]
    assert "Withdrawn pair" not in page
    assert "1 of 3 pairs may play." in page


@pytest.mark.django_db
def test_the_page_in_swedish(client, pairs):
    page = _page(client, pairs, SV)
    assert "27,4" in page and "21 mars 2025" in page


@pytest.mark.django_db
def test_only_a_hcp30_championship_has_the_page(client, hcp30):
    hcp30.discipline = Championship.Discipline.OPEN
    hcp30.save()
    response = client.get(reverse("handicap:dm_hcp30", args=[hcp30.pk]), **EN)
    assert response.status_code == 404


@pytest.mark.django_db
def test_no_last_registration_day_is_said_and_nothing_is_judged(client, pairs):
    pairs.registration_closes = None
    pairs.save()
    check = hcp30_check(pairs)
    assert all(p.verdict is None for p in check.pairs)
    assert "no last registration day" in check.problems[0]


@pytest.mark.django_db
def test_the_page_reads_a_fixed_number_of_queries(client, pairs, django_assert_max_num_queries):
    for n in range(10):
        _register(pairs, MemberFactory(), MemberFactory(), name=f"More {n}")
    with django_assert_max_num_queries(12):
        _page(client, pairs)


# -- the final, with handicap --


def _final_tournament(name: str, pairs: int, *, handicap_event=True) -> Tournament:
    """Pair n is placed n without handicap; with handicap the order is reversed."""
    day = dt.date(2025, 4, 12)
    tournament = Tournament.objects.create(
        event_id=name, name=name, start_date=day, end_date=day, kind="pairs",
        scoring="matchpoints", boards=40, handicap_event=handicap_event,
    )  # fmt: skip
    section = Section.objects.create(tournament=tournament, name="A")
    for n in range(1, pairs + 1):
        entry = Entry.objects.create(section=section, number=n, name=f"{name} {n}")
        EntryPlayer.objects.create(entry=entry, member=MemberFactory())
        EntryPlayer.objects.create(entry=entry, member=MemberFactory())
        hcp = pairs + 1 - n if handicap_event else None
        Standing.objects.create(
            entry=entry, place=n, place_to=n, score=Decimal(300 - n),
            percentage=Decimal(65) - n, handicap_place=hcp, handicap_place_to=hcp,
        )  # fmt: skip
    return tournament


def _final(championship, tournament, name="Linköping") -> Heat:
    stage, _ = Stage.objects.get_or_create(championship=championship, kind=Stage.Kind.FINAL)
    return Heat.objects.create(
        stage=stage, name=name, club=ClubFactory(district=championship.district),
        tournament=tournament,
    )  # fmt: skip


@pytest.mark.django_db
def test_the_final_is_shown_in_its_order_with_handicap(client, hcp30):
    """Line 308: "det är resultatet med handikapp som utgör grund för vidare avancemang"."""
    _final(hcp30, _final_tournament("Final", 12))
    check = hcp30_check(hcp30)
    (heat,) = check.final
    assert [r.entry for r in heat.rows[:3]] == ["Final 12", "Final 11", "Final 10"]
    assert [(r.place, r.plain_place) for r in heat.rows[:2]] == [("1", "12"), ("2", "11")]
    assert check.problems == []
    page = _page(client, hcp30)
    assert page.index("Final 12") < page.index("Final 1<")


@pytest.mark.django_db
def test_a_struck_pair_takes_no_place_on_the_list_with_handicap(hcp30):
    """003 lines 193-195 with line 308: the struck pair is listed below the others,
    whose places with handicap close up."""
    tournament = _final_tournament("Final", 12)
    Entry.objects.filter(section__tournament=tournament, number=12).update(struck="twice")
    _final(hcp30, tournament)
    (heat,) = hcp30_check(hcp30).final
    assert [(r.entry, r.place) for r in heat.rows[:2]] == [("Final 11", "1"), ("Final 10", "2")]
    assert [(r.entry, r.struck) for r in heat.struck] == [("Final 12", "twice")]


@pytest.mark.django_db
def test_a_stage_without_handicap_and_a_small_heat_are_named(hcp30):
    """Line 308: every stage is played with handicap; line 316: at least 11 pairs."""
    _final(hcp30, _final_tournament("Plain", 12, handicap_event=False), name="Norrköping")
    _final(hcp30, _final_tournament("Small", 10), name="Motala")
    problems = hcp30_check(hcp30).problems
    assert any("Norrköping" in p and "not a handicap event" in p for p in problems)
    assert any("Motala" in p and "10 pairs" in p and "11" in p for p in problems)
    assert not any("Linköping" in p for p in problems)
