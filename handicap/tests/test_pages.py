"""Handicap pages: the member page's section and chart, a club's list, the calculator.

Rows are written straight through the models (the handicap step is another test's)."""

from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from handicap.forms import CalculatorForm
from handicap.models import HandicapChange, MemberHandicap
from members.models import Membership
from members.services import current_season
from members.tests.factories import ClubFactory, MemberFactory, member_with_login
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}
FIRST_DAY = date(2025, 1, 7)


def tournament(n: int, day: date, owner: int = 0) -> Tournament:
    return Tournament.objects.create(
        event_id=f"hcp-{owner}-{n}",
        name=f"Tisdagsparen {n}",
        start_date=day,
        end_date=day,
        kind=Tournament.Kind.PAIRS,
        scoring=Tournament.Scoring.MATCHPOINTS,
        boards=24,
    )


def history(member, steps: int, start: float = 30.0, first_day: date = FIRST_DAY) -> list:
    """``steps`` weekly pairs evenings, each a little better than expected."""
    rows, old = [], Decimal(str(start))
    for n in range(steps):
        day = first_day + timedelta(days=7 * n)
        new = old - Decimal("0.25")
        rows.append(
            HandicapChange(
                member=member,
                tournament=tournament(n, day, member.mid),
                played_on=day,
                place="3-4" if n == 0 else str(n + 1),
                old=old,
                partner=Decimal("18.00"),
                owner=(old + Decimal("18.00")) / 2,
                field=Decimal("24.00"),
                expected=Decimal("48.40"),
                achieved=Decimal("51.10"),
                change=Decimal("-0.250"),
                new=new,
                boards=24,
                scoring="topscore",
                policy_version="SBF 2007",
            )
        )
        old = new
    HandicapChange.objects.bulk_create(rows)
    MemberHandicap.objects.update_or_create(
        member=member,
        defaults={
            "handicap": old,
            "start": Decimal(str(start)),
            "updated_on": rows[-1].played_on if rows else None,
            "policy_version": "SBF 2007",
        },
    )
    return rows


def test_member_page_shows_the_handicap_history_and_chart(client):
    member = MemberFactory(mid=74001)
    rows = history(member, 3)  # 30.00 -> 29.75 -> 29.50 -> 29.25
    body = client.get("/members/74001/", **EN).content.decode()
    assert '<dd id="handicap-current">29.3</dd>' in body  # 29.25 half up
    assert "3 competitions." in body
    table = body[body.index('id="handicap-history"') :]
    # newest first, each tournament linked to its page
    assert (
        table.index("Tisdagsparen 2")
        < table.index("Tisdagsparen 1")
        < table.index("Tisdagsparen 0")
    )
    assert f'<a href="{rows[0].tournament.get_absolute_url()}">Tisdagsparen 0</a>' in table
    for text in ("2025-01-07", "3-4", "30.0", "18.0", "24.0", "48.40 %", "51.10 %", "-0.25"):
        assert text in table
    chart = body[body.index("<svg") : body.index("</svg>")]
    assert 'id="handicap-chart"' in chart and "<title" in chart
    assert "Handicap over time" in chart and "lower is better" in chart
    # One point a month: January's three evenings average 29.50.
    points = chart.split('points="')[1].split('"')[0].split()
    assert len(points) == 1
    assert "The average of each month, from 29.5 in 2025-01" in chart


def test_chart_has_one_point_a_month_at_the_months_average(client):
    member = MemberFactory(mid=74008)
    history(member, 10)  # weekly from 7 January: 4 in January, 4 in February, 2 in March
    body = client.get("/members/74008/", **EN).content.decode()
    chart = body[body.index("<svg") : body.index("</svg>")]
    points = chart.split('points="')[1].split('"')[0].split()
    assert len(points) == 3
    # January 29.75..29.00 averages 29.375 (shown 29.4); March 27.75, 27.50: 27.625.
    assert "from 29.4 in 2025-01 to 27.6 in 2025-03" in chart
    ys = [float(p.split(",")[1]) for p in points]
    assert ys == sorted(ys, reverse=True)  # the line rises as the handicap falls


