"""The demo district's championships (issue #21: "a demo district runs one DM-par and
one DM Lag season"): built on a demo federation, with the seed 003 rules they show."""

import datetime as dt
from collections import Counter
from decimal import Decimal

import pytest
from django.urls import reverse

from members.demo import build_demo_federation
from members.models import Role
from members.services import current_season
from tournaments.championships.demo import (
    STRUCK_REASON,
    build_demo_championships,
    demo_season,
    seed_day,
)
from tournaments.championships.models import (
    Championship,
    FinalPlace,
    Heat,
    OfficialStep,
    RegisteredPlayer,
    Registration,
    Stage,
)
from tournaments.models import (
    Entry,
    EntryPlayer,
    LineupSlot,
    MatchTimePenalty,
    Standing,
    TeamMatch,
    Tournament,
)

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
TODAY = dt.date(2026, 11, 25)


@pytest.fixture
def demo():
    build_demo_federation(members=6000, clubs=120, seed=3, season=current_season())
    return build_demo_championships(seed=3, today=TODAY)


def _championship(form: str, discipline: str, season: int = 2025) -> Championship:
    return Championship.objects.get(form=form, discipline=discipline, season=season)


def test_the_season_is_the_last_one_played_to_its_final():
    """DM Par Open's final is "Lö 26 april" (003 line 354), moved by whole weeks to keep
    its Saturday: on 25 November 2026 the 2025/26 season is the one played to its end."""
    assert seed_day(2024, 4, 26) == dt.date(2025, 4, 26)
    assert seed_day(2025, 4, 26) == dt.date(2026, 4, 25)
    assert seed_day(2025, 4, 26).weekday() == 5
    assert demo_season(TODAY) == 2025
    assert demo_season(dt.date(2026, 4, 25)) == 2024
    assert demo_season(dt.date(2026, 4, 26)) == 2025


def test_the_demo_district_is_the_demo_officials(demo):
    official = Role.objects.get(kind=Role.Kind.DISTRICT_OFFICIAL)
    assert demo.skipped == "" and demo.season == 2025
    assert set(Championship.objects.values_list("district", flat=True)) == {official.district_id}
    # DM Par Open, Hcp 30+ and DM Lag this season; DM Lag one, three and four seasons back.
    assert sorted(Championship.objects.values_list("season", "form", "discipline")) == [
        (2021, "teams", "open"),
        (2022, "teams", "open"),
        (2024, "teams", "open"),
        (2025, "pairs", "hcp30"),
        (2025, "pairs", "open"),
        (2025, "teams", "open"),
    ]
    steps = OfficialStep.objects.filter(championship__season=2025)
    assert steps.count() == demo.steps and {s.actor_id for s in steps} == {official.member.user_id}


def test_dm_par_open_heats_dates_and_fees(demo):
    """003 lines 350-356: "Kval: 110 kr Final: 180 kr", qualifying 14 Oct-23 Mar, the
    final on 26 April; silver heats pay silver from 12 pairs and 40 boards (line 183), a
    bronze heat has 8 pairs or more, 4 in the qualification, 18 boards (line 189)."""
    dm = _championship("pairs", "open")
    assert dm.entry_fee == Decimal(110) and dm.sm_places == 6
    assert (dm.registration_opens, dm.registration_closes) == (
        dt.date(2025, 10, 13),
        dt.date(2026, 3, 22),
    )
    stages = {s.kind: s for s in dm.stages.all()}
    assert set(stages) == {"silver_heats", "bronze_heats", "final", "sm_places"}
    assert stages["final"].fee == Decimal(180) and stages["silver_heats"].fee == Decimal(110)
    heats = list(Heat.objects.filter(stage__in=[stages["silver_heats"], stages["bronze_heats"]]))
    assert len(heats) == 4
    for heat in heats:
        tournament = heat.tournament
        rows = Standing.objects.filter(entry__section__tournament=tournament)
        assert 12 <= rows.count() <= 36
        assert all(r.percentage for r in rows)
        assert heat.club.district_id == dm.district_id and heat.invitation_sent_on < heat.day
        silver = heat.stage.kind == "silver_heats"
        assert tournament.level == ("silver" if silver else "bronze")
        assert tournament.boards >= (40 if silver else 18)
        # every pair registered for its heat, linked to its result line
        registrations = Registration.objects.filter(heat=heat)
        assert registrations.count() == rows.count()
        assert all(r.entry.section.tournament_id == tournament.pk for r in registrations)
        assert all(r.players.count() == 2 for r in registrations)
    bronze = Registration.objects.filter(heat__stage=stages["bronze_heats"])
    assert bronze.filter(plays_qualification=False).count() == 6  # declared (lines 185-187)


