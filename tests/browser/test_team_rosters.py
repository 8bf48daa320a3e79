"""A club administrator builds a team's roster by name and records a match from the
rosters (issue 18, point 6), in Chromium, in Swedish and English, on a desktop and a
phone.

The roster pages' own strings are new: until the Swedish catalogue has them a Swedish
page shows the English msgid, so the test finds things by id and by the data it
entered, not by those words.
"""

from datetime import date

import pytest
from playwright.sync_api import expect

from members.models import Role
from members.tests.factories import (
    ClubFactory,
    MemberFactory,
    MembershipFactory,
    give_role,
    member_with_login,
)
from tournaments.manual.services import create_team_event, set_team_roster
from tournaments.models import TeamMatch, TeamRosterPlayer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def submit(page, button="main form button[type=submit]"):
    with page.expect_navigation():
        page.locator(button).last.click()


def fits(page, width: int, where: str) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"{where}: the page is {wide} px wide in a {width} px window"


def member(first: str, last: str, club=None):
    found = MemberFactory(first_name=first, last_name=last)
    if club is not None:
        MembershipFactory(member=found, club=club)
    return found


@pytest.mark.parametrize("width", [1366, 390])
def test_a_roster_built_by_name_gives_the_match_forms_line_ups(
    page, show, shoot, lang, log_in, width
):
    club = ClubFactory(name="BK Lund", number=2001)
    admin = member_with_login()
    give_role(admin, Role.Kind.CLUB_ADMIN, club=club)
    event = create_team_event(
        organiser=club,
        name="DM Lag kval",
        date=date(2024, 10, 1),
        boards_per_match=16,
        teams=[(1, "Lag Ek"), (2, "Lag Björk")],
        award_table="B4",
    )
    teams = {e.number: e for e in event.sections.get().entries.all()}
    alma = member("Alma", "Ekström")
    bertil = member("Bertil", "Ekström")
    # Two members of one name: the form must ask which.
    member("Cecilia", "Ekholm", ClubFactory(name="BK Malmö"))
    cecilia = member("Cecilia", "Ekholm", club)
    david = member("David", "Ekström")
    away = [MemberFactory() for _ in range(4)]
    set_team_roster(team=teams[2], mids=[m.mid for m in away])

    page.set_viewport_size({"width": width, "height": 844 if width == 390 else 900})
    log_in(admin)
    show(f"/tournaments/manual/teams/{event.pk}/")
    expect(page.locator("#roster-1")).to_be_visible()
    with page.expect_navigation():
        page.locator("#roster-1 a").click()
    assert page.locator("html").get_attribute("lang") == lang
    expect(page.locator("h1")).to_contain_text("Lag Ek")

    page.fill("#id_player_1", "alma ekström")
    # The lookup (static/js/member_lookup.js) offers the members a name matches.
    page.fill("#id_player_2", "bertil ek")
    offered = page.locator("#member-lookup-1 option")
    expect(offered).to_have_count(1)
    choice = offered.first.get_attribute("value")
    assert choice == f"Bertil Ekström ({bertil.mid})"
    page.fill("#id_player_2", choice)
    page.fill("#id_player_3", "Cecilia Ekholm")
    page.fill("#id_player_4", str(david.mid))
    fits(page, width, "roster form")
    shoot("roster")
    submit(page)

    # Nothing saved yet: row 3 lists the two members called so, with their clubs.
    assert not TeamRosterPlayer.objects.filter(entry=teams[1]).exists()
    candidates = page.locator("#candidates-3 label")
    expect(candidates).to_have_count(2)
    expect(page.locator("#id_player_1")).to_have_value(f"Alma Ekström ({alma.mid})")
    fits(page, width, "roster form with a name to choose")
    shoot("choose")
    candidates.filter(has_text="BK Lund").locator("input").check()
    submit(page)

    assert page.url.endswith(f"/tournaments/manual/teams/{event.pk}/#rosters")
    roster = page.locator("#roster-1")
    for player in (alma, bertil, cecilia, david):
        expect(roster).to_contain_text(f"{player.first_name} {player.last_name} ({player.mid})")
    fits(page, width, "event page")
    shoot("event")

    show(f"/tournaments/manual/teams/{event.pk}/match/")
    page.locator("#id_round").fill("1")
    page.locator("#id_home").select_option(label="1 Lag Ek")
    page.locator("#id_away").select_option(label="2 Lag Björk")
    page.locator("#id_imps_home").fill("30")
    page.locator("#id_imps_away").fill("10")
    for seat, player in enumerate((alma, bertil, cecilia, david), start=1):
        page.locator(f"#id_half-0-home_{seat}").select_option(
            label=f"{player.first_name} {player.last_name} ({player.mid})"
        )
    for seat, player in enumerate(away, start=1):
        page.locator(f"#id_half-0-away_{seat}").select_option(value=str(player.mid))
    fits(page, width, "match form")
    shoot("match")
    submit(page)

    match = TeamMatch.objects.get()
    assert sorted(
        s.player.member.mid for s in match.lineups.select_related("player__member")
    ) == sorted(m.mid for m in (alma, bertil, cecilia, david, *away))
    expect(page.locator("#matches")).to_contain_text("Cecilia Ekholm")
    fits(page, width, "event page with the match")
    shoot("saved")
