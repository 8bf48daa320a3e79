"""DM-par on the championship's page (issue #21 points 2 and 4, part "pairs"): T3 from
the heats' lists, who plays the qualification in a bronze heat, struck pairs, ties only
where they decide a place, reserves, the SM places with their cap and who is passed
over, the final's field as confirmed, and the bonus. Seed 003_796cec548aee39db.txt."""

import datetime as dt
from decimal import Decimal

import pytest
from django.urls import reverse

from members.tests.factories import ClubFactory, DistrictFactory, MemberFactory, MembershipFactory
from tournaments.championships.models import (
    Championship,
    FinalPlace,
    Heat,
    Registration,
    Stage,
)
from tournaments.championships.selectors import qualification, sm_view
from tournaments.models import Entry, EntryPlayer, Section, Standing, Tournament

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}
DAY = dt.date(2024, 10, 5)


def _tournament(name: str, percents: list[str], *, boards: int = 26) -> Tournament:
    """A heat's results: one line per percentage, in the list's order."""
    tournament = Tournament.objects.create(
        event_id=name, name=name, start_date=DAY, end_date=DAY, kind="pairs",
        scoring="matchpoints", level="bronze", boards=boards,
    )  # fmt: skip
    section = Section.objects.create(tournament=tournament, name="A")
    for n, percent in enumerate(percents, start=1):
        entry = Entry.objects.create(section=section, number=n, name=f"{name} pair {n}")
        Standing.objects.create(
            entry=entry, place=n, place_to=n,
            score=Decimal(percent) * 2, percentage=Decimal(percent),
        )  # fmt: skip
    return tournament


def _pcts(count: int, top: int = 70) -> list[str]:
    return [str(top - n) for n in range(count)]


def _dm(**kwargs) -> Championship:
    defaults = {"season": 2024, "discipline": "open", "form": "pairs", "name": "DM Par Open"}
    defaults.update(kwargs)
    return Championship.objects.create(district=DistrictFactory(), **defaults)


def _heat(dm: Championship, kind: str, name: str, tournament: Tournament) -> Heat:
    stage, _new = Stage.objects.get_or_create(championship=dm, kind=kind)
    return Heat.objects.create(stage=stage, name=name, day=DAY, tournament=tournament)


def _page(client, dm, lang=EN) -> str:
    return client.get(reverse("championships:detail", args=[dm.pk]), **lang).content.decode()


# -- point 2: T1 and T3 from the domain (003 lines 250-270) ------------------------------


def test_t3_reads_each_heat_s_first_pair_not_placed_by_t1():
    """Three heats of 10: 30 pairs, a final of 16 (15 is odd, line 222). 10 × 16 / 30 =
    5,333 each: T1 gives 5 + 5 + 5, the remainders are equal for the last place, so T3
    compares the pairs at place 6 (lines 266-270): heat B's 61 % wins."""
    dm = _dm()
    for name, sixth in (("Heat A", "60"), ("Heat B", "61"), ("Heat C", "59")):
        percents = _pcts(5, 75) + [sixth] + _pcts(4, 55)
        _heat(dm, Stage.Kind.SILVER_HEATS, name, _tournament(name, percents))
    found = qualification(dm)
    assert found is not None and found.final_size == 16
    assert [line.places for line in found.heats] == [5, 6, 5]
    heat_b = found.heats[1]
    assert any(r.startswith("T3") for r in heat_b.reasons)
    assert heat_b.qualified[-1].name == "Heat B pair 6"


def test_a_t3_tie_is_the_committee_s_lot_on_the_page(client):
    """The same, with equal pairs at place 6: the seed draws lots (line 270)."""
    dm = _dm()
    for name in ("Heat A", "Heat B", "Heat C"):
        _heat(dm, Stage.Kind.SILVER_HEATS, name, _tournament(name, _pcts(10)))
    page = _page(client, dm)
    assert 'id="qualification-problem"' in page and "draws lots" in page


