"""Confirming the final's places, declines and replacements end to end on the official's
places page (issue #21 point 4; seed 003 lines 215-296), and striking a pair (lines
193-195) with the search for players who qualified twice."""

import datetime as dt
from decimal import Decimal

import pytest
from django.urls import reverse

from members.tests.factories import ClubFactory, DistrictFactory, district_official
from tournaments.championships.models import (
    Championship,
    FinalPlace,
    Heat,
    OfficialStep,
    Registration,
    Stage,
)
from tournaments.championships.official import services
from tournaments.championships.tests.test_official_pages import _member, heat_tournament
from tournaments.models import Entry, Standing, Tournament

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}


def _championship(sizes, *, players=None):
    district = DistrictFactory()
    championship = Championship.objects.create(
        district=district, season=2024, discipline="open", form="pairs", name="DM Par Open"
    )
    stage = Stage.objects.create(championship=championship, kind=Stage.Kind.SILVER_HEATS)
    Stage.objects.create(championship=championship, kind=Stage.Kind.FINAL)
    for n, (name, pairs) in enumerate(sizes):
        Heat.objects.create(
            stage=stage, name=name, club=ClubFactory(district=district),
            day=dt.date(2024, 11, 5 + n),
            tournament=heat_tournament(name, pairs, day=dt.date(2024, 11, 5 + n),
                                       players=(players or {}).get(name)),
        )  # fmt: skip
    return championship


@pytest.fixture
def dm():
    """42 pairs: a final of 22; heats of 12, 14, 16 get 6, 7 and 9 (T1 6-7-8, T2 the last
    to heat C's remainder 0.381; 003 lines 222, 250-264)."""
    return _championship((("Heat A", 12), ("Heat B", 14), ("Heat C", 16)))


@pytest.fixture
def official(client, dm):
    user = district_official(dm.district)
    client.force_login(user)
    return user


def _url(name, championship):
    return reverse(f"championships:{name}", args=[championship.pk])


def _held(championship):
    return list(
        FinalPlace.objects.filter(championship=championship, declined_on=None).order_by("position")
    )


def test_the_page_shows_the_allocation_and_confirm_stores_it(client, dm, official):
    page = client.get(_url("official_places", dm), **EN).content.decode()
    assert (
        "Half of 42 pairs is 21" in page and "the final has the next higher even number, 22" in page
    )
    assert "largest remainder 0.381" in page
    client.post(_url("official_places", dm), {"action": "confirm"})
    rows = _held(dm)
    assert len(rows) == 22
    by_heat = {}
    for row in rows:
        by_heat.setdefault(row.heat.name, []).append(row)
    assert [len(by_heat[h]) for h in ("Heat A", "Heat B", "Heat C")] == [6, 7, 9]
    assert [r.rule for r in by_heat["Heat C"]] == ["t1"] * 8 + ["t2"]
    last = by_heat["Heat C"][-1]
    assert last.name == "Heat C pair 9" and last.entry.number == 9
    assert "T2: largest remainder 0.381" in last.reason_en
    assert "T2: största rest 0,381" in last.reason_sv
    (step,) = OfficialStep.objects.filter(championship=dm, kind=OfficialStep.Kind.CONFIRMED)
    assert step.note.startswith("22 places confirmed")


def test_confirming_again_replaces_the_rows_and_says_so(client, dm, official):
    client.post(_url("official_places", dm), {"action": "confirm"})
    first = {r.pk for r in _held(dm)}
    client.post(_url("official_places", dm), {"action": "confirm"})
    rows = _held(dm)
    assert len(rows) == 22 and not first & {r.pk for r in rows}
    last = OfficialStep.objects.filter(kind=OfficialStep.Kind.CONFIRMED).last()
    assert "replaces the 22 places confirmed before" in last.note


