"""A pair struck from the results (``Entry.struck``) in the pipeline.

Seed ``003_796cec548aee39db.txt`` lines 193-195: a pair that qualified twice in a
discipline "anses ... ha spelat utom tävlan, varvid paret stryks från resultatlistan";
"Deras resultat på spelade givar räknas dock"; "Mästarpoäng får inte utdelas till par
som strukits från resultatlistan". Decisions: docs/district-championships.md, "Struck
pairs in the pipeline".
"""

import re
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone, translation
from django.utils.html import escape
from django.utils.translation import gettext

from awards.domain.core import Placing, Player
from awards.models import MasterPointAward, TournamentAwards
from awards.season import award_chunk, season_facts
from awards.services import LEDGER_FIELDS, struck_out
from config.pipeline import run_step
from handicap.models import HandicapChange
from members.tests.factories import ClubFactory, MemberFactory
from tournaments import services
from tournaments.domain.standings import close_up
from tournaments.models import Entry, Standing

pytestmark = pytest.mark.django_db

STEPS = ("handicap_list", "awards", "handicaps", "rankings", "later_handicaps")
REASON = "qualified twice in the discipline (003 lines 193-195)"


# -- the plain rule: places close up --


def test_the_places_below_a_struck_pair_close_up():
    """Lines 193-195: the pair is taken off the list; the others move up, and the
    struck pair is kept below them so that the field keeps its size."""
    field = [("a", 1, 1, False), ("b", 2, 2, True), ("c", 3, 3, False), ("d", 4, 4, False)]
    assert close_up(field) == {"a": (1, 1), "c": (2, 2), "d": (3, 3), "b": (4, 4)}


def test_a_struck_pair_sharing_a_place_leaves_the_share_shorter():
    field = [
        ("a", 1, 1, False),
        ("b", 2, 3, False),
        ("x", 2, 3, True),
        ("c", 4, 5, False),
        ("d", 4, 5, False),
        ("e", 6, 6, False),
    ]
    assert close_up(field) == {
        "a": (1, 1),
        "b": (2, 2),
        "c": (3, 4),
        "d": (3, 4),
        "e": (5, 5),
        "x": (6, 6),
    }


def test_two_struck_pairs_keep_their_order_below_the_others():
    field = [("a", 1, 1, True), ("b", 2, 2, False), ("c", 3, 3, True), ("d", 4, 4, False)]
    assert close_up(field) == {"b": (1, 1), "d": (2, 2), "a": (3, 3), "c": (4, 4)}


def test_nothing_struck_changes_nothing():
    field = [("a", 1, 2, False), ("b", 1, 2, False), ("c", 3, 3, False)]
    assert close_up(field) == {"a": (1, 2), "b": (1, 2), "c": (3, 3)}


def _placing(entry, place, *, direction="", handicap=None):
    return Placing(
        entry=entry,
        place=place,
        place_to=place,
        players=(Player(id=f"{entry}1"), Player(id=f"{entry}2")),
        direction=direction,
        handicap_place=handicap,
        handicap_place_to=handicap,
    )


def test_a_mitchell_closes_up_only_the_struck_pairs_direction():
    placings = (
        _placing("n1", 1, direction="NS"),
        _placing("e1", 1, direction="EW"),
        _placing("n2", 2, direction="NS"),
        _placing("e2", 2, direction="EW"),
        _placing("n3", 3, direction="NS"),
    )
    closed = {
        p.entry: (p.place, p.players) for p in struck_out(placings, struck={"n1"}, one_field=False)
    }
    assert closed["n2"][0] == 1 and closed["n3"][0] == 2
    assert closed["e1"][0] == 1 and closed["e2"][0] == 2
    assert closed["n1"] == (3, ())  # below its own direction, nobody to pay