def test_member_page_in_swedish_uses_decimal_commas(client):
    member = MemberFactory(mid=74002)
    history(member, 1)
    body = client.get("/members/74002/", **SV).content.decode()
    assert '<dd id="handicap-current">29,8</dd>' in body  # 29.75 half up
    assert "48,40 %" in body and "-0,25" in body
    assert "29,75" not in body.split('points="')[1].split('"')[0]  # SVG numbers stay plain


def test_member_without_a_handicap(client):
    MemberFactory(mid=74003)
    body = client.get("/members/74003/", **EN).content.decode()
    assert 'id="handicap-none"' in body and "No handicap yet." in body
    assert "<svg" not in body


def test_member_with_a_start_handicap_and_no_competitions(client):
    member = MemberFactory(mid=74004)
    history(member, 0, start=47.27)
    body = client.get("/members/74004/", **EN).content.decode()
    assert '<dd id="handicap-current">47.3</dd>' in body
    assert 'id="handicap-no-history"' in body and "<svg" not in body


def test_member_page_shows_the_latest_ten_and_links_to_all(client):
    member = MemberFactory(mid=74005)
    history(member, 55)
    body = client.get("/members/74005/", **EN).content.decode()
    assert "The last 10 of 55 competitions." in body
    table = body[
        body.index('id="handicap-history"') : body.index("</table>", body.index("handicap-history"))
    ]
    assert table.count("<tr>") == 11  # header and 10 rows
    assert "Tisdagsparen 54" in table and "Tisdagsparen 44<" not in table
    assert 'href="/handicap/members/74005/"' in body


def test_all_handicap_changes_page_is_paged_and_exports_every_row(client):
    member = MemberFactory(mid=74009)
    history(member, 55)
    first = client.get("/handicap/members/74009/", **EN).content.decode()
    table = first[first.index('id="handicap-history-all"') :]
    assert table.count("Tisdagsparen") == 50
    assert table.index("Tisdagsparen 54") < table.index("Tisdagsparen 53")
    second = client.get("/handicap/members/74009/", {"page": 2}, **EN).content.decode()
    assert second.count("Tisdagsparen") == 5 and "Tisdagsparen 0<" in second
    export = client.get("/handicap/members/74009/", {"_export": "csv"}, **EN)
    assert export["Content-Type"].startswith("text/csv")
    lines = export.content.decode().lstrip("\ufeff").splitlines()
    assert len(lines) == 56  # the header and every row
    assert "Tisdagsparen 54" in lines[1] and "Tisdagsparen 0," in lines[-1]
    assert client.get("/handicap/members/1/").status_code == 404


def test_all_handicap_changes_query_count_does_not_grow_with_them(
    client, django_assert_num_queries
):
    for mid, steps in ((74010, 3), (74011, 60)):
        history(MemberFactory(mid=mid), steps)
        # The member, the handicaps by scoring, the number of rows (the paginator), the
        # page with its tournaments.
        with django_assert_num_queries(4):
            assert client.get(f"/handicap/members/{mid}/").status_code == 200


def test_member_page_query_count_does_not_grow_with_the_history(client):
    counts = []
    # Past the ten shown, the page counts the rest (one query, however many).
    for mid, steps in ((74006, 12), (74007, 60)):
        history(MemberFactory(mid=mid), steps)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/members/{mid}/").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def _recently() -> date:
    # Within the year that keeps a member on the lists (handicap.domain.activity).
    return timezone.localdate() - timedelta(days=40)


def _club_member(club, mid: int, handicap: str | None, **kwargs):
    member = MemberFactory(mid=mid, **kwargs)
    Membership.objects.create(member=member, club=club, season=current_season())
    if handicap is not None:
        MemberHandicap.objects.create(
            member=member,
            handicap=Decimal(handicap),
            start=Decimal("52"),
            updated_on=_recently(),
            policy_version="SBF 2007",
        )
    return member