def test_the_committee_s_recorded_lot_settles_the_t3_tie():
    """Line 270: once the official records the committee's draw (the trail's lot
    step), the page gives the place by it: heat C drawn first takes the last place."""
    from tournaments.championships import trail
    from tournaments.championships.models import OfficialStep

    dm = _dm()
    heats = [
        _heat(dm, Stage.Kind.SILVER_HEATS, name, _tournament(name, _pcts(10)))
        for name in ("Heat A", "Heat B", "Heat C")
    ]
    ids = ",".join(str(h.pk) for h in (heats[2], heats[0], heats[1]))
    trail.record(dm, OfficialStep.Kind.LOT, None, f"The committee's lot [lot: {ids}]")
    found = qualification(dm)
    assert found.problem == ""
    assert [line.places for line in found.heats] == [5, 5, 6]


# -- point 3: a bronze heat counts its declared pairs (003 lines 185-187) ---------------


def _bronze_with_declarations(dm: Championship) -> Heat:
    """A bronze heat of 10 pairs: pairs 1, 3, 5, 7, 9, 10 declared for the
    qualification, 2 and 4 declared they do not play it, 6 and 8 never registered."""
    heat = _heat(dm, Stage.Kind.BRONZE_HEATS, "Bronze 1", _tournament("Bronze 1", _pcts(10)))
    for entry in Entry.objects.filter(section__tournament=heat.tournament):
        if entry.number in (6, 8):
            continue
        Registration.objects.create(
            championship=dm, heat=heat, name=entry.name, registered_on=DAY, entry=entry,
            plays_qualification=entry.number not in (2, 4),
        )  # fmt: skip
    return heat


def test_a_bronze_heat_counts_only_the_pairs_that_declared(client):
    """Lines 185-187: 6 of 10 pairs declared; H_k is 6, the final 4 (3 is odd: the next
    even number, line 222), and the places go down the declared pairs only."""
    dm = _dm()
    _bronze_with_declarations(dm)
    found = qualification(dm)
    assert found is not None and found.qualified == 6 and found.final_size == 4
    assert [p.name for p in found.heats[0].qualified] == [
        f"Bronze 1 pair {n}" for n in (1, 3, 5, 7)
    ]
    page = _page(client, dm)
    table = page[page.index('id="declarations"') : page.index('id="qualification"')]
    assert table.count('class="mark-declared"') == 6
    assert table.count('class="mark-not_declared"') == 2
    assert table.count('class="mark-unregistered"') == 2  # decision: not declared
    assert "Not registered, so not declared before the start" in table
    swedish = _page(client, dm, SV)
    assert "Anmälde före start: deltar inte i kvalet." in swedish


def test_a_bronze_heat_with_too_few_declared_pairs_is_no_heat(client):
    """Line 189: at least 4 of the pairs in the qualification."""
    dm = _dm()
    heat = _heat(dm, Stage.Kind.BRONZE_HEATS, "Bronze 2", _tournament("Bronze 2", _pcts(9)))
    for entry in Entry.objects.filter(section__tournament=heat.tournament, number__lte=3):
        Registration.objects.create(championship=dm, heat=heat, registered_on=DAY, entry=entry)
    page = _page(client, dm)
    assert "a bronze heat needs at least 4 pairs in the qualification, not 3" in page
    assert qualification(dm).qualified == 0


# -- point 4: struck pairs (003 lines 193-195) -----------------------------------------


def test_a_struck_pair_does_not_count_and_holds_no_place(client):
    """A silver heat of 12 with its 2nd pair struck: H_k is 11, the final 6 (5.5 goes up
    to the next even number, line 223), and the places go to pairs 1, 3-7."""
    dm = _dm()
    heat = _heat(dm, Stage.Kind.SILVER_HEATS, "Heat S", _tournament("Heat S", _pcts(12)))
    Entry.objects.filter(section__tournament=heat.tournament, number=2).update(
        struck="qualified twice in the discipline"
    )
    found = qualification(dm)
    assert found.qualified == 11 and found.final_size == 6
    assert "Heat S pair 2" not in [p.name for p in found.heats[0].qualified]
    assert found.heats[0].qualified[1].name == "Heat S pair 3"
    page = _page(client, dm)
    assert "<del>Heat S pair 2</del>" in page
    assert "Struck from the results: qualified twice in the discipline." in page


# -- point 7: ties only where they decide a place (003 lines 209-211) --------------------