def test_the_handicap_list_closes_up_as_well():
    """Line 308 (Hcp 30+): the handicap list decides; a struck pair takes no place on it
    either, and the handicap list is one list over the whole event."""
    placings = (
        _placing("a", 1, handicap=2),
        _placing("b", 2, handicap=1),
        _placing("c", 3, handicap=3),
    )
    closed = {p.entry: p for p in struck_out(placings, struck={"b"}, one_field=False)}
    assert (closed["a"].handicap_place, closed["c"].handicap_place) == (1, 2)
    assert closed["b"].handicap_place == 3 and closed["b"].players == ()


# -- the pipeline --


def _csv(mids, *, day, pairs=12, boards=24) -> bytes:
    lines = ["# event: Silverkval", f"# date: {day.isoformat()}", f"# boards: {boards}"]
    lines.append("place;players;score")
    for place in range(1, pairs + 1):
        lines.append(f"{place};{mids[2 * place - 2]}+{mids[2 * place - 1]};{300 - 10 * place}")
    return ("\n".join(lines) + "\n").encode()


@pytest.fixture
def field():
    return [MemberFactory(mid=75001 + n) for n in range(24)]


def _import(field, *, struck_place: int | None = None):
    day = timezone.localdate() - timedelta(days=10)
    tournament = services.import_results(
        data=_csv([m.mid for m in field], day=day),
        filename="kval.csv",
        organiser=ClubFactory(),
        run_pipeline=False,
    ).tournament
    if struck_place is not None:
        _strike(tournament, struck_place)
    return tournament


def _strike(tournament, place: int, reason: str = REASON) -> None:
    Entry.objects.filter(section__tournament=tournament, standing__place=place).update(
        struck=reason
    )


def _run(tournament) -> None:
    tournament.refresh_from_db()
    for step in STEPS:
        run_step(tournament_id=tournament.pk, version=tournament.report_version, step=step)


def _ledger(tournament) -> list[tuple]:
    return sorted(
        MasterPointAward.objects.filter(tournament=tournament).values_list(
            "member__mid", "colour", "credited", "reason_en"
        )
    )


def test_a_struck_pair_gets_no_points_and_the_others_move_up(field):
    """Lines 193-195; table A1, 12 pairs (seed 000 lines 609-829): 24 16 11 8 to the
    best third. The pair on 2 is struck: the pairs on 3, 4 and 5 get places 2, 3 and 4,
    and the scale is still the one for 12 pairs (the struck pair played every round)."""
    tournament = _import(field, struck_place=2)
    _run(tournament)
    ledger = _ledger(tournament)
    assert [(mid, credited, reason) for mid, _c, credited, reason in ledger] == [
        (75001, Decimal("24.00"), "Table A1, 12 pairs, place 1"),
        (75002, Decimal("24.00"), "Table A1, 12 pairs, place 1"),
        (75005, Decimal("16.00"), "Table A1, 12 pairs, place 2"),
        (75006, Decimal("16.00"), "Table A1, 12 pairs, place 2"),
        (75007, Decimal("11.00"), "Table A1, 12 pairs, place 3"),
        (75008, Decimal("11.00"), "Table A1, 12 pairs, place 3"),
        (75009, Decimal("8.00"), "Table A1, 12 pairs, place 4"),
        (75010, Decimal("8.00"), "Table A1, 12 pairs, place 4"),
    ]
    # Its result stands: the standings are not recomputed (line 195).
    struck = Standing.objects.get(entry__struck=REASON)
    assert (struck.place, struck.score) == (2, Decimal("280.00"))


def test_striking_and_running_again_is_a_first_run_with_the_pair_struck(
    field, django_capture_on_commit_callbacks
):
    """The official strikes the pair and runs the pipeline again
    (``tournaments.services.run_again``): the ledger is what a first run with the field
    set gives, the struck pair's rows are gone; clearing it brings them back."""
    tournament = _import(field)
    _run(tournament)
    before = _ledger(tournament)
    assert {75003, 75004} <= {row[0] for row in before}

    _strike(tournament, 2)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.run_again(tournament.pk)
    after = _ledger(tournament)
    assert not {75003, 75004} & {row[0] for row in after}

    # The same field struck before its first run, on another copy of the report.
    others = [MemberFactory(mid=76001 + n) for n in range(24)]
    first = _import(others, struck_place=2)
    _run(first)
    assert [(mid - 1000, *rest) for mid, *rest in _ledger(first)] == after

    _strike(tournament, 2, reason="")
    with django_capture_on_commit_callbacks(execute=True):
        assert services.run_again(tournament.pk)
    assert _ledger(tournament) == before