def test_decline_and_replacement_rule_1(client, dm, official):
    """003 lines 280, 284: heat A's first pair declines; heat A offers its next pair,
    place 7 at 63 %; the declined pair never comes back."""
    client.post(_url("official_places", dm), {"action": "confirm"})
    declined = FinalPlace.objects.get(championship=dm, name="Heat A pair 1")
    client.post(
        _url("official_places", dm),
        {"action": "decline", "place": declined.pk, "declined_on": "2025-03-25"},
    )
    declined.refresh_from_db()
    assert declined.declined_on == dt.date(2025, 3, 25)
    page = client.get(_url("official_places", dm), **EN).content.decode()
    assert "Replacement rule 1: place 7 in heat 1, 63.00 % (at least 45.0 %)" in page
    client.post(_url("official_places", dm), {"action": "replace"})
    new = FinalPlace.objects.get(championship=dm, name="Heat A pair 7")
    assert new.rule == FinalPlace.Rule.RULE_1 and new.heat.name == "Heat A"
    assert "Ersättningsregel 1" in new.reason_sv
    assert len(_held(dm)) == 22
    kinds = list(OfficialStep.objects.filter(championship=dm).values_list("kind", flat=True))
    assert kinds == ["confirmed", "declined", "replaced"]
    # Confirming again keeps the decline: the pair never gets its place back (line 280).
    client.post(_url("official_places", dm), {"action": "confirm"})
    names = {r.name for r in _held(dm)}
    assert "Heat A pair 1" not in names and "Heat A pair 7" in names
    assert FinalPlace.objects.filter(name="Heat A pair 1").exclude(declined_on=None).exists()


def test_no_replacement_under_45_percent(client, official):
    """003 line 284: heats of 24 and 2 pairs, a final of 14 (half 13, odd); the small
    heat gets one place. Its first pair declines and its second has 44 %: no offer under
    45,0 %, the place stays empty and the final is smaller (decision after line 294)."""
    dm = _championship((("Big", 24), ("Small", 2)))
    Standing.objects.filter(entry__name="Small pair 2").update(percentage=Decimal("44"))
    client.force_login(district_official(dm.district))
    client.post(_url("official_places", dm), {"action": "confirm"})
    place = FinalPlace.objects.get(championship=dm, heat__name="Small")
    client.post(
        _url("official_places", dm),
        {"action": "decline", "place": place.pk, "declined_on": "2025-03-25"},
    )
    page = client.get(_url("official_places", dm), **EN).content.decode()
    assert "Heat 2 has no further pair with at least 45.0 %" in page
    assert "the final is played with 1 pair fewer" in page
    assert 'id="confirm-replacements"' not in page


def test_a_t3_tie_takes_the_committees_lot(client, official):
    """Three heats of 10: a final of 16 (half 15, odd), 5.333 each; T1 gives 15 and the
    last place is T3's; each heat's sixth pair has 64 %: the committee's lot (003 line
    270). The drawn order goes to the trail and decides the place."""
    dm = _championship((("Heat A", 10), ("Heat B", 10), ("Heat C", 10)))
    client.force_login(district_official(dm.district))
    page = client.get(_url("official_places", dm), **EN).content.decode()
    assert "The committee's lot" in page and 'id="confirm"' not in page
    heats = {h.name: h for h in Heat.objects.filter(stage__championship=dm)}
    order = [heats["Heat B"], heats["Heat C"], heats["Heat A"]]
    data = {"action": "lot", **{f"place_{n}": h.pk for n, h in enumerate(order, start=1)}}
    client.post(_url("official_places", dm), data)
    step = OfficialStep.objects.get(championship=dm, kind=OfficialStep.Kind.LOT)
    assert "Heat B, Heat C, Heat A" in step.note
    client.post(_url("official_places", dm), {"action": "confirm"})
    t3 = FinalPlace.objects.get(championship=dm, rule=FinalPlace.Rule.T3)
    assert t3.heat.name == "Heat B" and t3.name == "Heat B pair 6"
    assert len(_held(dm)) == 16
    # Rule 2 (lines 286-292): a declined place goes to T3's next heat in turn, C.
    declined = FinalPlace.objects.get(championship=dm, name="Heat A pair 1")
    client.post(
        _url("official_places", dm),
        {"action": "decline", "place": declined.pk, "declined_on": "2025-03-25"},
    )
    client.post(_url("official_places", dm), {"action": "replace"})
    new = FinalPlace.objects.get(championship=dm, rule=FinalPlace.Rule.RULE_2)
    assert new.name == "Heat C pair 6"


