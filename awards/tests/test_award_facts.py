"""The award facts the office sets on a tournament (table, named facts) reach the
rulebook, are checked against it, and a bonus or a spring/autumn silver event gives
no ranking points (000_18af0e66f52a62b2.txt, chapter 7)."""

from decimal import Decimal

import pytest
from django.contrib.admin.sites import site
from django.contrib.messages.storage.fallback import FallbackStorage
from django.test import RequestFactory
from django.utils import translation

from awards.admin import AwardFactsForm
from awards.models import AwardFacts, MasterPointAward, RankingScore, TournamentAwards
from awards.services import ranking_awards, read_competition, refresh_rankings
from awards.tests.test_award_step import _report, field  # noqa: F401 (fixture)
from config.pipeline import run_step
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def _rerun(tournament: Tournament) -> None:
    for step in ("awards", "rankings"):
        run_step(tournament_id=tournament.pk, version=tournament.report_version, step=step)


def test_the_facts_reach_the_rulebook(field):  # noqa: F811
    tournament = _report(field, level="silver", pairs=12, boards=42)
    tournament.award_table = "D"
    tournament.award_options = {"division": 2, "spring_autumn_silver": True}
    tournament.save()
    competition, _members = read_competition(tournament)
    assert competition.table == "D"
    assert competition.option("division") == 2
    assert competition.option("spring_autumn_silver") is True


def test_an_abandoned_silver_event_gives_nothing_and_says_why(field):  # noqa: F811
    tournament = _report(field, level="silver", pairs=12, boards=42)
    assert MasterPointAward.objects.filter(tournament=tournament).exists()
    tournament.award_options = {"abandoned": True}
    tournament.save()
    _rerun(tournament)
    assert not MasterPointAward.objects.filter(tournament=tournament).exists()
    run = TournamentAwards.objects.get(tournament=tournament)
    assert run.reason_en == "Silver/gold event deliberately abandoned: no master points"


def test_spring_and_autumn_silver_keeps_its_points_but_gives_no_ranking(field):  # noqa: F811
    tournament = _report(field, level="silver", pairs=12, boards=42)
    assert RankingScore.objects.filter(member__mid=71001).exists()
    tournament.award_options = {"spring_autumn_silver": True}
    tournament.save()
    _rerun(tournament)
    assert MasterPointAward.objects.filter(
        tournament=tournament, member__mid=71001, colour="silver"
    ).exists()
    assert not RankingScore.objects.filter(member__mid=71001).exists()


def test_the_bonus_part_of_an_award_gives_no_ranking(field):  # noqa: F811
    tournament = _report(field, level="silver", pairs=12, boards=42)
    award = MasterPointAward.objects.get(tournament=tournament, member__mid=71001, colour="silver")
    award.exact, award.bonus = Decimal("10.4"), Decimal("4")
    award.save()
    counted = ranking_awards([award.member_id], on=tournament.start_date)[award.member_id]
    assert sorted((a.exact, a.bonus) for a in counted) == [
        (Decimal("4"), True),
        (Decimal("6.4"), False),
    ]
    refresh_rankings([award.member_id], on=tournament.start_date)
    # 6.4 sp at 1 rp per sp, rounded up; the 4 sp bonus gives nothing.
    assert RankingScore.objects.get(member=award.member).points == 7


@pytest.mark.parametrize(
    ("table", "options", "error"),
    [
        ("Z9", {}, "There is no award table Z9; the tables are A1, A2, B1"),
        ("", {"divison": 2}, "unknown option 'divison'"),
        ("", {"division": "two"}, "option 'division' must be a whole number, got 'two'"),
        ("", ["division"], 'Award facts are named values, e.g. {"division": 2}.'),
    ],
)
def test_the_admin_form_refuses_facts_the_rulebook_does_not_know(table, options, error):
    import json

    form = AwardFactsForm(data={"award_table": table, "award_options": json.dumps(options)})
    assert not form.is_valid()
    assert error in " ".join(m for messages in form.errors.values() for m in messages)


def test_the_admin_form_takes_facts_the_rulebook_knows():
    form = AwardFactsForm(
        data={"award_table": "E3", "award_options": '{"division": 2, "divisions": 4}'}
    )
    assert form.is_valid(), form.errors
    assert form.cleaned_data["award_options"] == {"division": 2, "divisions": 4}


def test_changing_the_facts_in_the_admin_computes_the_awards_again(
    field,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    tournament = _report(field, level="silver", pairs=12, boards=42)
    form = AwardFactsForm(
        data={"award_table": "", "award_options": '{"abandoned": true}'}, instance=tournament
    )
    assert form.is_valid(), form.errors
    request = RequestFactory().post("/office/admin/")
    request.session = {}
    request._messages = FallbackStorage(request)
    with django_capture_on_commit_callbacks(execute=True):
        site._registry[AwardFacts].save_model(request, form.save(commit=False), form, True)
    assert not MasterPointAward.objects.filter(tournament=tournament).exists()
    assert [str(m) for m in request._messages] == [
        "The awards of this tournament are being computed again."
    ]


def test_a_handicap_event_pays_the_better_of_its_two_lists(field):  # noqa: F811
    from tournaments.models import Standing

    # 12 pairs, table A1: 24 16 11 8 bp; the handicap list gets half: 12 8 6 4
    # (000_18af0e66f52a62b2.txt, "Handikapptävlingar").
    tournament = _report(field, pairs=12)
    tournament.handicap_event = True
    tournament.save()
    by_place = {s.place: s for s in Standing.objects.filter(entry__section__tournament=tournament)}
    for place, with_handicap in {1: 4, 2: 5, 3: 1, 4: 2, 5: 3}.items():
        by_place[place].handicap_place = by_place[place].handicap_place_to = with_handicap
    Standing.objects.bulk_update(by_place.values(), ["handicap_place", "handicap_place_to"])
    _rerun(tournament)
    credited = dict(
        MasterPointAward.objects.filter(
            tournament=tournament, member__mid__in=(71001, 71005, 71009)
        ).values_list("member__mid", "credited")
    )
    # place 1 keeps its 24; place 3 (11 bp) is first with handicap: 12; place 5 third: 6.
    assert credited == {71001: 24, 71005: 12, 71009: 6}
    reason = MasterPointAward.objects.get(tournament=tournament, member__mid=71005).reason_en
    assert reason == "Table A1, 12 pairs, place 1; with handicap, half bp"
