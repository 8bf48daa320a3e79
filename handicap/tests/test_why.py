"""Every number explained: the history a competition a line (a team event's matches on
one), each line's equations filled in from the stored row, and the calculator's partner.

The rows are the handicap step's own (``update_handicaps_for`` on small events), so the
equations on the page are held to the changes the portal really stored."""

from dataclasses import replace
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

import handicap.domain.explain as explain_module
from handicap.domain.explain import expected_tolerance, tolerance
from handicap.domain.policy import SBF_2007
from handicap.models import HandicapChange, MemberHandicap
from handicap.selectors import why_row
from handicap.services import update_handicaps_for
from handicap.tests.test_services import _pairs_event, _start
from handicap.tests.test_teams import _event, _lineup, _match
from members.models import Membership
from members.services import current_season
from members.tests.factories import ClubFactory, MemberFactory, member_with_login
from tournaments.models import Entry as TournamentEntry
from tournaments.models import EntryPlayer, Section, Standing, TeamMatch, Tournament

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}


def _individual_event(day, players, *, boards=26, name="Individuellt"):
    """``players``: [(member, percentage)] in place order."""
    tournament = Tournament.objects.create(
        event_id=f"{name}-{day}",
        name=name,
        start_date=day,
        end_date=day,
        kind="individual",
        scoring="matchpoints",
        boards=boards,
    )
    section = Section.objects.create(tournament=tournament, name="A", boards=boards)
    for number, (member, percentage) in enumerate(players, start=1):
        entry = TournamentEntry.objects.create(section=section, number=number)
        EntryPlayer.objects.create(entry=entry, member=member)
        Standing.objects.create(
            entry=entry,
            place=number,
            place_to=number,
            score=Decimal(percentage),
            percentage=Decimal(percentage),
        )
    return tournament


def build_evenings(first_mid: int = 76001):
    """Two pairs evenings (the second from handicaps the first moved, so not round
    numbers) with a player who played 18 of 24 boards, and an individual event."""
    players = [MemberFactory(mid=first_mid + n) for n in range(8)]
    a, b, c, d, e, f, g, h = players
    for member, start in zip(players, (26, 18.5, 16, 31.25, 22, 12.4, 40, 35), strict=True):
        _start([member], start)
    first = _pairs_event(
        date(2026, 3, 2),
        [(a, b, "61.20"), (c, d, "54.10"), (e, f, "44.70"), (g, h, "40.00")],
        name="Måndagsparen",
    )
    EntryPlayer.objects.filter(member=b, entry__section__tournament=first).update(boards_played=18)
    update_handicaps_for(first)
    second = _pairs_event(
        date(2026, 3, 9),
        [(g, h, "58.33"), (a, c, "52.08"), (b, e, "47.92"), (d, f, "41.67")],
        boards=27,
        name="Måndagsparen",
    )
    update_handicaps_for(second)
    single = _individual_event(
        date(2026, 3, 16), [(h, "63.00"), (a, "51.50"), (b, "49.00"), (c, "36.50")]
    )
    update_handicaps_for(single)
    return players, (first, second, single)


def build_team_event():
    """A team event of three rounds: 16-board matches in a tournament of 32 boards
    (B_N is the match's), one match where a player sat out a half."""
    tournament, (home, away) = _event(2, day=date(2026, 4, 14), name="Lagserien")
    for n, player in enumerate(EntryPlayer.objects.filter(entry__in=(home, away)).order_by("pk")):
        _start([player.member], 14 + 3 * n)
    first = _match(tournament, home, away, 30, 12, round=1)
    _match(tournament, away, home, 20, 21, round=2)
    third = _match(tournament, home, away, 5, 41, round=3)
    # The third match has a line-up: the home side's four play both halves, the away
    # side's first player only the first (8 of 16 boards).
    home_players = list(home.players.order_by("pk"))
    away_players = list(away.players.order_by("pk"))
    for half in (1, 2):
        _lineup(third, home, half, home_players)
        _lineup(third, away, half, away_players if half == 1 else away_players[1:])
    update_handicaps_for(tournament)
    return tournament, home, away, first


@pytest.fixture
def evenings():
    return build_evenings()


