"""A DM final's award facts (final_awards.py): the bonus it pays by form and discipline
(000 lines 1738-1755, 003 lines 327-343) and its entries from outside the district (003
lines 321, 405), written when the official links the final's results."""

import datetime as dt

import pytest

from members.tests.factories import ClubFactory, DistrictFactory, MemberFactory, MembershipFactory
from tournaments.championships.districts import representation_districts
from tournaments.championships.final_awards import BONUS_KIND, mark_final
from tournaments.championships.models import Championship, Heat, Stage
from tournaments.championships.official.services import save_heat
from tournaments.models import Entry, EntryPlayer, Section, Tournament

pytestmark = pytest.mark.django_db


def _final(district, *, form="pairs", discipline="open", stage_kind=Stage.Kind.FINAL):
    championship = Championship.objects.create(
        district=district, season=2024, discipline=discipline, form=form, name="DM"
    )
    stage = Stage.objects.create(championship=championship, kind=stage_kind)
    day = dt.date(2025, 4, 26)
    tournament = Tournament.objects.create(
        event_id="final", name="DM-final", start_date=day, end_date=day, kind=form,
        scoring="matchpoints", level="silver", boards=42,
    )  # fmt: skip
    section = Section.objects.create(tournament=tournament, name="A")
    home, away = ClubFactory(district=district), ClubFactory(district=DistrictFactory())
    entries = []
    for n, clubs in enumerate(((home, home), (home, away), (away, away)), start=1):
        entry = Entry.objects.create(section=section, number=n)
        for club in clubs:
            member = MemberFactory()
            MembershipFactory(member=member, club=club, season=2024)
            EntryPlayer.objects.create(entry=entry, member=member)
        entries.append(entry)
    return Heat(stage=stage, name="Final", tournament=tournament), entries


def test_the_bonus_by_form_and_discipline():
    assert BONUS_KIND[("pairs", "open")] == "open"
    assert {BONUS_KIND[("pairs", d)] for d in ("ladies", "mixed", "veterans", "juniors")} == {
        "other"
    }
    assert BONUS_KIND[("pairs", "hcp30")] == "hcp30"
    assert BONUS_KIND[("teams", "open")] == "teams"
    assert ("teams", "veterans") not in BONUS_KIND  # 000 line 1738: open class only


def test_saving_the_finals_results_marks_the_bonus_and_the_pairs_from_outside(
    django_capture_on_commit_callbacks,
):
    district = DistrictFactory()
    heat, (ours, mixed, theirs) = _final(district)
    with django_capture_on_commit_callbacks(execute=True):
        save_heat(heat, user=None, created=True, old_day=None, warnings=[])
    options = Tournament.objects.get(pk=heat.tournament_id).award_options
    assert options["dm_final"] == "open"
    # 003 line 321: both players must represent the district's clubs
    assert options["dm_outside"] == sorted([mixed.pk, theirs.pk])
    assert (
        Tournament.objects.get(pk=heat.tournament_id).pipeline_status == "done"
    )  # run again, in-process here


def test_a_heat_that_is_not_a_final_is_left_alone():
    heat, _ = _final(DistrictFactory(), stage_kind=Stage.Kind.SILVER_HEATS)
    heat.save()
    assert mark_final(heat) is False
    assert Tournament.objects.get(pk=heat.tournament_id).award_options == {}


def test_a_teams_final_of_another_class_pays_no_bonus():
    heat, _ = _final(DistrictFactory(), form="teams", discipline="veterans")
    heat.save()
    tournament = Tournament.objects.get(pk=heat.tournament_id)
    tournament.award_options = {"dm_final": "teams"}
    tournament.save()
    assert mark_final(heat) is True  # the stale fact is taken away
    assert "dm_final" not in Tournament.objects.get(pk=heat.tournament_id).award_options


def test_last_seasons_club_stands_until_the_new_season_is_entered():
    district = DistrictFactory()
    member = MemberFactory()
    MembershipFactory(member=member, club=ClubFactory(district=district), season=2023)
    assert representation_districts([member.pk], 2024) == {member.pk: district.pk}
    assert representation_districts([member.pk], 2022) == {}
