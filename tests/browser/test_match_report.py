"""The DM Lag match report with late arrival and slow play in minutes (seed 003 lines
794-824), and a team excluded for its W.O.s (line 776), as a club administrator sees
them: in Chromium, in Swedish and English, on a desktop and a phone, with no sideways
scroll and a clean axe check.

The report's strings are new: until the Swedish catalogue has them a Swedish page shows
the English msgid, so the test finds things by id and by figures, not by words.
"""

from datetime import date

import pytest
from playwright.sync_api import expect
from test_every_page import OVERFLOWING, _axe_findings, _need_axe, _problems

from members.models import Role
from members.tests.factories import ClubFactory, MemberFactory, give_role, member_with_login
from tournaments.manual.services import create_team_event, record_team_match, set_team_roster
from tournaments.models import MatchTimePenalty, TeamMatch

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _check(page, width: int, where: str) -> list[str]:
    problems = []
    wide = page.evaluate("document.documentElement.scrollWidth")
    if wide > width:
        culprits = ", ".join(page.evaluate(OVERFLOWING, width))
        problems.append(f"{where}: {wide} px wide at {width}: {culprits}")
    return problems + [f"{where}: {finding}" for finding in _axe_findings(page)]


@pytest.mark.parametrize("width", [1280, 390])
def test_the_match_report_converts_minutes_and_the_event_shows_an_exclusion(
    page, show, shoot, lang, log_in, width
):
    _need_axe()
    club = ClubFactory(name="BK Linköping", number=3001)
    admin = member_with_login()
    give_role(admin, Role.Kind.CLUB_ADMIN, club=club)
    event = create_team_event(
        organiser=club,
        name="DM Lag kval Linköping",
        date=date(2024, 10, 1),
        boards_per_match=16,
        teams=[(1, "Lag Ek"), (2, "Lag Björk"), (3, "Lag Lönn"), (4, "Lag Alm")],
        award_table="B4",
    )
    teams = {e.number: e for e in event.sections.get().entries.all()}
    rosters = {}
    for number, team in teams.items():
        rosters[number] = [MemberFactory() for _ in range(4)]
        set_team_roster(team=team, mids=[m.mid for m in rosters[number]])
    # Team 4 gives W.O. in rounds 2 and 3 of the heat's three: excluded (line 776).
    record_team_match(
        tournament=event, round=2, home=teams[4], away=teams[1], boards=16, halves=[],
        walkover_by="home",
    )  # fmt: skip
    record_team_match(
        tournament=event, round=3, home=teams[2], away=teams[4], boards=16, halves=[],
        walkover_by="away",
    )  # fmt: skip

    page.set_viewport_size({"width": width, "height": 900})
    log_in(admin)
    show(f"/tournaments/manual/teams/{event.pk}/match/")
    page.locator("#id_round").fill("1")
    page.locator("#id_home").select_option(label="1 Lag Ek")
    page.locator("#id_away").select_option(label="2 Lag Björk")
    page.locator("#id_imps_home").fill("30")
    page.locator("#id_imps_away").fill("10")
    for side, number in (("home", 1), ("away", 2)):
        for seat, player in enumerate(rosters[number], start=1):
            page.locator(f"#id_half-0-{side}_{seat}").select_option(value=str(player.mid))
    page.locator("#id_late_away").fill("7")
    page.locator("#id_slow-0-table").fill("2")
    page.locator("#id_slow-0-minutes").fill("12")
    page.locator("#id_slow-0-side").select_option(value="home")
    page.locator("#id_slow-1-table").fill("1")
    page.locator("#id_slow-1-minutes").fill("30")
    page.locator("#id_slow-1-side").select_option(value="both")
    with page.expect_navigation():
        page.locator("button[name=preview]").click()
    # 16 boards, 30-10: 15.00-5.00; home 2 VP (table 2, line 820), away 1 VP (7 min
    # late, line 803); table 1 over 25 minutes is the committee's, no VP (line 824).
    preview = page.locator("#vp-preview")
    expect(preview).to_contain_text("13")
    expect(page.locator("#penalty-preview li")).to_have_count(4)
    expect(page.locator("#penalty-preview .committee-flag")).to_have_count(2)
    expect(page.locator("#penalty-preview")).to_contain_text("820")
    assert not TeamMatch.objects.filter(round=1).exists()
    problems = _check(page, width, "match report, VPs shown")
    shoot("preview")
    with page.expect_navigation():
        page.locator("main form button[type=submit]:not([name])").click()

    match = TeamMatch.objects.get(round=1)
    assert (match.vp_home, match.vp_away) == (13, 4)
    assert MatchTimePenalty.objects.filter(match=match).count() == 4
    assert page.url.endswith(f"/tournaments/manual/teams/{event.pk}/")
    expect(page.locator("#matches .committee-flag")).to_have_count(2)
    expect(page.locator("#excluded-4")).to_contain_text("2")
    problems += _check(page, width, "event page")
    shoot("event")
    problems += _problems(page, show, shoot, [("tournament", f"/tournaments/{event.pk}/")], width)
    assert problems == [], "\n".join(problems)