@pytest.fixture
def team_event():
    return build_team_event()


def _explained(rows):
    whys = [why_row(row) for row in rows]
    assert all(w.explanation is not None for w in whys), [w.problem for w in whys]
    return whys


def _assert_reproduces(whys):
    """The equations filled in give the stored expected result, change and new
    handicap, up to the rounding of the stored inputs."""
    for w in whys:
        e, row = w.explanation, w.row
        assert abs(e.expected - float(row.expected)) <= expected_tolerance(e), row
        assert abs(e.change - float(row.change)) <= tolerance(e), row
        # new = round(old + change, 2) unrounded; the stored change is off by 0.0005.
        assert abs(e.new - float(row.new)) <= 0.0055 + 1e-9, row


def test_the_equations_reproduce_every_stored_pairs_and_individual_row(evenings):
    rows = list(HandicapChange.objects.select_related("tournament", "match"))
    assert len(rows) == 8 + 8 + 4
    whys = _explained(rows)
    _assert_reproduces(whys)
    # The rows move by far more than the rounding allows: a wrong equation shows.
    assert max(abs(float(w.row.change)) for w in whys) > 20 * max(
        tolerance(w.explanation) for w in whys
    )
    played = [w for w in whys if w.row.boards == 18]
    assert len(played) == 1 and played[0].boards == 24  # G_N 18 of B_N 24
    assert {w.boards for w in whys} == {24, 27, 26}  # B_N read from each tournament


def test_the_equations_reproduce_every_stored_team_match_row(team_event):
    rows = list(HandicapChange.objects.select_related("tournament", "match"))
    assert len(rows) == 3 * 8
    whys = _explained(rows)
    _assert_reproduces(whys)
    assert {w.boards for w in whys} == {16}  # the match's boards, not the event's 32
    assert any(w.row.boards == 8 for w in whys)  # the player who sat out a half


@pytest.mark.parametrize(
    "wrong",
    [
        {"topscore_slope": 0.5},  # 4.3's other reading of the slope
        {"c_b_topscore": 1.0},
        {"s_topscore": 6.0},
        {"impact": 400.0},
    ],
    ids=["slope", "c_b", "s", "impact"],
)
def test_a_wrong_equation_fails_the_check(evenings, monkeypatch, wrong):
    """The check above is not loose: the explanation computed with another policy's
    numbers misses the stored changes."""
    policy = replace(SBF_2007, **wrong)
    real = explain_module.explain
    monkeypatch.setattr("handicap.selectors.explain", lambda row, _policy=None: real(row, policy))
    rows = list(HandicapChange.objects.select_related("tournament", "match"))
    with pytest.raises(AssertionError):
        _assert_reproduces(_explained(rows))


# --- the history page: a line per competition -----------------------------------------


def test_a_team_events_matches_are_one_line_with_the_total(client, team_event):
    tournament, home, _away, _first = team_event
    player = home.players.order_by("pk").first().member
    rows = list(HandicapChange.objects.filter(member=player).order_by("match__round"))
    assert len(rows) == 3
    response = client.get(f"/handicap/members/{player.mid}/", **EN)
    lines = response.context["table"].page.object_list
    assert len(lines) == 1
    body = response.content.decode()
    table = body[body.index('id="handicap-history-all"') :]
    assert table.count("<tbody") == 1 and table.count('why-link"') == 1
    assert "3 matches" in table
    total = sum(row.change for row in rows).quantize(Decimal("0.01"), ROUND_HALF_UP)
    assert f">{'+' if total > 0 else ''}{total}<" in table
    after = rows[-1].new.quantize(Decimal("0.1"), ROUND_HALF_UP)
    assert f">{after}<" in table  # the handicap after
    for row in rows:  # each match inside, in round order
        assert f"round {row.match.round}:" in table
    assert table.index("round 1:") < table.index("round 2:") < table.index("round 3:")
    assert f'href="/handicap/members/{player.mid}/why/{tournament.pk}/"' in table
    # The download keeps every match its own row.
    export = client.get(f"/handicap/members/{player.mid}/", {"_export": "csv"}, **EN)
    lines = export.content.decode().lstrip("\ufeff").splitlines()
    assert len(lines) == 1 + 3 and "Lagserien, round 3" in export.content.decode()


