"""The check-up and the one collective adjustment (seed 002_4426357e9a32e88f.txt, 6.1
lines 502-510; the impact of 4.1 lines 326-327): the report from the stored history,
the preview that writes nothing, the adjustment applied once, and the policy in force
afterwards, on the pages and in ``manage.py handicap_checkup``."""

from dataclasses import replace
from datetime import date
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from handicap import checkup
from handicap.domain.checkup import ImpactSums
from handicap.domain.policy import SBF_2007
from handicap.models import HandicapChange, MemberHandicap, PolicyAdjustment
from handicap.policies import current_policy, policy_named
from handicap.services import recompute_from
from handicap.tests.test_services import _pairs_event, _start
from members.tests.factories import MemberFactory, member_with_login, office_staff

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
FACTORS = {"impact": 600.0, "topscore_slope": 0.5, "start_mp_factor": 0.02}
URL = "/handicap/checkup/"


@pytest.fixture
def season():
    """Four pairs over three evenings of 24 boards (and one of 18), from 26 and 16."""
    players = [MemberFactory() for _ in range(8)]
    _start(players[:4], 26)
    _start(players[4:], 16)
    pairs = [players[i : i + 2] for i in range(0, 8, 2)]
    results = [
        (date(2025, 1, 13), ["58.00", "50.00", "47.00", "45.00"], 24),
        (date(2025, 6, 2), ["44.00", "56.00", "52.00", "48.00"], 18),
        (date(2026, 3, 2), ["61.00", "49.00", "46.00", "44.00"], 24),
    ]
    for day, percentages, boards in results:
        _pairs_event(
            day,
            [(a, b, p) for (a, b), p in zip(pairs, percentages, strict=True)],
            boards=boards,
            name=f"Måndag {day}",
        )
    recompute_from(None)
    return players


def _handicaps() -> dict[int, Decimal]:
    return dict(MemberHandicap.objects.values_list("member_id", "handicap"))


def test_the_impact_is_summed_by_the_database_as_the_domain_sums_the_rows(season):
    # 4.1 lines 326-327: the change per point over expectation, scaled to 24 boards.
    rows = HandicapChange.objects.values_list("change", "achieved", "expected", "boards")
    by_hand = ImpactSums.from_rows((c, a - e, b) for c, a, e, b in rows)
    sums = checkup.impact_sums()
    assert sums.rows == by_hand.rows == 24
    assert sums.sxy == pytest.approx(by_hand.sxy)
    assert sums.sxx == pytest.approx(by_hand.sxx)


def test_the_report_under_sbf_2007(season):
    report = checkup.report()
    assert report.distribution.players == 8
    assert report.span.first == date(2025, 1, 13) and report.span.last == date(2026, 3, 2)
    # The formula itself: 24-board rows give the model's value, 18-board rows a little
    # less (W(18) < W(24)); the stored changes are rounded to three decimals.
    assert report.impact.measured == pytest.approx(report.impact.model, rel=0.02)
    # 6.1 line 505 "say after two years": 413 days; eight players crowd two bands
    # (6.1 lines 505-506); 24 rows are too few to measure the impact.
    assert [f.code for f in report.findings] == [
        "too_early", "crowded_band", "crowded_band", "impact_unmeasured",
    ]  # fmt: skip
    assert report.findings[0].en.startswith("The system has run 1.1 years")
    assert [b.count for b in report.distribution.bands if b.count] == [4, 4]


def test_the_preview_with_the_rules_in_force_is_the_recompute(season):
    stored = {m: float(h) for m, h in _handicaps().items()}
    assert checkup.preview_handicaps(SBF_2007) == pytest.approx(stored)


def test_the_preview_writes_nothing(season):
    before, rows = _handicaps(), list(HandicapChange.objects.values_list("pk", "change"))
    found = checkup.preview(**FACTORS)
    assert found.players == 8
    assert _handicaps() == before
    assert list(HandicapChange.objects.values_list("pk", "change")) == rows
    assert not PolicyAdjustment.objects.exists()


def test_the_adjustment_applied_is_a_recompute_with_the_adjusted_policy(
    season, django_capture_on_commit_callbacks
):
    # 6.1 lines 507-508: "adjust certain factors and thus do a collective adjustment".
    day = date(2026, 4, 1)
    adjusted = replace(SBF_2007, version=f"SBF 2007, adjusted {day}", **FACTORS)
    recompute_from(None, policy=adjusted)
    expected = _handicaps()
    recompute_from(None, policy=SBF_2007)
    assert _handicaps() != expected
    checkup.decide_adjustment(**FACTORS, reason="Too slow", user=None, day=day)
    assert current_policy() == SBF_2007  # in force only with its recompute
    with django_capture_on_commit_callbacks(execute=True):
        assert checkup.apply_adjustment() is True
    assert _handicaps() == expected
    assert set(HandicapChange.objects.values_list("policy_version", flat=True)) == {
        "SBF 2007, adjusted 2026-04-01"
    }
    assert current_policy() == adjusted
    assert PolicyAdjustment.objects.get().applied_at is not None
    assert checkup.apply_adjustment() is False  # run twice: nothing more


