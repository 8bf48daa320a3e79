"""Every page a person reaches, for each kind of user, at a desktop and a phone width
and in both languages (issue 18, points 3 and 9): no page scrolls sideways, and
axe-core finds nothing serious or critical.

axe-core is the npm package, installed beside these tests by `make install` (and
.ci/run) into tests/browser/vendor/; the test reads it from there, with no network.
Without it the test skips, except on CI, which installs it. The pages'
Content-Security-Policy refuses inline scripts, and Playwright's
add_script_tag(path=...) adds the file's text as one (Chromium refuses it), so the
text is evaluated through the DevTools protocol instead, which the policy does not
govern.

One test per (role, width, language) visits its list of pages in one browser
context and reports every page's problems together, with a screenshot of each page
in test-artifacts/.
"""

import os
import random
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from django.utils import timezone

from awards.models import MasterPointAward, Promotion
from config.pipeline import record_failure, run_step, step_names
from handicap.services import seed_start_handicaps
from members.models import Notification
from members.tests.factories import (
    ClubFactory,
    DistrictFactory,
    MemberFactory,
    MembershipFactory,
    club_admin,
    district_official,
    member_with_login,
    office_staff,
)
from tournaments import services
from tournaments.benchmarking import synthetic_usebio
from tournaments.licences.models import Licence, UmsRate
from tournaments.licences.tests.factories import FeeRateFactory, LicenceFactory, OrganisationFactory
from tournaments.licences.tests.factories import office_staff as licence_office
from tournaments.licences.tests.factories import organiser as licence_organiser
from tournaments.models import Entry, EntryPlayer, Section, Tournament
from tournaments.sanctions.models import Sanction
from tournaments.sanctions.tests.factories import SanctionFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).parent / "vendor" / "node_modules" / "axe-core" / "axe.min.js"
WIDTHS = [1366, 390]
ROLES = ["visitor", "player", "club_admin", "district_official", "office"]
# What a person who relies on a screen reader or a keyboard cannot get past.
BLOCKING = {"serious", "critical"}
HANDICAP_SUM = "scoring=topscore&kind=pairs&owner=26%2C+26&field=16&result=57.5"
# The EBU Handbook's 4.1.6(b): a Club pairs game of 16 tables, 18-35 boards, Mitchell.
EBU_CLUB_16 = "movement=two-winner&tables=16&boards=24"


def _report(field, club, *, name: str, level: str, seed: int, days_ago: int) -> Tournament:
    """A pairs event of the field's players; silver asks for 36 boards, bronze for 18
    (awards.domain.sbf.silver_pairs, bronze_pairs)."""
    silver = level == Tournament.Level.SILVER
    data = synthetic_usebio(
        tables=10 if silver else 6, boards=36 if silver else 18, mids=[m.mid for m in field],
        rng=random.Random(seed), event_id=name, day=timezone.localdate() - timedelta(days=days_ago),
    )  # fmt: skip
    tournament = services.import_results(
        data=data, filename=f"{name}.xml", organiser=club, run_pipeline=False
    ).tournament
    Tournament.objects.filter(pk=tournament.pk).update(level=level)
    return tournament