def test_pairs_lines_and_a_team_event_together_newest_first(client, team_event):
    _tournament, home, away, _first = team_event
    player = home.players.order_by("pk").first().member
    partner = away.players.order_by("pk").first().member
    rest = [MemberFactory() for _ in range(2)]
    _start(rest, 20)
    pairs = _pairs_event(
        date(2026, 4, 21), [(player, partner, "55.00"), (rest[0], rest[1], "45.00")]
    )
    update_handicaps_for(pairs)
    body = client.get(f"/handicap/members/{player.mid}/", **EN).content.decode()
    table = body[body.index('id="handicap-history-all"') :]
    assert table.index("Måndagsparen") < table.index("Lagserien")
    assert table.count('why-link"') == 2


def test_the_history_pages_queries_do_not_grow_with_matches(client, django_assert_num_queries):
    counts = []
    for teams in (2, 6):
        tournament, entries = _event(teams, day=date(2026, 5, teams), name=f"Lag {teams}")
        for n, (home, away) in enumerate(zip(entries[::2], entries[1::2], strict=True)):
            for round_ in range(1, 1 + teams):
                _match(tournament, home, away, 10 + round_, 12, round=round_ + 10 * n)
        update_handicaps_for(tournament)
        member = entries[0].players.first().member
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/handicap/members/{member.mid}/").status_code == 200
        counts.append(len(queries))
    # The member, the handicaps by scoring, the number of lines (the paginator), the
    # page's rows with their tournaments and matches.
    assert counts == [4, 4]


def test_fifty_lines_a_page_however_many_matches(client):
    member = MemberFactory(mid=76100)
    rows = []
    for n in range(52):
        day = date(2025, 1, 1 + n % 28) if n < 28 else date(2025, 2, n - 27)
        rows.append(
            HandicapChange(
                member=member,
                tournament=Tournament.objects.create(
                    event_id=f"p-{n}",
                    name=f"Parkväll {n}",
                    start_date=day,
                    end_date=day,
                    kind="pairs",
                    scoring="matchpoints",
                    boards=24,
                ),
                played_on=day,
                old=30,
                partner=20,
                owner=25,
                field=24,
                expected=49.6,
                achieved=51,
                change=Decimal("-0.130"),
                new=Decimal("29.87"),
                boards=24,
                scoring="topscore",
                policy_version="SBF 2007",
            )  # fmt: skip
        )
    HandicapChange.objects.bulk_create(rows)
    first = client.get("/handicap/members/76100/", **EN)
    assert len(first.context["table"].page.object_list) == 50
    second = client.get("/handicap/members/76100/", {"page": 2}, **EN).content.decode()
    assert "Parkväll 0<" in second and "Parkväll 1<" in second


# --- the explanation page ---------------------------------------------------------------


def test_a_pairs_line_explained(client, evenings):
    (a, *_), (first, _second, _single) = evenings
    row = HandicapChange.objects.get(member=a, tournament=first)
    w = why_row(HandicapChange.objects.select_related("tournament", "match").get(pk=row.pk))
    e = w.explanation
    body = client.get(f"/handicap/members/{a.mid}/why/{first.pk}/", **EN).content.decode()
    main = body[body.index("<main") :]
    assert f"Why is the handicap {row.new.quantize(Decimal('0.1'), ROUND_HALF_UP)}?" in main
    for text in (
        f'<dd class="why-old">{row.old:.2f}</dd>',
        f'<dd class="why-partner">{row.partner:.2f}</dd>',
        f'<dd class="why-owner">{row.owner:.2f}</dd>',
        f'<dd class="why-field">{row.field:.2f}</dd>',
        f'<dd class="why-expected">{row.expected:.2f} %</dd>',
        f'<dd class="why-achieved">{row.achieved:.2f} %</dd>',
        '<dd class="why-played">24</dd>',
        '<dd class="why-boards">24</dd>',
        f'<dd class="why-change">{row.change:.3f}</dd>',
        f'<dd class="why-new">{row.new:.2f}</dd>',
        # the numbers in the equations
        f"= ({row.old:.2f} + {row.partner:.2f}) / 2 = ",
        f"r̂ = 50 + 0.4 × ({row.field:.2f} − ",
        "= (24 − 1) / (24 + 0.6) = 0.935",
        f"ΔH = −0.935 × 1 × 1 × 2 / 480 × 24 × ({row.achieved:.2f} − {e.expected:.2f}) = ",
        f"{row.old:.2f} + ({row.change:.3f}) = <strong>{row.new:.2f}</strong>",
    ):
        assert text in main, text
    assert f"<strong>{e.change:.3f}</strong>" in main
    swedish = client.get(f"/handicap/members/{a.mid}/why/{first.pk}/", **SV).content.decode()
    assert "= (24 − 1) / (24 + 0,6) = 0,935" in swedish
    assert "Förväntat resultat" in swedish and "Parets handikapp" in swedish


