"""Issue #22's SBF master points steps in the portal: converting a foreign holding
(000 §8, lines 589-599), two sessions merged into one competition (lines 684-686),
a club's pins for promotions (lines 47-65, 98-100)."""

from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.conf import settings
from django.utils import timezone

from awards.models import ForeignConversion, MasterPointAward, MasterPointHolding, Promotion
from awards.services import ConversionRefused, convert_foreign_holding
from config.pipeline import run_step
from members.models import Membership
from members.services import current_season
from members.tests.factories import ClubFactory, MemberFactory, club_admin, office_staff
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}


def _convert(member, **changes):
    facts = {
        "federation": "English Bridge Union",
        "foreign_holding": "310 green points",
        "extract": "EBU extract 2025-02-11",
        "bronze": Decimal(0),
        "silver": Decimal(60),
        "gold": Decimal(3),
        "moved_permanently": True,
        "day": date(2025, 3, 1),
        **changes,
    }
    return convert_foreign_holding(member, **facts)


# --- §8: converting a foreign holding (lines 589-599) ---------------------------------


def test_conversion_credits_the_holding_and_class_lines_589_599():
    member = MemberFactory(mid=81001)
    _convert(member)
    holding = MasterPointHolding.objects.get(member=member)
    assert (holding.silver, holding.gold) == (Decimal(60), Decimal(3))
    # 60 sp + 3 gp = 9 mp: Klövermästare (2 mp); Ruter asks 15 mp.
    assert holding.master_class == "klover"
    promotion = Promotion.objects.get(member=member, master_class="klover")
    assert promotion.reached_on == date(2025, 3, 1) and promotion.tournament is None
    # Not a tournament's award: the ledger of tournaments is untouched.
    assert not MasterPointAward.objects.filter(member=member).exists()


def test_the_same_conversion_twice_is_refused_lines_591_594():
    member = MemberFactory(mid=81002)
    _convert(member)
    with pytest.raises(ConversionRefused, match="already been converted"):
        _convert(member, federation="english bridge union ")
    assert ForeignConversion.objects.filter(member=member).count() == 1


def test_conversion_refused_without_a_permanent_move_or_extract_lines_589_596():
    member = MemberFactory(mid=81003)
    with pytest.raises(ConversionRefused) as refused:
        _convert(member, moved_permanently=False, extract=" ")
    assert len(refused.value.reasons) == 2
    assert not ForeignConversion.objects.exists()
    assert not MasterPointHolding.objects.filter(member=member).exists()


def test_conversion_adds_to_tournament_points_in_date_order():
    member = MemberFactory(mid=81004)
    _convert(member, silver=Decimal(0), gold=Decimal(14), day=date(2025, 1, 1))
    holding = MasterPointHolding.objects.get(member=member)
    assert holding.master_points == Decimal(14)
    _convert(member, federation="Norsk Bridgeforbund", gold=Decimal(1), silver=Decimal(0))
    holding.refresh_from_db()
    # 15 gp: Rutermästare (15 mp, 2 gp), reached on the second conversion's day.
    assert holding.master_class == "ruter"
    assert Promotion.objects.get(member=member, master_class="ruter").reached_on == date(2025, 3, 1)


def test_conversion_page_is_for_the_office_and_audits_who(client):
    member = MemberFactory(mid=81005, first_name="Ada", last_name="Abroad")
    client.force_login(club_admin(ClubFactory()))
    assert client.get("/masterpoints/conversions/").status_code == 403
    staff = office_staff()
    client.force_login(staff)
    page = client.get("/masterpoints/conversions/", **EN).content.decode()
    assert "Converting foreign master points" in page and 'id="conversion-form"' in page
    form = {
        "mid": 81005,
        "federation": "Danmarks Bridgeforbund",
        "foreign_holding": "120 mesterpoint",
        "extract": "DBf 2025-03",
        "moved_permanently": "on",
        "bronze": "0",
        "silver": "40",
        "gold": "1",
        "converted_on": "2025-03-02",
        "note": "moved from Copenhagen",
    }
    response = client.post("/masterpoints/conversions/", form, **EN)
    assert (
        response.status_code == 302
        and response["Location"] == "/masterpoints/members/81005/awards/"
    )
    found = ForeignConversion.objects.get(member=member)
    assert found.recorded_by == staff and found.note == "moved from Copenhagen"
    history = client.get("/masterpoints/members/81005/awards/", **EN).content.decode()
    assert "converted from Danmarks Bridgeforbund, 000 §8" in history
    sv = client.get("/members/81005/", **SV).content.decode()
    assert "konverterat från Danmarks Bridgeforbund, 000 §8" in sv
    # The same again: refused with the reason on the page, nothing saved.
    again = client.post("/masterpoints/conversions/", form, **EN).content.decode()
    assert "has already been converted" in again
    assert ForeignConversion.objects.count() == 1