def _build_federation() -> dict:
    """Two districts, three clubs, 44 members, two processed events (silver and bronze)
    and one whose processing failed, sanctions in the states the lists show, a promotion
    and notifications: enough that every list on every page has rows, and long names."""
    skane = DistrictFactory(name="Skånes Bridgeförbund")
    norr = DistrictFactory(name="Norrbottens Bridgeförbund")
    lund = ClubFactory(name="Lunds Bridgeklubb", district=skane, town="Lund")
    malmo = ClubFactory(name="Malmö Bridgesällskap", district=skane, town="Malmö")
    long_name = ClubFactory(
        name="Bridgeklubben Spader och Klöver i Övre Norrland", district=norr, town="Kiruna"
    )
    player = member_with_login(mid=78001, first_name="Ann-Charlotte", last_name="Lindqvist-Öberg")
    field = [player] + [
        MemberFactory(mid=78002 + n, first_name=f"Spelare{n:02d}", last_name="Svensson")
        for n in range(43)
    ]
    for n, member in enumerate(field):
        MembershipFactory(member=member, club=(lund, malmo, long_name)[n % 3])
    seed_start_handicaps()

    silver, bronze = Tournament.Level.SILVER, Tournament.Level.BRONZE
    done = [
        _report(field, lund, name="Lunds silverpar", level=silver, seed=18, days_ago=20),
        _report(field, long_name, name="Norrlandsträffen", level=bronze, seed=19, days_ago=6),
    ]
    for tournament in done:
        for step in step_names():
            if step != Tournament.Step.SANCTION:  # no sanction: _report set the level
                run_step(tournament_id=tournament.pk, version=tournament.report_version, step=step)
    failed = _report(field, malmo, name="Malmö måndag", level=bronze, seed=20, days_ago=2)
    record_failure(
        tournament_id=failed.pk, version=failed.report_version, step=Tournament.Step.AWARDS,
        exc=ValueError("the award scale has no row for 8 pairs"),
    )  # fmt: skip
    winner = MasterPointAward.objects.filter(tournament=done[0]).order_by("-credited")[0].member
    Promotion.objects.get_or_create(
        member=field[1], master_class="klover",
        defaults={"rank": 1, "reached_on": timezone.localdate() - timedelta(days=3)},
    )  # fmt: skip

    admin = club_admin(lund, mid=78101, first_name="Klas", last_name="Klubbsson")
    official = district_official(skane, mid=78102, first_name="Disa", last_name="Distriktsson")
    office = office_staff(mid=78103, first_name="Kajsa", last_name="Kansli")
    for user in (admin, official, office):
        MembershipFactory(member=user.member, club=lund)
    today = timezone.localdate()
    SanctionFactory(name="Lunds höstsilver", club=lund, state=Sanction.State.SUBMITTED)
    SanctionFactory(
        name="Guldhelgen i Lund", club=lund, level=Sanction.Level.GOLD,
        state=Sanction.State.ENDORSED,
        start_date=today + timedelta(days=30), end_date=today + timedelta(days=31),
    )  # fmt: skip
    approved = SanctionFactory(
        name="Skånesilvret", club=malmo, state=Sanction.State.APPROVED,
        start_date=today + timedelta(days=14), end_date=today + timedelta(days=14),
    )  # fmt: skip
    for user in (player.user, admin, official, office):
        Notification.objects.create(
            recipient=user, created=timezone.now() - timedelta(hours=2),
            url=approved.get_absolute_url(),
            text_sv="Sanktionen för Skånesilvret är godkänd.",
            text_en="The sanction for Skånesilvret was approved.",
        )  # fmt: skip
    return {
        "district": skane, "club": lund, "player": player, "winner": winner,
        "tournament": done[0], "failed": failed, "sanction": approved, "promoted": field[1],
        "club_admin": admin.member, "district_official": official.member,
        "office": office.member,
    }  # fmt: skip


