"""Reporting the real USEBIO files (../shared/fixtures/usebio) through the service.

Every supported file imports; where Klöver's recomputation agrees with the
program's printed standings the standings are ours, otherwise the printed ones
stand and the recomputed values are kept beside them (docs/decisions.md,
"Whose standings count"). Each disagreement is pinned here with its cause,
found line by line in tournaments/tests/importers/test_usebio_recompute.py.
"""

from decimal import Decimal

import pytest
from django.db.models import Q

from members.tests.factories import ClubFactory, MemberFactory
from tournaments import services
from tournaments.models import BoardResult, Entry, EntryPlayer, ImportLog, Standing, Tournament

pytestmark = pytest.mark.django_db

# file: (pairs, traveller lines, scoring)
FILES = {
    "compscore3_butler_howell.xml": (8, 140, "butler"),
    "compscore3_cross_imp_howell.xml": (9, 108, "cross_imps"),
    "compscore3_mp_pairs_howell.xml": (12, 161, "matchpoints"),
    "compscore3_mp_pairs_mitchell.xml": (38, 512, "matchpoints"),
    "compscore3_mp_pairs_mitchell_03.xml": (13, 126, "matchpoints"),
    "compscore3_mp_pairs_mitchell_adjusted.xml": (42, 567, "matchpoints"),
    "nzscorer_handicap_pairs.xml": (18, 198, "matchpoints"),
    "nzscorer_multi-section-multi-movement-pairs.xml": (66, 858, "matchpoints"),
    "nzscorer_pairs-with-np-passed.xml": (26, 338, "matchpoints"),
    "nzscorer_pairs.xml": (26, 338, "matchpoints"),
    "nzscorer_three_quarter_howell_with_phantom.xml": (11, 135, "matchpoints"),
}
RECOMPUTED_EXACTLY = [
    "compscore3_butler_howell.xml",
    "compscore3_cross_imp_howell.xml",
    "compscore3_mp_pairs_howell.xml",
    "compscore3_mp_pairs_mitchell.xml",
    "compscore3_mp_pairs_mitchell_03.xml",
    "nzscorer_pairs.xml",
]
# file: (entries whose recomputed place or percentage differs from the printed, why)
PRINTED_STAND = {
    "compscore3_mp_pairs_mitchell_adjusted.xml": (41, "hand-edited adjusted scores (README)"),
    "nzscorer_handicap_pairs.xml": (16, "printed % adds HANDICAP/2; ours is scratch"),
    "nzscorer_multi-section-multi-movement-pairs.xml": (
        62,
        "NZ Scorer counts board 17's artificial results as ties and ranks on whole MPs",
    ),
    "nzscorer_pairs-with-np-passed.xml": (26, "NZ Scorer scores a not-played line as a 0"),
    "nzscorer_three_quarter_howell_with_phantom.xml": (
        2,
        "a 2-MP transfer between pairs 4 and 8 on no traveller",
    ),
}


@pytest.fixture
def club():
    return ClubFactory(number=1001)


def _import(shared_fixtures, club, name, **kwargs):
    data = (shared_fixtures / "usebio" / name).read_bytes()
    return services.import_results(
        data=data, filename=name, organiser=club, run_pipeline=False, **kwargs
    )


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_supported_file_imports_whole(shared_fixtures, club, name):
    pairs, lines, scoring = FILES[name]
    outcome = _import(shared_fixtures, club, name)
    t = outcome.tournament
    assert t.scoring == scoring
    assert Entry.objects.filter(section__tournament=t).count() == pairs
    assert BoardResult.objects.filter(section__tournament=t).count() == lines
    assert EntryPlayer.objects.filter(entry__section__tournament=t).count() == 2 * pairs
    ranked = Standing.objects.filter(entry__section__tournament=t)
    assert (
        ranked.count() == pairs - Entry.objects.filter(section__tournament=t, phantom=True).count()
    )
    assert ImportLog.objects.get(tournament=t).outcome == ImportLog.Outcome.SAVED


@pytest.mark.parametrize("name", RECOMPUTED_EXACTLY)
def test_recomputed_standings_reproduce_the_printed_places_and_totals(shared_fixtures, club, name):
    t = _import(shared_fixtures, club, name).tournament
    standings = Standing.objects.filter(entry__section__tournament=t).select_related("entry")
    assert standings.exists()
    # per field: a Mitchell's NS and EW pairs are ranked apart
    most_played = {}
    for s in standings:
        field = s.entry.direction
        most_played[field] = max(most_played.get(field, 0), _boards_played(s.entry))
    for s in standings:
        assert not s.as_printed
        assert s.place == s.entry.printed_place, s.entry
        if s.entry.printed_percentage is not None:
            assert s.percentage == s.entry.printed_percentage, s.entry
        else:
            assert s.score == s.entry.printed_score, s.entry
        if t.scoring == "matchpoints" and name.startswith("compscore3"):
            # Compscore prints the total scaled up to all boards for a pair that missed
            # some, and stores a factored board as a 2-decimal percentage: within 0.02.
            played = _boards_played(s.entry)
            scaled = s.score * most_played[s.entry.direction] / played
            assert abs(scaled - s.entry.printed_score) <= Decimal("0.02"), s.entry
    assert t.standings_note == ""