def test_a_team_event_explained_match_by_match(client, team_event):
    tournament, home, _away, _first = team_event
    player = home.players.order_by("pk").first().member
    body = client.get(f"/handicap/members/{player.mid}/why/{tournament.pk}/", **EN).content.decode()
    assert body.count('class="board why-match"') == 3
    assert body.count('<dd class="why-boards">16</dd>') == 3  # B_N: the match's boards
    assert "r̂ = 0 + 0.0667 × 2 × (" in body
    assert "= (16 − 1) / (16 + 0.1) = 0.932" in body
    assert "× 0.5 × 0.5 × 12 / 480 × " in body
    assert "Team handicap" in body and "Opponents" in body and "team handicap</dt>" in body


def test_the_explanation_is_as_public_as_the_history(client, evenings):
    (a, *_), (first, _second, _single) = evenings
    # The member page and the history are public (members.views.member_detail): so is this.
    assert client.get(f"/handicap/members/{a.mid}/why/{first.pk}/").status_code == 200
    owner = member_with_login(mid=76200)
    client.force_login(owner.user)
    assert client.get(f"/handicap/members/{a.mid}/why/{first.pk}/").status_code == 200


def test_a_line_that_is_not_there_is_not_found(client, evenings):
    (a, *_), (first, _second, _single) = evenings
    stranger = MemberFactory(mid=76300)
    assert client.get(f"/handicap/members/{stranger.mid}/why/{first.pk}/").status_code == 404
    assert client.get(f"/handicap/members/1/why/{first.pk}/").status_code == 404
    assert client.get(f"/handicap/members/{a.mid}/why/999999/").status_code == 404


def test_a_match_reported_again_is_said_not_raised(client, team_event):
    tournament, home, _away, first = team_event
    player = home.players.order_by("pk").first().member
    # A match deleted leaves its rows until the tournament's handicap step.
    TeamMatch.objects.filter(pk=first.pk).delete()
    assert HandicapChange.objects.filter(member=player, match_id=first.pk).exists()
    history = client.get(f"/handicap/members/{player.mid}/", **EN)
    assert history.status_code == 200
    assert "a match reported again" in history.content.decode()
    page = client.get(f"/handicap/members/{player.mid}/why/{tournament.pk}/", **EN)
    assert page.status_code == 200
    body = page.content.decode()
    assert "This match has been reported again" in body
    assert body.count('class="board why-match"') == 3


def test_a_row_under_unknown_rules_is_said_not_raised(client, evenings):
    (a, *_), (first, _second, _single) = evenings
    HandicapChange.objects.filter(member=a, tournament=first).update(policy_version="DBf 2030")
    body = client.get(f"/handicap/members/{a.mid}/why/{first.pk}/", **EN).content.decode()
    assert "computed under the rules “DBf 2030”" in body
    assert "ΔH" not in body


# --- the calculator's partner -------------------------------------------------------------


@pytest.fixture
def pair():
    me = member_with_login(mid=76401, first_name="Ada", last_name="Lund")
    MemberHandicap.objects.create(
        member=me, handicap=Decimal("23.45"), start=Decimal("40"), policy_version="SBF 2007"
    )
    partner = MemberFactory(mid=76402, first_name="Bea", last_name="Bergström")
    MemberHandicap.objects.create(
        member=partner, handicap=Decimal("17.96"), start=Decimal("40"), policy_version="SBF 2007"
    )
    club = ClubFactory(name="BK Kvarnen")
    Membership.objects.create(member=partner, club=club, season=current_season(), represents=True)
    MemberFactory(mid=76403, first_name="Carl", last_name="Bergström")
    return me, partner