def test_conversion_page_names_an_unknown_member(client):
    client.force_login(office_staff())
    page = client.post(
        "/masterpoints/conversions/",
        {"mid": 99999, "federation": "x", "foreign_holding": "1", "extract": "e",
         "converted_on": "2025-03-02", "silver": "1"},
        **EN,
    ).content.decode()  # fmt: skip
    assert "No member has MID 99999." in page


# --- two sessions of fewer than 18 boards as one competition (lines 684-686) ----------


def _session(club, mids, scores, *, day, name, boards=12):
    lines = [f"# event: {name}", f"# date: {day.isoformat()}", f"# boards: {boards}"]
    lines.append("place;players;score")
    ordered = sorted(range(len(scores)), key=lambda i: -scores[i])
    for place, i in enumerate(ordered, start=1):
        lines.append(f"{place};{mids[2 * i]}+{mids[2 * i + 1]};{scores[i]}")
    outcome = tournament_services.import_results(
        data=("\n".join(lines) + "\n").encode(),
        filename=f"{name}.csv",
        organiser=club,
        run_pipeline=False,
    )
    return outcome.tournament


def _award(tournament):
    run_step(tournament_id=tournament.pk, version=tournament.report_version, step="awards")


def test_two_short_sessions_are_awarded_as_one_lines_684_686():
    club = ClubFactory()
    mids = [82001 + n for n in range(12)]
    for mid in mids:
        MemberFactory(mid=mid)
    day = timezone.localdate() - timedelta(days=3)
    # Six pairs; pair 0 wins the first evening, pair 5 the second; pair 1 is steady.
    first = _session(club, mids, [70, 58, 50, 45, 40, 37], day=day, name="Tisdag 1")
    second = _session(club, mids, [40, 58, 50, 45, 41, 67], day=day, name="Tisdag 2")
    _award(first)
    _award(second)
    # Alone, each has 12 boards: below table A1's 18 (line 677), nobody gets points.
    assert not MasterPointAward.objects.exists()
    second.award_options = {"merged_with": first.pk}
    second.save(update_fields=["award_options"])
    _award(second)
    awards = MasterPointAward.objects.filter(tournament=second).order_by("-credited", "member__mid")
    # 24 boards, 6 pairs: A1 gives 12 8 to the best third. Averages: pair 1 58,
    # pair 0 55, pair 5 52.
    assert [(a.member.mid, a.credited) for a in awards] == [
        (82003, Decimal(12)), (82004, Decimal(12)), (82001, Decimal(8)), (82002, Decimal(8)),
    ]  # fmt: skip
    assert "two sessions counted as one, with Tisdag 1 (000 lines 684-686)" in awards[0].reason_en
    assert (
        first.award_run.reason_en == "Counted with Tisdag 2 as one competition (000 lines 684-686)"
    )
    assert not MasterPointAward.objects.filter(tournament=first).exists()


def test_sessions_with_other_pairs_are_not_merged_lines_684_686():
    club = ClubFactory()
    mids = [83001 + n for n in range(14)]
    for mid in mids:
        MemberFactory(mid=mid)
    day = timezone.localdate() - timedelta(days=3)
    first = _session(club, mids[:12], [70, 58, 50, 45, 40, 37], day=day, name="Onsdag 1")
    second = _session(club, mids[2:], [40, 58, 50, 45, 41, 67], day=day, name="Onsdag 2")
    second.award_options = {"merged_with": first.pk}
    second.save(update_fields=["award_options"])
    _award(second)
    assert not MasterPointAward.objects.exists()
    assert "do not have the same pairs" in second.award_run.reason_en