def _pages(role: str, fed: dict) -> list[tuple[str, str]]:
    """(label, address) of the pages the role reaches, in the order a person might."""
    if role == "visitor":
        member = fed["winner"]
        return [
            ("start", "/"),
            ("districts", "/?kind=district"),
            ("clubs", "/?kind=club"),
            ("member-search", "/?kind=member&q=Svensson"),
            ("district", fed["district"].get_absolute_url()),
            ("club", fed["club"].get_absolute_url()),
            ("member", member.get_absolute_url()),
            ("tournaments", "/tournaments/"),
            ("tournament", fed["tournament"].get_absolute_url()),
            ("ranking", "/masterpoints/ranking/"),
            ("masterpoints-list", "/masterpoints/list/"),
            ("award-calculator", "/masterpoints/calculator/"),
            ("award-calculator-result", "/masterpoints/calculator/?table=D&entries=46"),
            ("award-calculator-ebu", "/masterpoints/calculator/?rulebook=ebu"),
            (
                "award-calculator-ebu-result",
                f"/masterpoints/calculator/?rulebook=ebu&{EBU_CLUB_16}",
            ),
            (
                "award-calculator-ebu-error",
                "/masterpoints/calculator/?rulebook=ebu&movement=two-winner&tables=-3&boards=24",
            ),
            ("handicap-calculator", "/handicap/calculator/"),
            ("handicap-calculator-result", f"/handicap/calculator/?{HANDICAP_SUM}&boards=24"),
            ("handicap-calculator-error", f"/handicap/calculator/?{HANDICAP_SUM}&boards=0"),
            ("club-handicaps", f"/handicap/clubs/{fed['club'].pk}/"),
            ("handicap-list", "/handicap/list/"),
            ("handicap-corrections", "/handicap/corrections/"),
            ("score-sheet", "/tournaments/scoresheet/"),
            ("championships", "/championships/"),
            ("member-awards", f"/masterpoints/members/{member.mid}/awards/"),
            ("member-handicaps", f"/handicap/members/{member.mid}/"),
            ("handicap-why", f"/handicap/members/{member.mid}/why/{fed['tournament'].pk}/"),
            ("certificate", f"/masterpoints/members/{fed['promoted'].mid}/promotions/klover/"),
            ("calendar", "/sanctions/calendar/"),
            ("login", "/accounts/login/"),
        ]
    if role == "player":
        return [
            ("me", "/me/"),
            ("notifications", "/notifications/"),
            ("private-details", f"/members/{fed['player'].mid}/private/"),
        ]
    if role == "club_admin":
        club = fed["club"]
        return [
            ("me", "/me/"),
            ("report", "/tournaments/report/"),
            ("manual", "/tournaments/manual/"),
            ("manual-pairs", "/tournaments/manual/pairs/new/"),
            ("manual-teams", "/tournaments/manual/teams/new/"),
            ("sanctions", "/sanctions/"),
            ("sanction-new", f"/sanctions/new/?club={club.pk}"),
            ("promotions", f"/masterpoints/clubs/{club.pk}/promotions/"),
            ("pin-orders", f"/masterpoints/clubs/{club.pk}/pin-orders/"),
            ("club-edit", f"/clubs/{club.pk}/edit/"),
            ("notifications", "/notifications/"),
        ]
    if role == "district_official":
        return [
            ("me", "/me/"),
            ("sanctions", "/sanctions/"),
            ("sanction", fed["sanction"].get_absolute_url()),
            ("decision", f"{fed['sanction'].get_absolute_url()}decision/"),
            ("notifications", "/notifications/"),
        ]
    return [
        ("me", "/me/"),
        ("processing", "/tournaments/office/processing/"),
        ("failed-tournament", fed["failed"].get_absolute_url()),
        ("sanctions", "/sanctions/"),
        ("member-import", "/office/members/import/"),
        ("conversions", "/masterpoints/conversions/"),
        ("pin-orders", "/masterpoints/pin-orders/"),
        ("handicap-estimates", "/handicap/estimates/"),
        ("handicap-checkup", "/handicap/checkup/"),
        ("notifications", "/notifications/"),
    ]


# The outermost elements that stick out past the window, outside any box that scrolls
# or clips on its own: what makes the page itself scroll sideways.
OVERFLOWING = """width => {
    const sticksOut = e => e.getBoundingClientRect().right > width + 0.5;
    const clipped = e => {
        for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
            if (getComputedStyle(a).overflowX !== "visible") return true;
        }
        return false;
    };
    const name = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")
        + (e.classList.length ? "." + [...e.classList].join(".") : "");
    const boxes = [...document.querySelectorAll("body *")]
        .filter(e => sticksOut(e) && !sticksOut(e.parentElement) && !clipped(e))
        .map(e => `${name(e)} (${Math.round(e.getBoundingClientRect().width)} px)`);
    // A word too long for its line sticks out of a box that itself fits.
    const words = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(n);
        if (range.getBoundingClientRect().right > width + 0.5 && !clipped(n)) {
            words.push(`${name(n.parentElement)} "${n.textContent.trim().slice(0, 40)}"`);
        }
    }
    return [...boxes, ...words].slice(0, 4);
}"""