def test_a_tie_for_the_last_place_is_shown_and_others_are_not(client):
    """Heat T: 8 pairs, a final of 4 (line 219). Pairs 4 and 5 have the same score
    across the last place: shown. Pairs 1 and 2 tie too, above it: not shown."""
    dm = _dm()
    _heat(
        dm, Stage.Kind.SILVER_HEATS, "Heat T",
        _tournament("Heat T", ["70", "70", "65", "60", "60", "55", "50", "45"]),
    )  # fmt: skip
    found = qualification(dm)
    assert found.final_size == 4
    line = found.heats[0]
    assert "Heat T pair 4, Heat T pair 5" in line.tie
    assert "Heat T pair 1" not in line.tie and not line.tie_open
    page = _page(client, dm)
    assert page.count('tie">') == 1


def test_no_tie_no_words(client):
    dm = _dm()
    _heat(dm, Stage.Kind.SILVER_HEATS, "Heat U", _tournament("Heat U", _pcts(8)))
    assert qualification(dm).heats[0].tie == ""
    assert 'tie">' not in _page(client, dm)


# -- point 5: the SM places and their cap (003 lines 167-177) ----------------------------


def _player(entry: Entry, club, *, reserve: bool = False, boards=None) -> EntryPlayer:
    member = MemberFactory()
    MembershipFactory(member=member, club=club, season=2024, represents=True)
    return EntryPlayer.objects.create(
        entry=entry, member=member, reserve=reserve, boards_played=boards
    )


def test_the_sm_places_cap_and_who_is_passed_over(client):
    """3 SM places; pairs from outside play for at most 1 (line 171). In the final,
    pairs 1 and 2 are from outside (both players' clubs in another district): pair 1
    takes an SM place, pair 2 is passed over, pairs 3 and 4 take the others (line 177).
    Pair 3 has one player from the district: the district's (line 165)."""
    dm = _dm(sm_places=3)
    home, away = ClubFactory(district=dm.district), ClubFactory()
    final = _heat(dm, Stage.Kind.FINAL, "Final", _tournament("Final", _pcts(6)))
    for entry in Entry.objects.filter(section__tournament=final.tournament).order_by("number"):
        clubs = {1: (away, away), 2: (away, away), 3: (away, home)}.get(entry.number, (home, home))
        for club in clubs:
            _player(entry, club)
    view = sm_view(dm)
    assert view.cap == 1 and view.played
    assert [r.place for r in view.rows if r.sm] == [1, 3, 4]
    assert [r.outside for r in view.rows[:4]] == [True, True, False, False]
    assert "003 lines 167-175" in view.rows[1].passed
    page = _page(client, dm)
    assert "at most 1 (003 lines 167-175)" in page
    section = page[page.index('id="sm-places"') :]
    assert "passed over:" in section and "Final pair 2" in section


def test_sm_places_before_the_final_is_played(client):
    dm = _dm(sm_places=5)
    page = _page(client, dm)
    section = page[page.index('id="sm-places"') :]
    assert "The district has 5 SM places" in section and "at most 2" in section  # line 172
    assert "given from the final's results" in section


# -- point 6: reserves (003 lines 197-205) -------------------------------------------


def test_reserves_in_the_heat_and_the_final(client):
    """Line 199: heat V's pair 1 has a reserve and a regular who played half the heat.
    Line 201: the final's pair 1 has a reserve who played heat V."""
    dm = _dm(sm_places=2)
    club = ClubFactory(district=dm.district)
    heat = _heat(dm, Stage.Kind.SILVER_HEATS, "Heat V", _tournament("Heat V", _pcts(8)))
    first = Entry.objects.get(section__tournament=heat.tournament, number=1)
    _player(first, club, boards=13)
    reserve = _player(first, club, reserve=True)
    final = _heat(dm, Stage.Kind.FINAL, "Final", _tournament("Final", _pcts(4)))
    in_final = Entry.objects.get(section__tournament=final.tournament, number=1)
    _player(in_final, club)
    EntryPlayer.objects.create(entry=in_final, member=reserve.member, reserve=True)
    page = _page(client, dm)
    assert (
        "Heat V pair 1: no regular player played all 26 boards of the heat (003 line 199)." in page
    )
    assert "played a qualification in the discipline this season (003 line 201)" in page


