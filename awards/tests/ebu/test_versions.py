"""Rule versions for the EBU rulebook (issue #20 point 5, "the diff works for both
rulebooks"): a version that prints its own figure for one cell of one scale changes
exactly the awards of that scale, field size and place; the dry run lists them and
writes nothing; the run writes only them, with their version; ranks follow.

The field: the Compscore3 Howell file, 12 pairs single-winner (6 full tables, 4.1.4),
reported twice: by a club on its own (Scale A, club status) and under a county licence
(Scale C, 3.2, 4.1.1). The what-if version prints 50 local points for Scale A, 6 tables,
place 2: only the runners-up of the club event change.
"""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.management import call_command

from awards.domain.ebu.calculator import calculate, options_from
from awards.domain.ebu.events import ScaleCell
from awards.domain.ebu.rulebook import EBU
from awards.models import MasterPointAward, MasterPointHolding
from awards.rulebooks import version_registered
from awards.tests.ebu.test_award_step import _licence, _report
from awards.versions import apply_version, version_diff
from members.tests.factories import ClubFactory

pytestmark = pytest.mark.django_db
WHAT_IF = "EBU what-if A 6/2"


@pytest.fixture(autouse=True)
def ebu(settings):
    settings.KLOVER_FEDERATION = "ebu"


@pytest.fixture
def what_if():
    with version_registered(EBU.amended(WHAT_IF, [ScaleCell("A", 6, 2, 50)])) as book:
        yield book


@pytest.fixture
def season(shared_fixtures):
    club, county = ClubFactory(number=2074), ClubFactory(number=2075)
    _licence(county, status=3, day=dt.date(2022, 7, 27))
    return {"club": _report(shared_fixtures, club), "county": _report(shared_fixtures, county)}


def _printed_second():
    scale = calculate(options_from({"movement": "single-winner", "tables": 6, "boards": 24}))
    return scale.places[1].points


def test_the_dry_run_lists_exactly_the_cells_awards_and_writes_nothing(season, what_if, capsys):
    before = sorted(MasterPointAward.objects.values_list("member_id", "tournament_id", "credited"))
    second = _printed_second()
    runners_up = MasterPointAward.objects.filter(
        tournament=season["club"], reason_en__contains="place 2"
    )
    assert runners_up.count() == 2 and {a.credited for a in runners_up} == {second}

    call_command("recompute_awards", "--rulebook-version", WHAT_IF, "--dry-run")

    out = capsys.readouterr().out
    assert f"rulebook version '{WHAT_IF}': 2 tournaments; 2 awards would change " in out
    changes = [line for line in out.splitlines() if " -> " in line and "rank" not in line]
    assert len(changes) == 2
    for award in runners_up:
        assert any(
            line.startswith(f"  {award.member.mid} ")
            and f"local: {second} -> 50 MP (was {EBU.version})" in line
            for line in changes
        ), award.member.mid
    assert "dry run: nothing written" in out
    assert (
        sorted(MasterPointAward.objects.values_list("member_id", "tournament_id", "credited"))
        == before
    )


def test_the_run_writes_only_those_awards_and_the_holdings_follow(season, what_if):
    listed = version_diff(what_if)
    assert {(c.old, c.new, c.colour) for c in listed.awards} == {
        (_printed_second(), Decimal(50), "local")
    }
    assert {c.tournament_id for c in listed.awards} == {season["club"].pk}
    apply_version(what_if)
    changed = MasterPointAward.objects.filter(rule_version=WHAT_IF)
    assert {(a.member_id, a.tournament_id) for a in changed} == {
        (c.member_id, c.tournament_id) for c in listed.awards
    }
    assert not MasterPointAward.objects.filter(
        tournament=season["county"], rule_version=WHAT_IF
    ).exists()
    for award in changed:
        holding = MasterPointHolding.objects.get(member=award.member)
        assert holding.local == sum(
            MasterPointAward.objects.filter(member=award.member).values_list("credited", flat=True)
        )