def test_the_struck_pair_qualified_twice(demo):
    """003 lines 193-195: a player who qualified earlier in the season plays another heat
    with another partner: the pair is struck from that heat's results."""
    [struck] = Entry.objects.exclude(struck="")
    assert struck.struck == STRUCK_REASON
    players = set(struck.players.values_list("member_id", flat=True))
    earlier = EntryPlayer.objects.filter(
        member_id__in=players,
        entry__section__tournament__heat__stage__championship=_championship("pairs", "open"),
        entry__section__tournament__heat__stage__kind__in=["silver_heats", "bronze_heats"],
    ).exclude(entry=struck)
    [again] = earlier
    assert again.entry.section.tournament.start_date < struck.section.tournament.start_date
    assert OfficialStep.objects.filter(kind="struck", note__contains=struck.name).exists()


def test_the_final_places_are_the_domains(demo):
    """17 + 14 + 12 + 8 = 51 qualifying pairs (the struck pair and the bronze heat's six
    undeclared pairs do not count, 003 lines 187, 193-195): a final of 26 (half is 25.5,
    up to the next even number, line 224). 17 × 26 / 51 = 8.667, 14 × 26 / 51 = 7.137,
    12 × 26 / 51 = 6.118, 8 × 26 / 51 = 4.078: T1 gives 8, 7, 6, 4 and T2 the last place
    to heat 1 (lines 258-264). The reigning champions have their direct place (lines
    272-276); a pair of heat 3 waives, and its next pair, at 45 % or more, takes the
    place by replacement rule 1 (lines 280-284)."""
    dm = _championship("pairs", "open")
    final = Stage.objects.get(championship=dm, kind="final")
    places = list(FinalPlace.objects.filter(stage=final).select_related("heat"))
    assert Counter(p.rule for p in places) == {"t1": 25, "t2": 1, "direct": 1, "rule1": 1}
    by_heat = Counter(p.heat.name.split(",")[0] for p in places if p.heat and not p.declined_on)
    assert by_heat == {"Kvalheat 1": 9, "Kvalheat 2": 7, "Kvalheat 3": 6, "Kvalheat 4": 4}
    [t2] = [p for p in places if p.rule == "t2"]
    assert "largest remainder 0.667" in t2.reason_en and t2.heat.name.startswith("Kvalheat 1")
    [declined] = [p for p in places if p.declined_on]
    [replacement] = [p for p in places if p.rule == "rule1"]
    assert declined.heat == replacement.heat
    assert replacement.entry.standing.percentage >= Decimal(45)
    assert "Replacement rule 1" in replacement.reason_en and "Ersättningsregel 1" in (
        replacement.reason_sv
    )
    [direct] = [p for p in places if p.rule == "direct"]
    assert direct.registration.reigning_champions and direct.registration.heat is None
    # The final was played by the 27 pairs holding a place.
    held = {p.name for p in places if not p.declined_on}
    played = Heat.objects.get(stage=final).tournament
    assert (
        set(Entry.objects.filter(section__tournament=played).values_list("name", flat=True)) == held
    )
    assert played.award_options["dm_final"] == "open"
    steps = Counter(dm.steps.values_list("kind", flat=True))
    assert steps["confirmed"] == 2 and steps["declined"] == 1 and steps["replaced"] == 1


def test_the_pair_from_outside_and_the_sm_places(demo):
    """003 lines 167-177: a pair of another district plays by dispensation; with 6 SM
    places it may play for 2 of them. The SM places go down the final's order."""
    dm = _championship("pairs", "open")
    [outside] = [
        r
        for r in Registration.objects.filter(championship=dm)
        if r.club.district_id != dm.district_id
    ]
    sm = list(FinalPlace.objects.filter(championship=dm, rule="sm").order_by("position"))
    assert len(sm) == 6
    assert [p.name for p in sm][3] == outside.name
    assert "another district within its cap" in sm[3].reason_en
    final = Heat.objects.get(stage__championship=dm, stage__kind="final").tournament
    entry = Entry.objects.get(section__tournament=final, name=outside.name)
    assert final.award_options["dm_outside"] == [entry.pk]  # no bonus (003 line 321)
    assert [p.entry.standing.place for p in sm] == [1, 2, 3, 4, 5, 6]