def test_a_second_adjustment_is_refused(season):
    # 6.1 lines 509-510: "should not be carried out more than once".
    checkup.decide_adjustment(**FACTORS, reason="First", user=None)
    with pytest.raises(checkup.AdjustmentRefused):
        checkup.decide_adjustment(**FACTORS, reason="Second", user=None)
    assert PolicyAdjustment.objects.count() == 1


def test_the_why_page_explains_rows_before_and_after_the_adjustment(client, season):
    member = season[0]
    row = HandicapChange.objects.filter(member=member).first()
    url = reverse("handicap:why", args=[member.mid, row.tournament_id])
    assert "why-problem" not in client.get(url, **EN).content.decode()
    checkup.decide_adjustment(**FACTORS, reason="x", user=None, day=date(2026, 4, 1))
    checkup.apply_adjustment()
    assert policy_named("SBF 2007") == SBF_2007
    assert policy_named("SBF 2007, adjusted 2026-04-01").impact == 600.0
    body = client.get(url, **EN).content.decode()
    assert "why-problem" not in body
    assert "600" in body  # the adjusted impact divisor in the equations


def test_the_page_is_the_offices(client, season):
    assert client.get(URL).status_code == 302  # to the login
    client.force_login(member_with_login().user)
    assert client.get(URL).status_code == 403
    client.force_login(office_staff())
    response = client.get(URL, **EN)
    assert response.status_code == 200
    body = response.content.decode()
    assert 'id="checkup-bands"' in body and "<meter" in body
    assert "say after two years" in body  # the finding from 6.1 line 505
    # 4.1: the paper's -1 beside the formula's -0.935.
    assert "-1.000" in body and "-0.935" in body
    swedish = client.get(URL, HTTP_ACCEPT_LANGUAGE="sv").content.decode()
    assert "”säg efter två år”" in swedish  # the finding in the reader's language


def test_the_page_previews_without_saving(client, season):
    client.force_login(office_staff())
    before = _handicaps()
    data = {"action": "preview", "impact": "600", "topscore_slope": "0.5"}
    response = client.post(URL, {**data, "start_mp_factor": "0.02"}, **EN)
    assert response.status_code == 200
    assert "Nothing has been saved." in response.content.decode()
    assert _handicaps() == before and not PolicyAdjustment.objects.exists()


@pytest.mark.parametrize(
    "data, field",
    [
        ({"impact": "0", "topscore_slope": "0.4", "start_mp_factor": "0.01"}, "impact"),
        ({"impact": "480", "topscore_slope": "x", "start_mp_factor": "0.01"}, "topscore_slope"),
        ({"impact": "480", "topscore_slope": "0.4", "start_mp_factor": "0.01"}, "reason"),
    ],
)
def test_bad_input_is_a_form_error(client, season, data, field):
    client.force_login(office_staff())
    response = client.post(URL, {"action": "apply", **data}, **EN)
    assert response.status_code == 200
    assert field in response.context["form"].errors
    assert not PolicyAdjustment.objects.exists()


def test_apply_once_from_the_page(client, season, django_capture_on_commit_callbacks):
    client.force_login(office_staff())
    data = {"action": "apply", "impact": "600", "topscore_slope": "0.5"}
    data |= {"start_mp_factor": "0.02", "reason": "The check-up found it too slow."}
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(URL, data, **EN).status_code == 302
    adjustment = PolicyAdjustment.objects.get()
    assert adjustment.applied_at is not None and adjustment.impact == 600
    assert current_policy().version == f"SBF 2007, adjusted {adjustment.decided_on}"
    again = client.post(URL, data | {"reason": "Once more"}, **EN)
    assert "should not be carried out more than once" in again.content.decode()
    assert PolicyAdjustment.objects.count() == 1


def test_the_command_prints_the_report_and_the_preview_side_by_side(season):
    out = StringIO()
    call_command("handicap_checkup", stdout=out)
    text = out.getvalue()
    assert "rules in force: SBF 2007" in text
    assert "paper -1.000" in text and "rules -0.935" in text
    assert "finding too_early (6.1 line 505)" in text
    out = StringIO()
    call_command("handicap_checkup", "--impact", "600", stdout=out)
    lines = out.getvalue().splitlines()
    assert "preview" in lines[3]  # the header: band, players, share, preview, share
    assert any(line.startswith("preview: mean") for line in lines)
    assert not PolicyAdjustment.objects.exists()
