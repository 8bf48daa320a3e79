"""A district championship final's bonus (award option ``dm_final``, issue #21): the award
calculator (page and ``award_scale``), the rulebook and the pipeline give the same
bonus. Seed 000 lines 1736-1771 (60-40-30 for the open pairs final, in silver); table D,
12 pairs (line 1152): 12 8 6 sp."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from awards.models import MasterPointAward, RankingScore
from awards.tests.test_award_step import _report
from config.pipeline import run_step
from members.tests.factories import MemberFactory

pytestmark = pytest.mark.django_db


def _command_rows(**options) -> list[dict]:
    out = StringIO()
    call_command("award_scale", "--table", "D", "--pairs", "12", "--boards", "42", "--json",
                 *[f"--{k.replace('_', '-')}={v}" for k, v in options.items()], stdout=out)  # fmt: skip
    return json.loads(out.getvalue())["places"]


def test_the_calculator_the_rulebook_and_the_pipeline_give_the_same_bonus(client):
    rows = _command_rows(dm_final="open")
    assert [(r["place"], r["points"], r["colour"]) for r in rows[:3]] == [
        (1, 72, "silver"),  # 12 sp by table D + 60 sp bonus
        (2, 48, "silver"),
        (3, 36, "silver"),
    ]
    field = [MemberFactory(mid=74001 + n) for n in range(24)]
    final = _report(field, level="silver", boards=42, name="DM-final par")
    final.award_options = {"dm_final": "open"}
    final.save(update_fields=["award_options"])
    run_step(tournament_id=final.pk, version=final.report_version, step="awards")
    ledger = {
        (a.member.mid, a.colour): a for a in MasterPointAward.objects.filter(tournament=final)
    }
    for place, row in enumerate(rows[:3], start=1):
        for mid in (74001 + 2 * place - 2, 74001 + 2 * place - 1):
            award = ledger[(mid, "silver")]
            assert award.credited == row["points"]
            assert award.bonus == (60, 40, 30)[place - 1]
            assert "bonus DM pairs final, open class" in award.reason_en
    page = client.get(
        reverse("awards:calculator"),
        {"table": "D", "entries": 12, "boards": 42, "dm_final": "open"},
        HTTP_ACCEPT_LANGUAGE="en",
    ).content.decode()
    assert "bonus DM pairs final, open class, place 1: 60 sp" in page


def test_the_bonus_earns_no_ranking_points():
    field = [MemberFactory(mid=74101 + n) for n in range(24)]
    plain = _report(field, level="silver", boards=42, name="Silver")
    winner = RankingScore.objects.get(member__mid=74101).points
    final = _report(field, level="silver", boards=42, name="DM-final par")
    final.award_options = {"dm_final": "open"}
    final.save(update_fields=["award_options"])
    for step in ("awards", "rankings"):
        run_step(tournament_id=final.pk, version=final.report_version, step=step)
    # The same result twice: the final's bonus adds nothing to the ranking (chapter 7).
    assert plain.pk != final.pk
    assert RankingScore.objects.get(member__mid=74101).points == 2 * winner


def test_the_command_refuses_a_final_it_does_not_know():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="--dm-final"):
        _command_rows(dm_final="ladies")


def test_a_championship_final_pays_the_bonus_to_the_districts_best_three():
    """The championship marks its final (tournaments/championships/final_awards.py): the
    open pairs final pays 60-40-30 (000 lines 1747-1750) to the best three pairs whose
    players both represent the district's clubs (003 line 321); the winners from
    outside keep their place award and get no bonus, and the district closes up."""
    from members.tests.factories import ClubFactory, DistrictFactory, MembershipFactory
    from tournaments.championships.final_awards import mark_final
    from tournaments.championships.models import Championship, Heat, Stage

    field = [MemberFactory(mid=74201 + n) for n in range(24)]
    final = _report(field, level="silver", boards=42, name="DM-final par")
    season = final.start_date.year
    home, away = DistrictFactory(), DistrictFactory()
    home_club = ClubFactory(district=home)
    for n, member in enumerate(field):
        club = ClubFactory(district=away) if n == 0 else home_club  # one player of pair 1
        MembershipFactory(member=member, club=club, season=season)
    championship = Championship.objects.create(
        district=home, season=season, discipline="open", form="pairs", name="DM Par Open"
    )
    stage = Stage.objects.create(championship=championship, kind=Stage.Kind.FINAL)
    heat = Heat.objects.create(stage=stage, name="Final", tournament=final)
    assert mark_final(heat) is True
    final.refresh_from_db()
    assert final.award_options["dm_final"] == "open"
    [outside] = final.award_options["dm_outside"]
    assert mark_final(heat) is False  # nothing changed: no second run
    run_step(tournament_id=final.pk, version=final.report_version, step="awards")
    bonus = {
        a.member.mid: a.bonus
        for a in MasterPointAward.objects.filter(tournament=final, colour="silver")
    }
    assert bonus[74201] == bonus[74202] == 0  # first overall, not the district's
    assert bonus[74203] == bonus[74204] == 60  # the district's champions
    assert bonus[74205] == 40 and bonus[74207] == 30
    assert outside == final.sections.get().entries.get(players__member__mid=74201).pk