def test_hcp30_is_a_direct_final_with_handicap(demo):
    """003 lines 298-316, 352: a direct final of at least 11 pairs a heat, 30-36 boards,
    with handicap, 200 kr with everything included; registration closes 21 March."""
    hcp = _championship("pairs", "hcp30")
    assert hcp.entry_fee == Decimal(200) and hcp.registration_closes == dt.date(2026, 3, 20)
    [stage] = hcp.stages.all()
    assert stage.kind == "final"
    [heat] = stage.heats.all()
    tournament = heat.tournament
    assert tournament.handicap_event and 30 <= tournament.boards <= 36
    standings = Standing.objects.filter(entry__section__tournament=tournament)
    assert standings.count() == Registration.objects.filter(championship=hcp).count() >= 11
    assert sorted(s.handicap_place for s in standings) == list(range(1, standings.count() + 1))
    assert tournament.award_options == {"dm_final": "hcp30"}


def test_dm_lag_heats_are_team_series_with_line_ups(demo):
    """003 lines 399-415, 498-530: series of at least four teams, one heat per club, teams
    of up to eight, four players a half and at most six a match; the same boards in
    every match, two halves from 21 boards."""
    lag = _championship("teams", "open")
    assert lag.semifinal_places == 20
    heats = list(Heat.objects.filter(stage__championship=lag, stage__kind="club_heats"))
    assert sorted(Entry.objects.filter(section__tournament=h.tournament).count() for h in heats) == [
        4, 5, 6, 7, 8,
    ]  # fmt: skip
    assert len({h.club_id for h in heats}) == 5
    for heat in heats:
        teams = Entry.objects.filter(section__tournament=heat.tournament).count()
        matches = TeamMatch.objects.filter(tournament=heat.tournament)
        assert matches.count() == teams * (teams - 1) // 2
        assert len({m.boards for m in matches}) == 1 and matches[0].boards >= 21
        for match in matches.exclude(walkover=True):
            slots = LineupSlot.objects.filter(match=match)
            for entry in (match.home_id, match.away_id):
                halves = Counter(s.half for s in slots if s.entry_id == entry)
                assert halves == {1: 4, 2: 4}
                assert 4 <= len({s.player_id for s in slots if s.entry_id == entry}) <= 6
    for registration in Registration.objects.filter(championship=lag):
        players = registration.players.all()
        assert 4 <= len(players) <= 8
        assert [p.captain for p in players].count(True) == 1  # line 429


def test_one_walkover_and_one_late_arrival(demo):
    """003 lines 776-792: the W.O. giver gets 0, the other team at least 12 VP; lines
    796-806: 12 minutes late is 2 VP, 4 minutes a warning."""
    lag = _championship("teams", "open")
    [walkover] = TeamMatch.objects.filter(walkover=True, tournament__heat__stage__championship=lag)
    assert sorted([walkover.vp_home, walkover.vp_away])[0] == 0
    assert max(walkover.vp_home, walkover.vp_away) >= 12
    assert not LineupSlot.objects.filter(match=walkover).exists()
    late = MatchTimePenalty.objects.order_by("-minutes")
    assert [(p.minutes, p.vp) for p in late] == [(12, Decimal(2)), (4, Decimal(0))]
    assert late[0].match.penalty_away == Decimal(2)
    standing = Standing.objects.get(entry=late[0].match.away)
    assert standing.score == sum(
        m.vp_home if m.home_id == standing.entry_id else m.vp_away
        for m in TeamMatch.objects.filter(tournament=late[0].match.tournament)
        if standing.entry_id in (m.home_id, m.away_id)
    )


