"""Awards by another rulebook version: ``recompute_awards --rulebook-version`` and its
dry run (``awards.versions``), and the version each award shows on the member page.

The field: 000_18af0e66f52a62b2.txt, table A1, 12 pairs (line 628): 24 16 11 8 bp;
10 pairs (line 624): 20 14 10 7 bp. The what-if version prints 20 bp for place 2 of
12 pairs: exactly the runners-up of the two 12-pair events gain 4 bp.
"""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from awards.domain.sbf import SBF
from awards.domain.sbf.cells import Cell
from awards.models import MasterPointAward, MasterPointHolding, TournamentAwards
from awards.rulebooks import version_registered
from awards.services import LEDGER_FIELDS
from awards.tests.test_award_step import _report
from awards.versions import apply_version, version_diff
from members.tests.factories import MemberFactory

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
PRINTED = "SBF 2014-2015"
WHAT_IF = "SBF what-if A1 12/2"


@pytest.fixture
def what_if():
    with version_registered(SBF.amended(WHAT_IF, [Cell("A1", 12, 2, 20)])) as book:
        yield book


@pytest.fixture
def season():
    """Two bronze events of 12 pairs, one of 10 pairs and a silver one of 12 pairs."""
    field = [MemberFactory(mid=73001 + n) for n in range(24)]
    today = timezone.localdate()
    return {
        "first": _report(field, name="Måndag", day=today - timedelta(days=30)),
        "second": _report(field[::-1], name="Onsdag", day=today - timedelta(days=20)),
        "ten": _report(field, name="Torsdag", day=today - timedelta(days=15), pairs=10),
        "silver": _report(field, name="Silver", day=today - timedelta(days=10), level="silver",
                          boards=42),
    }  # fmt: skip


def _ledger():
    return sorted(MasterPointAward.objects.values_list(*LEDGER_FIELDS))


def _runners_up(season):
    # Place 2 of each 12-pair bronze event: players 3 and 4 of the field as listed.
    return {
        (mid, season[name].pk)
        for name, mids in (("first", (73003, 73004)), ("second", (73022, 73021)))
        for mid in mids
    }


def test_the_dry_run_lists_exactly_the_changed_cells_awards_and_writes_nothing(
    season, what_if, capsys
):
    before = _ledger()
    holdings = sorted(MasterPointHolding.objects.values_list("member_id", "bronze"))
    assert {row[-2] for row in before} == {PRINTED}

    call_command("recompute_awards", "--rulebook-version", WHAT_IF, "--dry-run")

    out = capsys.readouterr().out
    assert f"rulebook version '{WHAT_IF}': 4 tournaments; 4 awards would change " in out
    changes = [line for line in out.splitlines() if " -> " in line and "class" not in line]
    assert len(changes) == 4
    for mid, tournament_id in _runners_up(season):
        assert any(
            line.startswith(f"  {mid} ")
            and f"(#{tournament_id}) | bronze: 16 -> 20 bp (was {PRINTED})" in line
            for line in changes
        ), mid
    assert "dry run: nothing written" in out
    assert _ledger() == before
    assert sorted(MasterPointHolding.objects.values_list("member_id", "bronze")) == holdings