# --- pins for promotions (lines 47-65, 98-100) -----------------------------------------


@pytest.fixture
def promoted_club():
    club = ClubFactory(name="Klöverklubben")
    today = timezone.localdate()
    for mid, code, rank in ((84001, "ruter", 7), (84002, "klover-4", 5), (84003, "klover", 1)):
        member = MemberFactory(mid=mid)
        Membership.objects.create(
            member=member, club=club, season=current_season(), represents=True
        )
        Promotion.objects.create(member=member, master_class=code, rank=rank, reached_on=today)
    old = Promotion.objects.get(member__mid=84003)
    old.reached_on = today - timedelta(days=400)
    old.save()
    return club


def test_club_pin_order_lists_pins_and_the_special_klover_pin_lines_47_65_98_100(
    client, promoted_club
):
    client.force_login(club_admin(promoted_club))
    page = client.get(f"/masterpoints/clubs/{promoted_club.pk}/pin-orders/", **EN)
    body = page.content.decode()
    assert "Master pin, Diamond Master" in body
    assert "Klöver pin in silver" in body
    assert '<td class="num" id="pins-optional">30</td>' in body
    # The promotion outside the period is not listed.
    assert "Master pin, Club Master" not in body
    sv = client.get(f"/masterpoints/clubs/{promoted_club.pk}/pin-orders/", **SV).content.decode()
    assert "Mästarnål, rutermästare" in sv and "Klövernål i silver" in sv
    start = (timezone.localdate() - timedelta(days=500)).isoformat()
    csv = client.get(
        f"/masterpoints/clubs/{promoted_club.pk}/pin-orders/?start={start}&_export=csv", **EN
    ).content.decode("utf-8-sig")
    rows = csv.strip().splitlines()
    assert rows[0].startswith("Date,MID,Member,Master class,Item,Price (kr)")
    assert len(rows) == 1 + 4  # three pins and one Klöver pin in silver
    assert any("84003" in row and "Master pin, Club Master" in row for row in rows)


def test_pin_order_is_for_the_clubs_administrator_and_the_office(client, promoted_club):
    client.force_login(club_admin(ClubFactory()))
    assert client.get(f"/masterpoints/clubs/{promoted_club.pk}/pin-orders/").status_code == 403
    assert client.get("/masterpoints/pin-orders/").status_code == 403
    client.force_login(office_staff())
    body = client.get("/masterpoints/pin-orders/", **EN).content.decode()
    assert "Pins for promotions, all clubs" in body and "Klöverklubben" in body
    assert client.get(f"/masterpoints/clubs/{promoted_club.pk}/pin-orders/").status_code == 200


def test_a_period_that_does_not_read_falls_back_to_this_month(client, promoted_club):
    client.force_login(club_admin(promoted_club))
    body = client.get(
        f"/masterpoints/clubs/{promoted_club.pk}/pin-orders/?start=nonsense", **EN
    ).content.decode()
    assert "Master pin, Diamond Master" in body


def test_a_conversion_deleted_in_the_admin_leaves_the_holding(admin_client):
    member = MemberFactory(mid=81020)
    found = _convert(member)
    response = admin_client.post(
        f"/{settings.ADMIN_PATH}awards/foreignconversion/{found.pk}/delete/", {"post": "yes"}
    )
    assert response.status_code == 302
    assert not MasterPointHolding.objects.filter(member=member).exists()


def test_the_office_reaches_the_conversion_from_the_members_awards(client):
    MemberFactory(mid=81030)
    client.force_login(office_staff())
    body = client.get("/masterpoints/members/81030/awards/", **EN).content.decode()
    assert 'href="/masterpoints/conversions/?mid=81030"' in body
    form = client.get("/masterpoints/conversions/?mid=81030", **EN).content.decode()
    assert 'name="mid" value="81030"' in form
    client.logout()
    assert "convert-link" not in client.get("/masterpoints/members/81030/awards/").content.decode()