def test_a_member_finds_a_partner_by_name_and_gets_both_handicaps(client, pair):
    me, partner = pair
    client.force_login(me.user)
    body = client.get("/handicap/calculator/", {"partner": "bergström"}, **EN).content.decode()
    start = body.index('id="partner-choices"')
    choices = body[start : body.index("</table>", start)]
    assert choices.count('class="partner-choice"') == 2
    assert ">Bea Bergström</a></td><td>76402</td><td>BK Kvarnen</td>" in choices
    assert ">Carl Bergström</a></td><td>76403</td><td>–</td>" in choices
    assert 'id="calculator-problem"' not in body  # searching is not computing
    assert 'name="owner" value="23.5"' in body

    body = client.get("/handicap/calculator/", {"partner_mid": "76402"}, **EN).content.decode()
    assert 'name="owner" value="23.5, 18.0"' in body
    assert "Your partner Bea Bergström (76402) has handicap 18.0." in body
    assert '<input type="hidden" name="partner_mid" value="76402">' in body
    assert 'id="calculator-result"' not in body and 'id="calculator-problem"' not in body

    computed = client.get(
        "/handicap/calculator/",
        {"partner_mid": "76402", "scoring": "topscore", "kind": "pairs", "boards": "24",
         "owner": "23.5, 18.0", "field": "20", "result": "55"},
        **EN,
    ).content.decode()  # fmt: skip
    assert '<dd id="result-owner">20.75</dd>' in computed
    assert "Bea Bergström" in computed


def test_a_partner_by_mid_and_the_searches_that_find_nobody(client, pair):
    me, _partner = pair
    client.force_login(me.user)
    body = client.get("/handicap/calculator/", {"partner": "76402"}, **EN).content.decode()
    assert body.count('class="partner-choice"') == 1 and "76402" in body
    body = client.get("/handicap/calculator/", {"partner": "Zyxwv"}, **EN).content.decode()
    assert 'id="partner-none"' in body and "No member matches “Zyxwv”." in body
    body = client.get("/handicap/calculator/", {"partner": "B"}, **EN).content.decode()
    assert 'id="error-partner"' in body and 'class="partner-choice"' not in body
    # Oneself is not one's partner.
    assert (
        'class="partner-choice"'
        not in client.get("/handicap/calculator/", {"partner": "76401"}, **EN).content.decode()
    )
    body = client.get("/handicap/calculator/", {"partner_mid": "999999"}, **EN).content.decode()
    assert 'id="partner-missing"' in body and 'name="owner" value="23.5"' in body
    body = client.get("/handicap/calculator/", {"partner_mid": "x'"}, **EN).content.decode()
    assert 'id="partner-missing"' not in body and 'id="calculator-partner"' not in body


def test_a_partner_without_a_handicap(client, pair):
    me, _partner = pair
    client.force_login(me.user)
    body = client.get("/handicap/calculator/", {"partner_mid": "76403"}, **EN).content.decode()
    assert "Your partner Carl Bergström (76403) has no handicap yet." in body
    assert 'name="owner" value="23.5"' in body


def test_a_visitor_gets_the_plain_calculator(client, pair):
    body = client.get("/handicap/calculator/", {"partner": "bergström"}, **EN).content.decode()
    assert 'id="partner-form"' not in body and "Bergström" not in body
    assert 'id="calculator-form"' in body


def test_the_partner_search_in_swedish(client, pair):
    me, _partner = pair
    client.force_login(me.user)
    body = client.get("/handicap/calculator/", {"partner": "bea"}, **SV).content.decode()
    assert "Bea Bergström" in body and ">Namn<" in body and ">Klubb<" in body
    body = client.get("/handicap/calculator/", {"partner_mid": "76402"}, **SV).content.decode()
    assert 'name="owner" value="23.5, 18.0"' in body