def test_club_list_orders_members_by_handicap(client):
    club = ClubFactory()
    _club_member(club, 74101, "31.20", last_name="Trea")
    _club_member(club, 74102, "12.45", last_name="Etta")
    _club_member(club, 74103, "20.00", last_name="Tvåa")
    _club_member(club, 74104, None, last_name="Utan")
    other = ClubFactory()
    _club_member(other, 74105, "5.00", last_name="Annan")

    body = client.get(f"/handicap/clubs/{club.pk}/", **EN).content.decode()
    assert body.index("74102") < body.index("74103") < body.index("74101")
    assert "74104" not in body and "74105" not in body
    assert ">12.5<" in body and ">31.2<" in body and _recently().isoformat() in body
    assert 'href="/members/74102/"' in body

    club_page = client.get(club.get_absolute_url(), **EN).content.decode()
    assert f'href="/handicap/clubs/{club.pk}/"' in club_page
    assert client.get("/handicap/clubs/999999/").status_code == 404


def test_club_list_query_count_does_not_grow_with_the_club(client):
    small, big = ClubFactory(), ClubFactory()
    _club_member(small, 74201, "20.00")
    for n in range(30):
        _club_member(big, 74300 + n, f"{10 + n}.00")
    counts = []
    for club in (small, big):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/handicap/clubs/{club.pk}/").status_code == 200
        counts.append(len(queries))
    # The club, the number of its members with a handicap (the paginator) and the
    # page of them with their members.
    assert counts == [3, 3]


def test_club_list_query_count_with_2_and_12_members(client, django_assert_num_queries):
    club = ClubFactory()
    for n in (2, 12):
        while (count := MemberHandicap.objects.count()) < n:
            _club_member(club, 74500 + count, f"{10 + count}.00")
        # The club, the number of its members with a handicap (the paginator) and the
        # page of them with their members.
        with django_assert_num_queries(3):
            response = client.get(f"/handicap/clubs/{club.pk}/")
        assert len(response.context["table"].page.object_list) == n


def test_empty_club_list(client):
    club = ClubFactory()
    body = client.get(f"/handicap/clubs/{club.pk}/", **EN).content.decode()
    assert "No member of the club has a handicap yet." in body


CALC = {
    "scoring": "topscore",
    "kind": "pairs",
    "boards": "24",
    "owner": "26, 26",
    "field": "16",
    "result": "57.5",
}


def test_calculator_shows_owner_expected_and_change(client):
    body = client.get("/handicap/calculator/", CALC, **EN).content.decode()
    assert '<dd id="result-owner">26.00</dd>' in body
    assert '<dd id="result-expected">46.00 %</dd>' in body
    assert '<dd id="result-change">-1.075</dd>' in body  # the command's answer
    assert '<dd id="result-new">24.9, 24.9</dd>' in body
    assert 'id="calculator-problem"' not in body


def test_calculator_imp_team_match(client):
    data = CALC | {"scoring": "imp", "kind": "teams", "owner": "20, 20, 20, 20", "field": "25"}
    body = client.get("/handicap/calculator/", data | {"result": "0.67"}, **EN).content.decode()
    assert '<dd id="result-expected">0.67 IMPs per board</dd>' in body
    assert '<dd id="result-change">0.000</dd>' in body


def test_calculator_accepts_decimal_commas(client):
    data = CALC | {"owner": "26,5; 25,5", "result": "57,5"}
    body = client.get("/handicap/calculator/", data, **SV).content.decode()
    assert '<dd id="result-expected">46,00 %</dd>' in body


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"boards": "0"}, "boards", "An event has at least one board."),
        ({"boards": "x"}, "boards", "Enter a whole number."),
        ({"played": "30"}, "played", "Boards played is between 1 and the event&#x27;s 24 boards."),
        (
            {"owner": "26"},
            "owner",
            "Give 2 handicaps for this kind of event, one per player; got 1.",
        ),
        ({"owner": "26, x"}, "owner", "“x” is not a number."),
        ({"owner": ""}, "owner", "This field is required."),
        ({"field": "60"}, "field", "A handicap is between -52 and 52; got 60."),
        ({"result": "abc"}, "result", "“abc” is not a number."),
        ({"result": "120"}, "result", "A topscore result is a percentage from 0 to 100; got 120."),
        ({"kind": "rubber"}, "kind", "Select a valid choice."),
    ],
)
def test_calculator_says_which_field_is_wrong(client, change, field, message):
    body = client.get("/handicap/calculator/", CALC | change, **EN).content.decode()
    problem = body[body.index('id="calculator-problem"') :]
    with translation.override("en"):
        label = str(CalculatorForm.base_fields[field].label)
    assert label in problem[: problem.index("</p>")]  # the summary names the field
    error = body[body.index(f'id="error-{field}"') :]
    assert message in error[: error.index("</ul>")]
    assert 'id="calculator-result"' not in body