def test_a_lot_naming_a_heat_twice_is_refused(client, official):
    dm = _championship((("Heat A", 10), ("Heat B", 10), ("Heat C", 10)))
    client.force_login(district_official(dm.district))
    heat = Heat.objects.filter(stage__championship=dm).first()
    data = {"action": "lot", "place_1": heat.pk, "place_2": heat.pk, "place_3": heat.pk}
    page = client.post(_url("official_places", dm), data, **EN).content.decode()
    assert "Name each tied heat once." in page
    assert not OfficialStep.objects.filter(kind=OfficialStep.Kind.LOT).exists()


def test_reigning_champions_hold_a_direct_place(client, dm, official):
    """003 lines 272-276 (decision 7: on top of the heats' places)."""
    a, b = _member(dm.district), _member(dm.district)
    registration = Registration.objects.create(
        championship=dm, name="Champions", registered_on=dt.date(2024, 9, 10),
        reigning_champions=True,
    )  # fmt: skip
    registration.players.create(member=a)
    registration.players.create(member=b)
    client.post(_url("official_places", dm), {"action": "confirm"})
    direct = FinalPlace.objects.get(championship=dm, rule=FinalPlace.Rule.DIRECT)
    assert direct.registration == registration and direct.entry is None
    assert len(_held(dm)) == 23


# -- striking a pair, and players who qualified twice -----------------------------------


def test_strike_sets_the_line_writes_the_trail_and_queues_the_pipeline(client, dm, official):
    heat = Heat.objects.get(name="Heat A")
    entry = Entry.objects.get(section__tournament=heat.tournament, number=2)
    Tournament.objects.filter(pk=heat.tournament_id).update(pipeline_status="done")
    url = reverse("championships:official_strike", args=[dm.pk, heat.pk])
    client.post(url, {"entry": entry.pk, "reason": "Qualified in Heat X on 2024-10-20"})
    entry.refresh_from_db()
    assert entry.struck == "Qualified in Heat X on 2024-10-20"
    heat.tournament.refresh_from_db()
    assert heat.tournament.pipeline_status == Tournament.Pipeline.QUEUED
    (step,) = OfficialStep.objects.filter(championship=dm, kind=OfficialStep.Kind.STRUCK)
    assert "Heat A pair 2" in step.note and "003 lines 193-195" in step.note
    # A struck pair neither counts nor qualifies (003 line 195): 41 pairs, final 22.
    page = client.get(_url("official_places", dm), **EN).content.decode()
    assert "Half of 41 pairs" in page


def test_players_who_qualified_twice_are_found_in_any_district(client, official):
    """003 line 193: "i samma distriktsförbund (dfb) eller annat dfb". Player x played
    heat A (5 Nov) and heat B (6 Nov) here, and a heat in another district on 1 Nov:
    that first heat stands, both later lines are to strike."""
    dm = _championship((("Heat A", 12), ("Heat B", 12)))
    x, y, z, w = (_member(dm.district) for _ in range(4))
    for name, number, pair in (("Heat A", 1, (x, y)), ("Heat B", 3, (x, z))):
        entry = Entry.objects.get(
            section__tournament__heat__stage__championship=dm,
            section__tournament__name=name,
            number=number,
        )
        for member in pair:
            entry.players.create(member=member, name=member.full_name)
    client.force_login(district_official(dm.district))
    elsewhere = _championship((("Heat Z", 12),), players={"Heat Z": {2: (x, w)}})
    Heat.objects.filter(stage__championship=elsewhere).update(day=dt.date(2024, 11, 1))
    found, _names = services.twice_lines(dm)
    assert [f.player for f in found] == [x.pk]
    page = client.get(_url("official_twice", dm), **EN).content.decode()
    assert x.full_name in page and "stands" in page
    assert page.count("to strike") == 2


def test_a_place_that_is_not_there_is_a_404(client, dm, official):
    data = {"action": "decline", "place": "abc", "declined_on": "2025-03-25"}
    assert client.post(_url("official_places", dm), data).status_code == 404