def _axe_findings(page) -> list[str]:
    page.evaluate(AXE.read_text(encoding="utf-8"))
    violations = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
            .map(v => ({id: v.id, impact: v.impact, help: v.help,
                        nodes: v.nodes.map(n => n.target.join(" ")).slice(0, 4)}))"""
    )
    return [
        f"{v['impact']} {v['id']} ({v['help']}): {', '.join(v['nodes'])}"
        for v in violations
        if v["impact"] in BLOCKING
    ]


def _need_axe() -> None:
    if not AXE.is_file():
        missing = f"axe-core is not at {AXE}: `make install` puts it there (with npm)"
        if os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}:
            pytest.fail(missing, pytrace=False)
        pytest.skip(missing)


def _problems(page, show, shoot, pages: list[tuple[str, str]], width: int) -> list[str]:
    """Each page's sideways scroll and serious or critical axe findings, with its
    screenshot."""
    problems = []
    for label, url in pages:
        response = show(url)
        assert response.ok, f"{label} {url}: HTTP {response.status}"
        wide = page.evaluate("document.documentElement.scrollWidth")
        if wide > width:
            culprits = ", ".join(page.evaluate(OVERFLOWING, width))
            problems.append(f"{label} {url}: {wide} px wide at {width}: {culprits}")
        problems += [f"{label} {url}: {finding}" for finding in _axe_findings(page)]
        shoot(label)
    return problems


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("role", ROLES)
def test_every_page_fits_and_passes_axe(page, show, shoot, lang, log_in, role, width):
    _need_axe()
    fed = _build_federation()
    page.set_viewport_size({"width": width, "height": 900})
    if role != "visitor":
        log_in(fed[role])
    problems = _problems(page, show, shoot, _pages(role, fed), width)
    assert problems == [], "\n".join(problems)


def _licences() -> dict:
    """An EBU federation's licences: one waiting for the office, one approved (on the
    public list, with its printed licence), one with an overdue results report."""
    organisation = OrganisationFactory(name="Royal Leamington Spa Bridge Club and Congress")
    FeeRateFactory()
    waiting = LicenceFactory(organisation=organisation, event_name="Leamington Swiss Pairs")
    approved = LicenceFactory(
        organisation=organisation, event_name="Warwickshire Spring Congress",
        state=Licence.State.APPROVED, status=2, fee=Decimal("60.00"),
    )  # fmt: skip
    past = timezone.localdate() - timedelta(days=40)
    LicenceFactory(
        organisation=organisation, event_name="Winter Teams", state=Licence.State.APPROVED,
        status=1, start_date=past, end_date=past, fee=Decimal("30.00"),
    )  # fmt: skip
    # Universal Membership: last month's club pairs, charged at a standard price.
    UmsRate.objects.create(per_player_session=Decimal("0.40"), valid_from=past.replace(year=2020))
    month = timezone.localdate().replace(day=1) - timedelta(days=1)
    played = Tournament.objects.create(
        organiser_club=organisation.club, event_id="monday", name="Monday Pairs",
        start_date=month, end_date=month, kind=Tournament.Kind.PAIRS,
        scoring=Tournament.Scoring.MATCHPOINTS, boards=24,
    )  # fmt: skip
    entry = Entry.objects.create(
        section=Section.objects.create(tournament=played, name="A"), number=1
    )
    for _ in range(4):
        EntryPlayer.objects.create(entry=entry, member=MemberFactory())
    return {
        "organisation": organisation, "waiting": waiting, "approved": approved,
        "organiser": licence_organiser(organisation, mid=79001).member,
        "office": licence_office(mid=79002).member, "month": month,
    }  # fmt: skip


def _licence_pages(role: str, ebu: dict) -> list[tuple[str, str]]:
    approved = ebu["approved"]
    if role == "visitor":
        return [
            ("licensed-events", "/licences/events/"),
            ("award-calculator", f"/masterpoints/calculator/?{EBU_CLUB_16}"),
        ]
    organisation = ebu["organisation"].pk
    pages = [
        ("licences", "/licences/"),
        ("licence", approved.get_absolute_url()),
        ("printed-licence", f"/licences/{approved.pk}/licence/"),
    ]
    club, month = ebu["organisation"].club_id, ebu["month"]
    pages.append(("ums-statement", f"/licences/ums/club/{club}/{month.year}-{month.month:02d}/"))
    if role == "organiser":
        return pages + [
            ("licence-new", f"/licences/new/?organisation={organisation}"),
            ("allowances", f"/licences/allowances/?organisation={organisation}"),
            ("ums-club", f"/licences/ums/club/{club}/"),
        ]
    return pages + [
        ("licence-office", "/licences/office/"),
        ("licence-waiting", ebu["waiting"].get_absolute_url()),
        ("ums-office", "/licences/ums/"),
    ]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("role", ["visitor", "organiser", "office"])
def test_every_licence_page_fits_and_passes_axe(
    page, show, shoot, lang, log_in, settings, tmp_path, role, width
):
    """The EBU profile's licence pages (issue 18's every-page check, for the other
    federation)."""
    _need_axe()
    settings.KLOVER_FEDERATION = "ebu"
    settings.MEDIA_ROOT = tmp_path
    ebu = _licences()
    page.set_viewport_size({"width": width, "height": 900})
    if role != "visitor":
        log_in(ebu[role])
    problems = _problems(page, show, shoot, _licence_pages(role, ebu), width)
    assert problems == [], "\n".join(problems)