@pytest.mark.parametrize("name", sorted(PRINTED_STAND))
def test_where_the_program_differs_its_printed_standings_stand(shared_fixtures, club, name):
    differing, _why = PRINTED_STAND[name]
    t = _import(shared_fixtures, club, name).tournament
    standings = list(Standing.objects.filter(entry__section__tournament=t).select_related("entry"))
    assert all(s.as_printed for s in standings)
    assert all(s.place == s.entry.printed_place for s in standings)
    assert all(s.percentage == s.entry.printed_percentage for s in standings)
    changed = [
        s for s in standings if (s.computed_place, s.computed_percentage) != (s.place, s.percentage)
    ]
    assert len(changed) == differing
    assert str(differing) in t.standings_note


def test_shared_places_run_down_to_the_last_of_the_group(shared_fixtures, club):
    t = _import(shared_fixtures, club, "nzscorer_multi-section-multi-movement-pairs.xml").tournament
    shared = Standing.objects.filter(entry__section__tournament=t).exclude(place_to=models_F())
    assert shared.exists()
    for s in shared:
        group = Standing.objects.filter(entry__section__tournament=t, place=s.place)
        assert s.place_to == s.place + group.count() - 1


def _boards_played(entry) -> int:
    return BoardResult.objects.filter(
        Q(ns_entry=entry) | Q(ew_entry=entry), not_played=False
    ).count()


def models_F():
    from django.db.models import F

    return F("place")


def test_players_are_matched_by_mid_and_unknown_mids_become_guests(shared_fixtures, club):
    known = MemberFactory(mid=9000011)
    outcome = _import(shared_fixtures, club, "compscore3_mp_pairs_howell.xml")
    assert EntryPlayer.objects.get(member=known).entry.number == 6
    guests = EntryPlayer.objects.filter(
        entry__section__tournament=outcome.tournament, member__isnull=True
    )
    assert guests.count() == 23
    assert {g.temporary_id for g in guests} >= {"G-9000012"}
    assert len(outcome.warnings) == 23
    assert "unknown MID 9000012" in str(outcome.warnings[0]) or any(
        "unknown MID 9000012" in str(w) for w in outcome.warnings
    )


def test_reporting_again_replaces_without_duplicates(shared_fixtures, club):
    first = _import(shared_fixtures, club, "compscore3_mp_pairs_howell.xml")
    second = _import(shared_fixtures, club, "compscore3_mp_pairs_howell.xml")
    assert second.replaced and not first.replaced
    assert second.tournament.pk == first.tournament.pk
    assert Tournament.objects.count() == 1
    t = Tournament.objects.get()
    assert t.report_version == 2
    assert BoardResult.objects.filter(section__tournament=t).count() == 161
    assert Standing.objects.filter(entry__section__tournament=t).count() == 12
    assert list(ImportLog.objects.order_by("created").values_list("outcome", flat=True)) == [
        "saved",
        "replaced",
    ]


def test_another_club_reporting_the_same_event_id_gets_its_own_tournament(shared_fixtures, club):
    _import(shared_fixtures, club, "compscore3_mp_pairs_howell.xml")
    _import(shared_fixtures, ClubFactory(number=2002), "compscore3_mp_pairs_howell.xml")
    assert Tournament.objects.count() == 2


def test_unsupported_event_type_is_refused_with_its_reason(shared_fixtures, club):
    with pytest.raises(services.ReportRefused) as refused:
        _import(shared_fixtures, club, "compscore3_notsupported.xml")
    [problem] = refused.value.problems
    assert problem.where.endswith("/USEBIO/EVENT/@EVENT_TYPE")
    assert "EVENT_TYPE 'NOTSUP' is not supported" in problem.what
    assert Tournament.objects.count() == 0 and Entry.objects.count() == 0
    log = ImportLog.objects.get()
    assert log.outcome == "refused" and log.errors[0]["what"] == problem.what


def test_traveller_lines_keep_contract_declarer_lead_and_score(shared_fixtures, club):
    t = _import(shared_fixtures, club, "compscore3_mp_pairs_howell.xml").tournament
    line = BoardResult.objects.filter(section__tournament=t, board=1).order_by("pk").first()
    assert (line.ns_entry.number, line.ew_entry.number) == (3, 11)
    assert (line.contract, line.declarer, line.lead, line.tricks, line.score_ns) == (
        "5C",
        "W",
        "H2",
        11,
        -400,
    )
