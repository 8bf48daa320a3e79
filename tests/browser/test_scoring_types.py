"""A team match entered board by board on an event of the 30-point VP scale (issue 22,
"Scoring (004)"), in Chromium, in Swedish and English, at 1280 and 390 px: the match
form takes both rooms' N-S scores, shows the IMPs and VPs they give (seed 004 lines
190-213), and the event and tournament pages show each board's IMPs, with no sideways
scroll and a clean axe check.

The strings are new: until the Swedish catalogue has them a Swedish page shows the
English msgid, so the test finds things by id and by figures, not by words.
"""

from datetime import date

import pytest
from playwright.sync_api import expect
from test_every_page import _need_axe, _problems

from members.models import Role
from members.tests.factories import ClubFactory, MemberFactory, give_role, member_with_login
from tournaments.manual.services import create_team_event, set_team_roster
from tournaments.models import TeamMatch
from tournaments.pages import TOURNAMENT_PAGE
from tournaments.teams import SCORING_PART

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Lines 197-202: 720 → 12 IMPs, −30 → −1, 920 → 14; boards 4-12 flat.
BOARDS = "1 620 -100\n2 620 650\n3 620 -300\n" + "".join(f"{n} 100 100\n" for n in range(4, 13))


@pytest.mark.parametrize("width", [1280, 390])
def test_a_match_entered_board_by_board_on_the_30_point_scale(
    page, show, shoot, lang, log_in, width
):
    _need_axe()
    TOURNAMENT_PAGE.add(SCORING_PART)  # as tournaments.apps adds it
    club = ClubFactory(name="BK Lund", number=2001)
    admin = member_with_login()
    give_role(admin, Role.Kind.CLUB_ADMIN, club=club)
    event = create_team_event(
        organiser=club,
        name="Lagserien 30",
        date=date(2025, 3, 1),
        boards_per_match=12,
        teams=[(1, "Lag Ek"), (2, "Lag Björk"), (3, "Lag Lönn")],
        award_table="B4",
        vp_scale="30",
    )
    teams = {e.number: e for e in event.sections.get().entries.all()}
    for number in (1, 2):
        set_team_roster(team=teams[number], mids=[MemberFactory().mid for _ in range(4)])

    page.set_viewport_size({"width": width, "height": 900})
    log_in(admin)
    form_url = f"/tournaments/manual/teams/{event.pk}/match/"
    show(form_url)
    expect(page.locator("#vp-scale")).to_contain_text("30")
    page.fill("#id_round", "1")
    page.select_option("#id_home", str(teams[1].pk))
    page.select_option("#id_away", str(teams[2].pk))
    page.fill("#id_board_scores", BOARDS)
    for side in ("home", "away"):
        for seat in range(1, 5):
            select = page.locator(f"#id_half-0-{side}_{seat}")
            options = select.locator("optgroup").nth(0 if side == "home" else 1).locator("option")
            select.select_option(options.nth(seat - 1).get_attribute("value"))
    with page.expect_navigation():
        page.locator("main form button[name=preview]").click()
    # 26-1 IMPs, a margin of 25: 29-1 on the 30-point scale (lines 211-212).
    expect(page.locator("#vp-preview")).to_contain_text("29")
    shoot("preview")
    with page.expect_navigation():
        page.locator("main form button[type=submit]:not([name])").click()
    match = TeamMatch.objects.get()
    assert (match.imps_home, match.imps_away, match.vp_home, match.vp_away) == (26, 1, 29, 1)

    expect(page.locator(f"#boards-{match.pk}")).to_be_visible()
    cells = page.locator(f"#boards-{match.pk} tbody tr td:last-child").all_inner_texts()
    assert [c.strip().replace("\u2212", "-") for c in cells][:3] == ["12", "-1", "14"]
    pages = [
        ("form", form_url),
        ("event", f"/tournaments/manual/teams/{event.pk}/"),
        ("tournament", f"/tournaments/{event.pk}/"),
    ]
    problems = _problems(page, show, shoot, pages, width)
    assert problems == [], "\n".join(problems)
    show(f"/tournaments/{event.pk}/")
    expect(page.locator("#team-scoring #vp-scale")).to_contain_text("30")
    expect(page.locator(f"#team-scoring #boards-{match.pk}")).to_be_visible()
