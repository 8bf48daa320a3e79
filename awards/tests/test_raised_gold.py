"""Raised gold from the field's own handicaps, by the pipeline's award step.

000_18af0e66f52a62b2.txt lines 373-379: a gold event whose field has an average
handicap ("snitthandicap") under 15 is played on the raised scale, 10-7-5-4 gp to the
first four (lines 1779-1781); the office's fact ``average_handicap`` still wins.
"""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from awards.domain.sbf import gold
from awards.field import FIELD_HANDICAP
from awards.models import MasterPointAward
from awards.season import recompute_season
from config.pipeline import run_step
from members.tests.factories import ClubFactory, MemberFactory
from tournaments import services
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

PAIRS = 24  # the least gold pairs field (line 339)


@pytest.fixture(autouse=True)
def national_list():
    """No handicap reader (awards.field) unless a test registers one: the report's
    handicaps decide; the registered one is put back afterwards."""
    saved = FIELD_HANDICAP._reader
    FIELD_HANDICAP.answer_with(None)
    yield FIELD_HANDICAP.answer_with
    FIELD_HANDICAP.answer_with(saved)


def _csv(mids, day) -> bytes:
    lines = [
        "# event: Guldparen",
        f"# date: {day.isoformat()}",
        "# boards: 54",
        "place;players;score",
    ]
    for place in range(1, PAIRS + 1):
        lines.append(f"{place};{mids[2 * place - 2]}+{mids[2 * place - 1]};{500 - 10 * place}")
    return ("\n".join(lines) + "\n").encode()


def _gold_event(handicaps, *, options=None):
    """A 24-pair, 54-board gold event, each entry carrying ``handicaps[i]``, through the
    pipeline's award step."""
    field = [MemberFactory(mid=72001 + n) for n in range(2 * PAIRS)]
    day = timezone.localdate() - timedelta(days=10)
    tournament = services.import_results(
        data=_csv([m.mid for m in field], day),
        filename="guld.csv",
        organiser=ClubFactory(),
        run_pipeline=False,
    ).tournament
    tournament.level = "gold"
    tournament.award_options = options or {}
    tournament.save(update_fields=["level", "award_options"])
    entries = list(Entry.objects.filter(section__tournament=tournament).order_by("pk"))
    for entry, handicap in zip(entries, handicaps, strict=True):
        entry.handicap = handicap
    Entry.objects.bulk_update(entries, ["handicap"])
    run_step(tournament_id=tournament.pk, version=tournament.report_version, step="awards")
    return tournament


def _gold(tournament):
    rows = MasterPointAward.objects.filter(tournament=tournament, colour="gold")
    return sorted(rows.values_list("member__mid", "credited", "reason_en", "reason_sv"))


def test_a_field_averaging_under_15_gets_raised_gold_by_the_award_step():
    # 000 lines 373-379: snitthandicap 13.2 < 15 -> 10-7-5-4 to the first four
    tournament = _gold_event([Decimal("13.2")] * PAIRS)
    rows = _gold(tournament)
    assert [credited for _mid, credited, *_ in rows[::2]] == [10, 7, 5, 4]
    assert rows[0][2] == (
        "Gold points, 24 pairs, place 1; field average handicap 13.20 < 15: raised gold, "
        "000 lines 373-379"
    )
    assert rows[0][3].endswith("; snitthandicap 13,20 < 15: förhöjd guldpoäng, 000 rad 373-379")


def test_an_average_of_exactly_15_is_not_raised():
    # "lägre än 15" (line 377): 15.00 is ordinary gold, two places at 24-31 pairs
    handicaps = [Decimal(14), Decimal(16)] * (PAIRS // 2)
    rows = _gold(_gold_event(handicaps))
    # table D's 24-pair row in gold currency: 24 sp -> 3 gp, 16 sp -> 2 gp (lines 1775-1779)
    assert [credited for _mid, credited, *_ in rows[::2]] == [3, 2]
    assert "field average handicap 15.00 ≥ 15: ordinary gold" in rows[0][2]


def test_the_offices_average_handicap_wins_and_the_reason_says_so():
    tournament = _gold_event([Decimal(20)] * PAIRS, options={"average_handicap": "14.5"})
    rows = _gold(tournament)
    assert [credited for _mid, credited, *_ in rows[::2]] == [10, 7, 5, 4]
    assert "14.50 < 15: raised gold (the office's figure), 000 lines 373-379" in rows[0][2]


def test_a_field_without_every_handicap_gets_no_raised_gold():
    handicaps = [Decimal(10)] * (PAIRS - 1) + [None]
    rows = _gold(_gold_event(handicaps))
    assert len(rows) == 4 and "handicap" not in rows[0][2]


def test_field_handicap_is_the_players_average():
    # lines 374-377: the average over the field's players; a team of four weighs 4
    assert gold.field_handicap([(Decimal(10), 2), (Decimal(20), 2)]) == 15
    assert gold.field_handicap([(Decimal(10), 4), (Decimal(20), 2)]) == Decimal(40) / 3
    assert gold.field_handicap([(Decimal(10), 2), (None, 2)]) is None
    assert gold.field_handicap([]) is None


def test_the_shown_average_is_cut_not_rounded_up_to_15():
    average = gold.FieldAverage(Decimal("14.996"), by_office=False)
    assert average.raised
    assert gold.average_note(average)[1].startswith("field average handicap 14.99 < 15")


def test_the_season_recompute_reads_the_fields_average_too():
    # the recompute must give what the award step gave (docs/awards.md): raised gold
    # from the field's handicaps (000 lines 373-379) is read there as well
    tournament = _gold_event([Decimal("13.2")] * PAIRS)
    before = _gold(tournament)
    MasterPointAward.objects.filter(tournament=tournament).delete()
    recompute_season()
    assert _gold(tournament) == before
    assert [credited for _mid, credited, *_ in before[::2]] == [10, 7, 5, 4]


def test_the_national_handicaps_before_the_day_win_over_the_reports(national_list):
    # lines 374-377: the field's own handicaps; the handicap app knows them best
    national_list(lambda ids: {pk: Decimal("12.5") for pk in ids})
    rows = _gold(_gold_event([Decimal(20)] * PAIRS))
    assert [credited for _mid, credited, *_ in rows[::2]] == [10, 7, 5, 4]
    assert "field average handicap 12.50 < 15: raised gold" in rows[0][2]


def test_a_tournament_the_reader_does_not_know_falls_back_to_the_report(national_list):
    national_list(lambda ids: {pk: None for pk in ids})
    rows = _gold(_gold_event([Decimal(13)] * PAIRS))
    assert "field average handicap 13.00 < 15: raised gold" in rows[0][2]