def test_calculator_fills_in_the_members_own_handicap(client):
    member = member_with_login(mid=74401)
    MemberHandicap.objects.create(
        member=member, handicap=Decimal("23.45"), start=Decimal("40"), policy_version="SBF 2007"
    )
    client.force_login(member.user)
    body = client.get("/handicap/calculator/", **EN).content.decode()
    assert 'name="owner" value="23.5"' in body
    assert "Your handicap is 23.5" in body
    assert 'id="calculator-result"' not in body and 'id="calculator-problem"' not in body

    other = member_with_login(mid=74402)
    client.force_login(other.user)
    body = client.get("/handicap/calculator/", **EN).content.decode()
    assert 'name="owner" value=' not in body
    assert "Your handicap is" not in body


def test_calculator_is_in_the_navigation(client):
    body = client.get("/", **EN).content.decode()
    assert 'href="/handicap/calculator/"' in body and "Handicap calculator" in body
    assert 'href="/handicap/list/" id="nav-handicap-list"' in body and "Handicap list" in body


def test_a_team_events_matches_show_as_one_line_with_their_rounds(client):
    from handicap.services import update_handicaps_for
    from handicap.tests.test_teams import _event, _match

    event, (home, away) = _event(2, day=date(2026, 4, 14), name="Lagserien")
    _match(event, home, away, 30, 12, round=1)
    _match(event, away, home, 20, 21, round=2)
    update_handicaps_for(event)
    player = home.players.order_by("pk").first().member
    body = client.get(f"/members/{player.mid}/", **EN).content.decode()
    table = body[body.index('id="handicap-history"') :]
    # One line for the event, its matches inside in the order played
    assert table.count("Lagserien</a>") == 1 and "2 matches" in table
    assert table.index("round 1:") < table.index("round 2:")
    assert "1 competition." in body
    swedish = client.get(f"/members/{player.mid}/", **SV).content.decode()
    assert "rond 2:" in swedish


# --- the calculator's query count ---------------------------------------------------------


@pytest.mark.parametrize("query", [{}, CALC], ids=["empty", "computed"])
def test_calculator_runs_no_query_for_a_visitor(client, django_assert_num_queries, query):
    with django_assert_num_queries(0):
        response = client.get("/handicap/calculator/", query)
    assert (response.context["calc"] is None) == (not query)


def test_calculator_query_count_for_a_member(client, django_assert_num_queries):
    member = member_with_login(mid=74601)
    MemberHandicap.objects.create(
        member=member, handicap=Decimal("23.45"), start=Decimal("40"), policy_version="SBF 2007"
    )
    client.force_login(member.user)
    # The session and its user; the user's member and their handicap (filled in);
    # the navigation bar: "is office staff?", "has any role?", the unread
    # notifications.
    with django_assert_num_queries(2 + 2 + 3):
        response = client.get("/handicap/calculator/")
    assert response.context["own"] is not None
    # A computed result fills nothing in: the handicap is not read.
    with django_assert_num_queries(2 + 1 + 3):
        response = client.get("/handicap/calculator/", CALC)
    assert response.context["calc"] is not None


def test_club_list_sorts_by_any_column(client):
    """Issue 18, point 2: the club's handicap list sorts by name, MID or handicap."""
    club = ClubFactory()
    _club_member(club, 74111, "31.20", last_name="Adamsson")
    _club_member(club, 74112, "12.45", last_name="Öberg")
    _club_member(club, 74113, "20.00", last_name="Berg")
    url = f"/handicap/clubs/{club.pk}/"

    def order(sort: str) -> list[str]:
        body = client.get(url, {"sort": sort}, **EN).content.decode()
        return sorted(("74111", "74112", "74113"), key=body.index)

    assert order("name") == ["74111", "74113", "74112"]
    assert order("-handicap") == ["74111", "74113", "74112"]
    assert order("mid") == ["74111", "74112", "74113"]