def test_the_seasons_recompute_strikes_the_same_pair(field):
    """The season's recompute (``awards.season.award_chunk``) reads the places the way
    the award step does: the same rows."""
    tournament = _import(field, struck_place=1)
    _run(tournament)
    facts = [f for f in season_facts() if f["pk"] == tournament.pk]
    rows, _runs, _read, _spent = award_chunk(facts)
    assert sorted(rows) == sorted(
        MasterPointAward.objects.filter(tournament=tournament).values_list(*LEDGER_FIELDS)
    )
    assert TournamentAwards.objects.get(tournament=tournament).awards == len(rows) == 8


def _scored(tournament, *, handicap_event=False) -> None:
    """The ranking list as a matchpoint event with percentages, which the handicap
    rules read (pair n on 62 - 2n %)."""
    tournament.scoring = "matchpoints"
    tournament.handicap_event = handicap_event
    tournament.save(update_fields=["scoring", "handicap_event"])
    for standing in Standing.objects.filter(entry__section__tournament=tournament):
        standing.percentage = Decimal(62 - 2 * standing.place)
        standing.save(update_fields=["percentage"])


def test_a_struck_pairs_handicaps_still_move(field):
    """Decision: the boards were played (line 195), so the handicap rules, which measure
    play and not the championship's list, still read them: the struck pair's players get
    their handicap rows like everyone else."""
    tournament = _import(field, struck_place=2)
    _scored(tournament)
    _run(tournament)
    moved = set(
        HandicapChange.objects.filter(tournament=tournament).values_list("member__mid", flat=True)
    )
    assert {75003, 75004} <= moved
    assert len(moved) == 24


def test_a_handicap_event_pays_by_the_closed_up_handicap_list(field):
    """Line 308: the result with handicap decides (Hcp 30+); the struck pair takes no
    place on the handicap list, and its players get nothing."""
    tournament = _import(field, struck_place=1)
    _scored(tournament, handicap_event=True)
    _run(tournament)
    listed = dict(
        Standing.objects.filter(entry__section__tournament=tournament).values_list(
            "entry__struck", "handicap_place"
        )
    )
    assert listed[REASON] is not None  # the step lists it; the awards close it up
    ledger = _ledger(tournament)
    assert ledger and not {75001, 75002} & {row[0] for row in ledger}
    paid_places = {reason.rsplit("place ", 1)[1] for *_r, reason in ledger}
    assert paid_places == {"1", "2", "3", "4"}


# -- the tournament page --


HEADING = "Struck from the results: played outside the competition, no place and no master points"


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_results_page_lists_the_struck_pair_below_the_others(client, field, lang):
    """Lines 193-195: "paret stryks från resultatlistan": the list closes up (the pair
    on 3 is shown on 2) and the struck pair follows with its reason and its score, in
    the reader's language (the words from the catalogue; the reason as the official
    wrote it)."""
    tournament = _import(field, struck_place=2)
    _run(tournament)
    page = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=lang)
    html = page.content.decode()
    standings, struck = html.split('<tbody class="struck">')
    places = [int(p) for p in re.findall(r'<td class="num place">(\d+)=?</td>', standings)]
    assert places == list(range(1, 12))
    with translation.override(lang):
        assert escape(gettext(HEADING)) in struck
        assert escape(gettext("Struck: %(reason)s") % {"reason": REASON}) in struck
    assert "280" in struck  # its result stands
    for player in Entry.objects.get(section__tournament=tournament, struck=REASON).players.all():
        assert player.member.full_name in struck
        assert player.member.full_name not in standings