def test_the_semifinal_places_are_the_domains(demo):
    """Heats of 8, 7, 6, 5 and 4 teams share 20 places (003 lines 571-573): 5.333,
    4.667, 4.000, 3.333, 2.667; whole numbers 5, 4, 4, 3, 2 and the two left to the
    decimals 0.667: 5, 5, 4, 3, 3. Five semifinals of four (line 602)."""
    lag = _championship("teams", "open")
    places = list(FinalPlace.objects.filter(championship=lag, rule="semifinal"))
    by_heat = Counter(p.heat_id for p in places)
    sizes = {
        h.pk: Entry.objects.filter(section__tournament=h.tournament).count()
        for h in Heat.objects.filter(stage__championship=lag, stage__kind="club_heats")
    }
    assert sorted((sizes[h], n) for h, n in by_heat.items()) == [
        (4, 3), (5, 3), (6, 4), (7, 5), (8, 5),
    ]  # fmt: skip
    assert Counter(p.group for p in places) == {1: 4, 2: 4, 3: 4, 4: 4, 5: 4}
    for place in places:  # the heat's best teams, in its order (line 586)
        assert place.entry.standing.place <= by_heat[place.heat_id]
        assert place.registration.entry_id == place.entry_id
    assert Heat.objects.filter(stage__championship=lag, stage__kind="semifinals").count() == 5


def test_the_newcomers_and_the_history_they_are_read_from(demo):
    """003 lines 457-464: "Nykomlingen" has at most two players in DM Lag "2021-2022 or
    later" (three seasons back from 2024/25), the others never or longer ago. The demo's
    newcomers: nobody in DM Lag since 2022/23, one player in 2021/22; every other team
    played last season with four of its players."""

    def recent_and_old(member_ids):
        seasons = RegisteredPlayer.objects.filter(
            member_id__in=member_ids,
            registration__championship__form="teams",
            registration__championship__season__lt=2025,
        ).values_list("member_id", "registration__championship__season")
        recent = {m for m, season in seasons if season >= 2022}
        old = {m for m, season in seasons if season < 2022} - recent
        return len(recent), len(old)

    lag = _championship("teams", "open")
    counts = [
        recent_and_old(registration.players.values_list("member_id", flat=True))
        for registration in Registration.objects.filter(championship=lag)
    ]
    assert [c for c in counts if c[0] <= 2] == [(0, 1)]
    assert len(counts) == 30
    last = _championship("teams", "open", 2024)
    assert Registration.objects.filter(championship=last).count() == 29
    for season in (2021, 2022):
        earlier = _championship("teams", "open", season)
        [heat] = Heat.objects.filter(stage__championship=earlier)
        assert TeamMatch.objects.filter(tournament=heat.tournament).count() == 6
        assert EntryPlayer.objects.filter(
            entry__section__tournament=heat.tournament, halves_played__gt=0
        ).exists()


def test_the_public_pages_show_the_championships(client, demo):
    listing = client.get(reverse("championships:list"), **EN)
    assert listing.status_code == 200
    for championship in Championship.objects.filter(season=2025):
        page = client.get(reverse("championships:detail", args=[championship.pk]), **EN)
        assert page.status_code == 200
        assert championship.name in listing.content.decode()
    dm = _championship("pairs", "open")
    page = client.get(reverse("championships:detail", args=[dm.pk]), **EN).content.decode()
    assert "Kvalheat 3" in page and 'id="qualification"' in page
    lag = _championship("teams", "open")
    page = client.get(reverse("championships:detail", args=[lag.pk]), **EN).content.decode()
    assert 'id="semifinal-places"' in page and "places" in page
    walkover = TeamMatch.objects.get(walkover=True)
    page = client.get(reverse("tournaments:detail", args=[walkover.tournament_id]), **EN)
    assert page.status_code == 200


def test_the_builder_is_deterministic_and_skips_a_second_time(demo):
    def snapshot():
        return (
            sorted(FinalPlace.objects.values_list("name", "rule", "group", "position")),
            sorted(Entry.objects.values_list("name", "number", "struck")),
            sorted(TeamMatch.objects.values_list("round", "imps_home", "imps_away", "vp_home")),
        )

    first = snapshot()
    again = build_demo_championships(seed=3, today=TODAY)
    assert again.skipped and again.championships == 0
    assert snapshot() == first
    tournaments = [t for t in Heat.objects.values_list("tournament", flat=True) if t]
    Championship.objects.all().delete()
    Tournament.objects.filter(pk__in=tournaments).delete()
    rebuilt = build_demo_championships(seed=3, today=TODAY)
    assert rebuilt.championships == 6
    assert snapshot() == first


def test_a_district_too_small_gets_no_championships():
    build_demo_federation(members=300, clubs=21, seed=8, season=current_season())
    summary = build_demo_championships(seed=1, today=TODAY)
    assert "players, the championships need 240" in summary.skipped
    assert not Championship.objects.exists()