# -- point 8: the final's field, confirmed or computed, and the bonus --------------------


def test_the_field_from_the_heats_before_the_official_confirms(client):
    dm = _dm()
    _heat(dm, Stage.Kind.SILVER_HEATS, "Heat A", _tournament("Heat A", _pcts(8)))
    page = _page(client, dm)
    section = page[page.index('id="final-field"') :]
    assert "has not confirmed the places yet" in section
    assert "Heat A pair 4" in section and "Heat A pair 5" not in section


def test_the_confirmed_field_with_rule_reason_and_declined(client):
    dm = _dm()
    heat = _heat(dm, Stage.Kind.SILVER_HEATS, "Heat A", _tournament("Heat A", _pcts(8)))
    stage = Stage.objects.create(championship=dm, kind=Stage.Kind.FINAL)
    FinalPlace.objects.create(
        championship=dm, stage=stage, heat=heat, name="Par Ett", rule=FinalPlace.Rule.T2,
        reason_en="T2: largest remainder 0.642", reason_sv="T2: största rest 0,642",
        position=1, declined_on=DAY,
    )  # fmt: skip
    FinalPlace.objects.create(
        championship=dm, stage=stage, heat=heat, name="Par Två", rule=FinalPlace.Rule.RULE_1,
        reason_en="replacement rule 1: next in heat A at 47.3 %",
        reason_sv="ersättningsregel 1: näst på tur i heat A med 47,3 %", position=2,
    )  # fmt: skip
    page = _page(client, dm)
    section = page[page.index('id="final-field"') :]
    assert "As the official confirmed the places" in section
    assert "<del>Par Ett</del> (declined)" in section
    assert "T2: largest remainder 0.642" in section
    assert "replacement rule 1: next in heat A at 47.3 %" in section
    swedish = _page(client, dm, SV)
    assert "ersättningsregel 1: näst på tur i heat A med 47,3 %" in swedish


@pytest.mark.parametrize(
    ("discipline", "form", "words"),
    [
        ("open", "pairs", "60, 40 and 30 silver points"),  # 000 lines 1747-1750
        ("ladies", "pairs", "10, 5 and 3 silver points"),  # 000 lines 1752-1755
        ("hcp30", "pairs", "at least 40 boards (003 line 345)"),
        ("open", "teams", "42, 30 and 21 silver points"),  # 000 lines 1738-1741
    ],
)
def test_the_bonus_on_the_page(client, discipline, form, words):
    dm = _dm(discipline=discipline, form=form)
    page = _page(client, dm)
    assert words in page[page.index('id="bonus"') :]


def test_a_teams_final_of_another_class_shows_no_bonus(client):
    """000 line 1738: DM Lag's bonus is for the open class only."""
    dm = _dm(discipline="veterans", form="teams")
    assert 'id="bonus"' not in _page(client, dm)


def test_the_page_s_queries_do_not_grow_with_the_pairs(client, django_assert_max_num_queries):
    dm = _dm(sm_places=3)
    club = ClubFactory(district=dm.district)
    for name in ("Heat A", "Heat B", "Heat C"):
        heat = _heat(dm, Stage.Kind.SILVER_HEATS, name, _tournament(name, _pcts(14)))
        for entry in Entry.objects.filter(section__tournament=heat.tournament):
            _player(entry, club)
    final = _heat(dm, Stage.Kind.FINAL, "Final", _tournament("Final", _pcts(12)))
    for entry in Entry.objects.filter(section__tournament=final.tournament):
        _player(entry, club)
    with django_assert_max_num_queries(25):  # 20: per heat, not per pair
        assert client.get(reverse("championships:detail", args=[dm.pk]), **EN).status_code == 200


def test_the_bonus_names_its_lines_in_the_readers_language(client):
    dm = _dm(discipline="open", form="pairs")
    assert "(000 lines 1747-1750; 003 lines 335-339)" in _page(client, dm)
    assert "(000 rad 1747-1750; 003 rad 335-339)" in _page(client, dm, SV)