def test_the_run_writes_exactly_those_awards_with_their_version(season, what_if):
    before = {(r[0], r[1], r[2]): r for r in _ledger()}
    listed = version_diff(what_if)
    assert {(c.old, c.new) for c in listed.awards} == {(Decimal(16), Decimal(20))}

    written = apply_version(what_if)

    assert [(c.member_id, c.tournament_id) for c in written.awards] == [
        (c.member_id, c.tournament_id) for c in listed.awards
    ]
    after = {(r[0], r[1], r[2]): r for r in _ledger()}
    assert after.keys() == before.keys()
    changed = {key for key in after if after[key] != before[key]}
    assert {(a.member.mid, a.tournament_id) for a in MasterPointAward.objects.filter(
        rule_version=WHAT_IF)} == _runners_up(season)  # fmt: skip
    assert changed == {(c.member_id, c.tournament_id, "bronze") for c in listed.awards}
    for award in MasterPointAward.objects.filter(rule_version=WHAT_IF):
        assert (award.credited, award.reason_en[:27]) == (
            Decimal(20),
            "Table A1, 12 pairs, place 2",
        )
    # The holdings follow the ledger (services.refresh_holdings for the touched members).
    holding = MasterPointHolding.objects.get(member__mid=73003)
    assert holding.bronze == sum(
        MasterPointAward.objects.filter(member__mid=73003, colour="bronze").values_list(
            "credited", flat=True
        )
    )
    runs = dict(TournamentAwards.objects.values_list("tournament_id", "rule_version"))
    assert runs == {
        season["first"].pk: WHAT_IF,
        season["second"].pk: WHAT_IF,
        season["ten"].pk: PRINTED,
        season["silver"].pk: PRINTED,
    }
    # Once written, the version changes nothing more.
    assert version_diff(what_if).awards == []


def test_the_printed_version_takes_back_what_the_what_if_changed(season, what_if):
    before = _ledger()
    apply_version(what_if)
    call_command("recompute_awards", "--rulebook-version", PRINTED)
    assert _ledger() == before


def test_a_date_range_limits_the_diff(season, what_if):
    day = season["second"].start_date
    diff = version_diff(what_if, start=day, end=day)
    assert (diff.tournaments, {c.tournament_id for c in diff.awards}) == (1, {season["second"].pk})


def test_a_class_change_is_listed(season, capsys):
    # 16 bp -> 900 bp for place 2: the runners-up reach a master class.
    with version_registered(SBF.amended("SBF rich", [Cell("A1", 12, 2, 900)])):
        call_command("recompute_awards", "--rulebook-version", "SBF rich", "--dry-run")
    out = capsys.readouterr().out
    classes = [line for line in out.splitlines() if ": class " in line]
    assert classes and all(" -> " in line for line in classes)
    assert any(line.startswith("  73003 ") for line in classes)


def test_an_unknown_version_is_refused_with_the_versions(db):
    with pytest.raises(
        CommandError, match=r"no rulebook version 'SBF 1999'; the versions are 'SBF 2014-2015'"
    ):
        call_command("recompute_awards", "--rulebook-version", "SBF 1999", "--dry-run")


def test_dry_run_without_a_version_is_refused(db):
    with pytest.raises(CommandError, match="--dry-run lists the changes of a --rulebook-version"):
        call_command("recompute_awards", "--dry-run")


def test_the_member_page_shows_the_version_of_each_award(client, season, what_if):
    apply_version(what_if)
    body = client.get("/members/73003/", **EN).content.decode()
    assert '<th scope="col">Rules</th>' in body
    assert body.count(f'<td class="rule-version">{WHAT_IF}</td>') == 1  # Måndag, place 2
    assert f'<td class="rule-version">{PRINTED}</td>' in body
    # Every award, on the member's own list (awards.tables.MemberAwardsTable).
    page = client.get(reverse("awards:member_awards", args=[73003]), **EN).content.decode()
    cell = '<td class="rule-version" data-label="Rules">{}</td>'
    mine = MasterPointAward.objects.filter(member__mid=73003)
    assert page.count(cell.format(WHAT_IF)) == 1 == mine.filter(rule_version=WHAT_IF).count()
    assert page.count(cell.format(PRINTED)) == mine.filter(rule_version=PRINTED).count() >= 2


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="worker processes: PostgreSQL only")
def test_worker_processes_list_what_one_process_lists(season, what_if, monkeypatch):
    from awards import versions

    monkeypatch.setattr(versions, "DIFF_CHUNK", 1)  # four tasks for two workers
    alone = version_diff(what_if, workers=1)
    shared = version_diff(what_if, workers=2)
    assert shared.awards == alone.awards and len(alone.awards) == 4
    assert shared.runs == alone.runs and shared.classes == alone.classes
