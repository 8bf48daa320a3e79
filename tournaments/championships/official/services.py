"""The district official's steps on a championship: heats, registrations, the final's
places and their replacements, striking a pair. Each step writes one row of the trail
(``trail.record``) in the same transaction as its change.

The rules are the domain's (``domain.final_places``, ``domain.official_checks``); this
module loads rows, maps them to the domain's plain values and writes what comes back.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language

from members.models import Member
from members.permissions import is_office_staff
from tournaments.models import Entry, EntryPlayer
from tournaments.sanctions.workflow import is_district_official
from tournaments.services import run_again

from .. import trail
from ..districts import representation_districts
from ..domain.final_places import (
    Allocation,
    Champions,
    FinalField,
    Finalist,
    LotNeeded,
    PlacesInputError,
    Reason,
    allocate_results,
    direct_place,
    fill_final,
    final_size_reason,
)
from ..domain.heats import check_heat
from ..domain.official_checks import (
    QualifiedTwice,
    QualifyingLine,
    change_needs_consent,
    qualified_twice,
    qualifying_period,
)
from ..domain.qualifying import line_state
from ..final_awards import mark_final
from ..models import (
    Championship,
    FinalPlace,
    Heat,
    OfficialStep,
    RegisteredPlayer,
    Registration,
    Stage,
)
from ..selectors import heat_lines

HEAT_STAGES = (Stage.Kind.CLUB_HEATS, Stage.Kind.SILVER_HEATS, Stage.Kind.BRONZE_HEATS)
# The heats whose minimums seed 003 states (lines 181-189), as domain.heats names them.
CHECKED = {Stage.Kind.SILVER_HEATS: "silver", Stage.Kind.BRONZE_HEATS: "bronze"}
# The rules of a confirmed DM-par final place (FinalPlace.Rule).
FINAL_RULES = (
    FinalPlace.Rule.T1, FinalPlace.Rule.T2, FinalPlace.Rule.T3, FinalPlace.Rule.DIRECT,
    FinalPlace.Rule.RULE_1, FinalPlace.Rule.RULE_2,
)  # fmt: skip
Kind = OfficialStep.Kind


def can_run(user, championship: Championship) -> bool:
    """The district's officials and the office run a championship (issue #21 point 1)."""
    return is_office_staff(user) or is_district_official(user, championship.district_id)


def _text(en: str, sv: str) -> str:
    return sv if (get_language() or "sv").startswith("sv") else en


def _short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- heats ------------------------------------------------------------------------------


def stage_period(stage: Stage) -> tuple[dt.date, dt.date] | None:
    """The stage's own period when the district set it; else the seed's qualifying
    period for the championship (003 lines 350-355, 390)."""
    if stage.starts_on and stage.ends_on:
        return stage.starts_on, stage.ends_on
    if stage.kind not in HEAT_STAGES:
        return None
    c = stage.championship
    return qualifying_period(c.form, c.discipline, c.season)


def heat_closes(heat: Heat) -> dt.date | None:
    """The heat's registration period ends on its own last day, else the championship's."""
    return heat.registration_closes or heat.stage.championship.registration_closes


@dataclass
class HeatChange:
    """What saving a heat did: ``moved_late`` when it moved after the registration
    period (the district's consent, 003 line 161); ``linked`` registrations matched to
    the heat's result lines."""

    heat: Heat
    warnings: list[str] = field(default_factory=list)
    moved_late: bool = False
    linked: int = 0


def save_heat(
    heat: Heat, *, user, created: bool, old_day: dt.date | None, warnings: list[str], note: str = ""
) -> HeatChange:
    """Save a heat the form checked, with its trail row; link its registrations to the
    result lines once the tournament is set."""
    change = HeatChange(heat, list(warnings))
    today = timezone.localdate()
    with transaction.atomic():
        moved = not created and old_day is not None and old_day != heat.day
        change.moved_late = change_needs_consent(heat_closes(heat), today, moved=moved)
        heat.save()
        if heat.tournament_id:
            change.linked = link_entries(heat)
            # A final's results pay the DM bonus to the district's best three.
            transaction.on_commit(lambda: mark_final(heat))
        words = [f"{heat.name}"]
        if heat.day:
            words.append(f"{heat.day:%Y-%m-%d}")
        if change.moved_late:
            words.append(
                f"moved from {old_day:%Y-%m-%d} after the registration period: "
                "the district's consent (003 line 161)"
            )
        words += warnings
        if note:
            words.append(note)
        trail.record(
            heat.stage.championship,
            Kind.HEAT_ADDED if created else Kind.HEAT_CHANGED,
            user,
            _short("; ".join(words), 2000),
        )
    return change


def cancel_heat(heat: Heat, *, user, note: str = "") -> bool:
    """Cancel a heat not yet reported; after the registration period the official's
    step is the district's consent (003 line 161). True when it was after."""
    late = change_needs_consent(heat_closes(heat), timezone.localdate(), moved=True)
    championship = heat.stage.championship
    with transaction.atomic():
        words = [f"{heat.name} cancelled"]
        if late:
            words.append("after the registration period: the district's consent (003 line 161)")
        if note:
            words.append(note)
        heat.delete()
        trail.record(championship, Kind.HEAT_CHANGED, user, "; ".join(words))
    return late


def _members_of_entries(entries) -> dict[int, frozenset[int]]:
    players: dict[int, set[int]] = {}
    for entry_id, member_id in EntryPlayer.objects.filter(
        entry__in=entries, member__isnull=False
    ).values_list("entry_id", "member_id"):
        players.setdefault(entry_id, set()).add(member_id)
    return {k: frozenset(v) for k, v in players.items()}


def link_entries(heat: Heat) -> int:
    """Match the heat's registrations to its result lines by their players: a pair by
    both players; a team by its captain (or, without one, by all its players in the
    line). Lines already linked are left alone."""
    if heat.tournament_id is None:
        return 0
    entries = Entry.objects.filter(section__tournament_id=heat.tournament_id, phantom=False)
    members = _members_of_entries(entries)
    taken = set(Registration.objects.filter(entry__in=entries).values_list("entry_id", flat=True))
    linked = 0
    registrations = heat.registrations.filter(entry=None, withdrawn_on=None).prefetch_related(
        "players"
    )
    for registration in registrations:
        players = {p.member_id for p in registration.players.all()}
        captains = {p.member_id for p in registration.players.all() if p.captain}
        for entry_id, in_line in members.items():
            if entry_id in taken:
                continue
            if (captains and captains <= in_line) or (not captains and players == set(in_line)):
                registration.entry_id = entry_id
                registration.save(update_fields=["entry"])
                taken.add(entry_id)
                linked += 1
                break
    return linked


# -- registrations --------------------------------------------------------------------


def player_districts(members: list[Member], season: int) -> dict[int, int | None]:
    """Each player's district this season, by the club they represent (003 line 165:
    "representationsmedlem"); None without one."""
    found = representation_districts((m.pk for m in members), season)
    return {m.pk: found.get(m.pk) for m in members}


def register(
    championship: Championship,
    *,
    user,
    heat: Heat | None,
    players: list[Member],
    captain: Member | None,
    name: str,
    registered_on: dt.date,
    plays_qualification: bool,
    reigning_champions: bool,
    dispensation: bool,
) -> Registration:
    """Write a registration the form checked, and its trail row."""
    with transaction.atomic():
        registration = Registration.objects.create(
            championship=championship,
            heat=heat,
            name=name or " – ".join(p.full_name for p in players),
            registered_on=registered_on,
            plays_qualification=plays_qualification,
            reigning_champions=reigning_champions,
            dispensation=dispensation,
        )
        RegisteredPlayer.objects.bulk_create(
            RegisteredPlayer(registration=registration, member=p, captain=p == captain)
            for p in players
        )
        words = [registration.name, heat.name if heat else "straight to the final"]
        words.append(", ".join(str(p.mid) for p in players))
        if reigning_champions:
            words.append("reigning champions (003 lines 272-276)")
        if not plays_qualification:
            words.append("does not play the qualification (003 line 187)")
        if dispensation:
            words.append("by the committee's dispensation (003 lines 167, 403)")
        trail.record(championship, Kind.REGISTERED, user, "; ".join(words))
        if heat is not None and heat.tournament_id:
            link_entries(heat)
    return registration


def withdraw(registration: Registration, *, user, on: dt.date) -> None:
    """A pair's or team's återbud on a date."""
    with transaction.atomic():
        registration.withdrawn_on = on
        registration.save(update_fields=["withdrawn_on"])
        trail.record(
            registration.championship, Kind.WITHDRAWN, user, f"{registration.name}: {on:%Y-%m-%d}"
        )


def set_declaration(registration: Registration, *, user, plays: bool) -> None:
    """A bronze heat's declaration (003 lines 185-187); the form refuses it after the
    heat's day."""
    with transaction.atomic():
        registration.plays_qualification = plays
        registration.save(update_fields=["plays_qualification"])
        words = "plays the qualification" if plays else "does not play the qualification"
        trail.record(
            registration.championship,
            Kind.OTHER,
            user,
            f"{registration.name}: {words} (003 line 187)",
        )


def link_entry(registration: Registration, *, user, entry: Entry | None) -> None:
    """Link a registration to its line in the heat's results by hand (or unlink it)."""
    with transaction.atomic():
        registration.entry = entry
        registration.save(update_fields=["entry"])
        what = f"linked to result line {entry}" if entry else "unlinked from the results"
        trail.record(registration.championship, Kind.OTHER, user, f"{registration.name}: {what}")


# -- striking a pair ------------------------------------------------------------------


def strike(championship: Championship, entry: Entry, *, user, reason: str) -> None:
    """Strike a pair from a heat's results (003 lines 193-195: it qualified earlier in
    the discipline this season): its boards stand for the others, it takes no place and
    no master points. The tournament's pipeline runs again to honour it."""
    tournament_id = entry.section.tournament_id
    with transaction.atomic():
        entry.struck = _short(reason)
        entry.save(update_fields=["struck"])
        trail.record(
            championship, Kind.STRUCK, user, f"{entry.name or entry}: {reason} (003 lines 193-195)"
        )
        run_again(tournament_id)


def twice_lines(championship: Championship) -> tuple[list[QualifiedTwice], dict]:
    """The players in the qualifying lines of two heats of the championship's
    discipline this season, in any district (003 line 193), and what the page names:
    members, heats and entries by id."""
    heats = list(
        Heat.objects.filter(
            stage__championship__season=championship.season,
            stage__championship__discipline=championship.discipline,
            stage__championship__form=championship.form,
            stage__kind__in=HEAT_STAGES,
        )
        .exclude(tournament=None)
        .select_related("stage__championship__district", "tournament")
    )
    by_tournament = {h.tournament_id: h for h in heats}
    entries = list(
        Entry.objects.filter(section__tournament_id__in=by_tournament, phantom=False)
        .select_related("section", "registration")
        .order_by("pk")
    )
    members = _members_of_entries(entries)
    lines = []
    for entry in entries:
        heat = by_tournament[entry.section.tournament_id]
        registration = getattr(entry, "registration", None)
        ours = (
            registration is not None and registration.championship_id == heat.stage.championship_id
        )
        state = line_state(
            bronze=heat.stage.kind == Stage.Kind.BRONZE_HEATS,
            registered=ours,
            declared=ours and registration.plays_qualification,
            struck=entry.struck,
        )
        lines.append(
            QualifyingLine(
                heat=f"{heat.pk:09d}",
                day=heat.day or heat.tournament.start_date,
                line=entry.pk,
                players=members.get(entry.pk, frozenset()),
                qualifying=state.counts,
            )
        )
    found = qualified_twice(lines)
    ours = {h.pk for h in heats if h.stage.championship_id == championship.pk}
    found = [f for f in found if any(int(line.heat) in ours for line in (f.first, *f.later))]
    names = {
        "members": Member.objects.in_bulk({f.player for f in found}),
        "heats": {f"{h.pk:09d}": h for h in heats},
        "entries": {e.pk: e for e in entries},
        "ours": ours,
    }
    return found, names


# -- the final's places (DM-par) -------------------------------------------------------


@dataclass(frozen=True)
class PlannedHeat:
    heat: Heat
    pairs: int
    places: int
    reasons: list[str]


@dataclass(frozen=True)
class PlannedPlace:
    """A finalist as the rules give it, ready to store as a FinalPlace."""

    pair_id: str
    name: str
    rule: str
    reason_en: str
    reason_sv: str
    heat: Heat | None
    entry_id: int | None
    registration_id: int | None

    @property
    def reason(self) -> str:
        return _text(self.reason_en, self.reason_sv)


@dataclass
class Plan:
    """The final's places computed from the heats played, the confirmed declines and
    the committee's lot: what the places page shows and what "confirm" stores."""

    size_reason: str = ""
    final_size: int = 0
    heats: list[PlannedHeat] = field(default_factory=list)
    places: list[PlannedPlace] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    problem: str = ""
    lot_needed: LotNeeded | None = None
    lot_heats: list[Heat] = field(default_factory=list)
    vacant: int = 0


@dataclass
class _Loaded:
    heats: list[Heat]
    results: list[list[tuple[str, Decimal]]]
    names: dict[str, str]
    entry_registration: dict[int, int]


def _load_heats(championship: Championship) -> _Loaded:
    """The heats played, in the public page's order (day, name), each with its
    qualifying pairs in its order, read as the public page reads them
    (``selectors.heat_lines``: struck pairs and a bronze heat's undeclared pairs do not
    count, 003 lines 181-195); a heat below its minimums is not a heat of the
    championship (domain.heats)."""
    heats = list(
        Heat.objects.filter(stage__championship=championship, stage__kind__in=HEAT_STAGES)
        .exclude(tournament=None)
        .select_related("stage", "tournament")
        .order_by("day", "name")
    )
    loaded = _Loaded([], [], {}, {})
    for heat in heats:
        lines = heat_lines(heat)
        counted = [line for line in lines if line.counts]
        kind = CHECKED.get(heat.stage.kind)
        if kind is not None:
            check = check_heat(
                kind,
                pairs=len(lines),
                boards=heat.tournament.boards,
                qualifying=len(counted) if kind == "bronze" else None,
            )
            if not check.valid:
                continue
        loaded.heats.append(heat)
        loaded.results.append(
            [(f"e{line.entry_id}", line.percent or Decimal(0)) for line in counted]
        )
        loaded.names.update({f"e{line.entry_id}": line.name for line in counted})
    loaded.entry_registration = dict(
        Registration.objects.filter(
            championship=championship,
            entry_id__in=[int(p[1:]) for result in loaded.results for p, _pct in result],
        ).values_list("entry_id", "pk")
    )
    return loaded


def _direct(championship: Championship, loaded: _Loaded) -> tuple[list[str], list[str]]:
    """The reigning champions who keep their direct place (003 lines 272-276), as pair
    ids (their heat line when they played one), and the notes of those who lost it."""
    champions = list(
        championship.registrations.filter(reigning_champions=True, withdrawn_on=None)
        .prefetch_related("players")
        .order_by("pk")
    )
    if not champions:
        return [], []
    entry_ids = [int(p[1:]) for result in loaded.results for p, _pct in result]
    members = _members_of_entries(Entry.objects.filter(pk__in=entry_ids))
    partnerships = [tuple(sorted(map(str, m))) for m in members.values() if len(m) == 2]
    kept, notes = [], []
    for registration in champions:
        players = sorted(str(p.member_id) for p in registration.players.all())
        if len(players) != 2:
            continue
        pair_id = f"r{registration.pk}"
        if registration.entry_id and f"e{registration.entry_id}" in loaded.names:
            pair_id = f"e{registration.entry_id}"
        else:
            for entry_id, in_line in members.items():
                if {str(m) for m in in_line} == set(players):
                    pair_id = f"e{entry_id}"
        loaded.names.setdefault(pair_id, registration.name)
        placed = direct_place(
            Champions(pair_id, (players[0], players[1]), registered=True),
            [(a, b) for a, b in partnerships],
            discipline=championship.discipline,
        )
        if placed.keeps:
            kept.append(pair_id)
        else:
            notes.append(f"{registration.name}: {_text(placed.reason.en, placed.reason.sv)}")
    return kept, notes


def declined_ids(championship: Championship) -> set[str]:
    rows = championship.final_places.filter(rule__in=FINAL_RULES).exclude(declined_on=None)
    return {_pair_id(row) for row in rows}


def _pair_id(row: FinalPlace) -> str:
    return f"e{row.entry_id}" if row.entry_id else f"r{row.registration_id}"


def final_plan(championship: Championship, *, lot: list[int] | None = None) -> Plan:
    """The final's field from the heats played (003 lines 215-296): its size, each
    heat's places by T1-T3 with the reasons, the direct places, and the pairs who fill
    them after the confirmed declines (replacement rules 1 and 2)."""
    plan = Plan()
    if championship.form != Championship.Form.PAIRS:
        return plan
    loaded = _load_heats(championship)
    sizes = [len(r) for r in loaded.results]
    size = final_size_reason(sum(sizes))
    plan.final_size = size.size
    plan.size_reason = _text(size.reason.en, size.reason.sv)
    direct, plan.notes = _direct(championship, loaded)
    heat_of = {h.pk: k for k, h in enumerate(loaded.heats)}
    drawn = lot if lot is not None else trail.drawn_lot(championship)
    lot_indexes = [heat_of[pk] for pk in drawn if pk in heat_of]
    pairs = [(k, s) for k, s in enumerate(sizes) if s > 0]
    if not pairs or size.size == 0:
        plan.places = _direct_only(direct, loaded, championship)
        return plan
    # Heats with no qualifying pair take no part in the shares.
    kept = [k for k, _s in pairs]
    heats = [loaded.heats[k] for k in kept]
    results = [loaded.results[k] for k in kept]
    index_of = {k: n for n, k in enumerate(kept)}
    lot_kept = [index_of[k] for k in lot_indexes if k in index_of]
    try:
        allocation = allocate_results(results, size.size, lot=lot_kept, passed_over=direct)
        chosen = fill_final(allocation, results, direct=direct, declined=declined_ids(championship))
    except LotNeeded as tie:
        plan.lot_needed = tie
        plan.lot_heats = [heats[k] for k in tie.heats]
        plan.problem = str(tie)
        return plan
    except PlacesInputError as refusal:
        plan.problem = refusal.message
        return plan
    for heat, share in zip(heats, allocation.heats, strict=True):
        plan.heats.append(
            PlannedHeat(heat, share.pairs, share.places, [_text(r.en, r.sv) for r in share.reasons])
        )
    plan.places = _places(chosen, allocation, heats, loaded)
    plan.vacant = chosen.vacant
    plan.notes += [_text(r.en, r.sv) for r in chosen.notes]
    return plan


def _direct_only(direct: list[str], loaded: _Loaded, championship) -> list[PlannedPlace]:
    reason = Reason(
        "direct", 1, "Reigning district champions: a direct place.",
        "Regerande distriktsmästare: direktkvalificerade.", "003 lines 274-276",
    )  # fmt: skip
    declined = declined_ids(championship)
    return [
        _planned(Finalist(p, None, reason), FinalPlace.Rule.DIRECT, None, loaded, "")
        for p in direct
        if p not in declined
    ]


def _planned(
    finalist: Finalist,
    rule: str,
    heat: Heat | None,
    loaded: _Loaded,
    extra_en: str,
    extra_sv: str = "",
) -> PlannedPlace:
    entry_id = int(finalist.pair_id[1:]) if finalist.pair_id.startswith("e") else None
    registration_id = (
        int(finalist.pair_id[1:])
        if finalist.pair_id.startswith("r")
        else loaded.entry_registration.get(entry_id or 0)
    )
    prefix = f"{heat.name}: " if heat else ""
    en = f"{prefix}{finalist.reason.en}{' ' + extra_en if extra_en else ''}"
    sv = f"{prefix}{finalist.reason.sv}{' ' + extra_sv if extra_sv else ''}"
    return PlannedPlace(
        finalist.pair_id,
        loaded.names.get(finalist.pair_id, finalist.pair_id),
        rule,
        _short(en),
        _short(sv),
        heat,
        entry_id,
        registration_id,
    )


def _places(
    chosen: FinalField, allocation: Allocation, heats: list[Heat], loaded
) -> list[PlannedPlace]:
    """Each finalist with the rule that gave the place: within a heat's places the
    first I_k are T1's, the one more T2's or T3's (003 lines 258-270)."""
    placed_in = [0] * len(heats)
    planned = []
    for finalist in chosen.finalists:
        if finalist.heat is None:
            planned.append(_planned(finalist, FinalPlace.Rule.DIRECT, None, loaded, ""))
            continue
        k = finalist.heat
        share = allocation.heats[k]
        if finalist.reason.rule.startswith("rule"):
            rule = (
                FinalPlace.Rule.RULE_1
                if finalist.reason.rule.endswith("1")
                else FinalPlace.Rule.RULE_2
            )
            planned.append(_planned(finalist, rule, heats[k], loaded, ""))
            continue
        placed_in[k] += 1
        given = [r for r in share.reasons if r.places > 0]
        if placed_in[k] <= share.whole:
            why = next((r for r in given if r.rule == "T1"), None)
            rule = FinalPlace.Rule.T1
        else:
            why = next((r for r in given if r.rule in ("T2", "T3")), None)
            rule = (
                FinalPlace.Rule.T3 if why is not None and why.rule == "T3" else FinalPlace.Rule.T2
            )
        planned.append(
            _planned(finalist, rule, heats[k], loaded, why.en if why else "", why.sv if why else "")
        )
    return planned


def _final_stage(championship: Championship) -> Stage | None:
    return championship.stages.filter(kind=Stage.Kind.FINAL).first()


def record_lot(championship: Championship, heats: list[Heat], *, user) -> None:
    trail.record_lot(championship, heats, user)


def confirm_places(championship: Championship, *, user) -> int:
    """Store the final's field as FinalPlace rows in one transaction. Confirming again
    replaces the rows; the declined rows stay (a pair that waived never gets the place
    back, 003 line 280)."""
    with transaction.atomic():
        Championship.objects.select_for_update().filter(pk=championship.pk).first()
        plan = final_plan(championship)
        if plan.problem:
            raise PlacesInputError("places", plan.problem)
        old = championship.final_places.filter(rule__in=FINAL_RULES, declined_on=None)
        replaced = old.count()
        old.delete()
        declined = championship.final_places.filter(rule__in=FINAL_RULES).exclude(declined_on=None)
        stage = _final_stage(championship)
        FinalPlace.objects.bulk_create(
            _row(championship, stage, place, n)
            for n, place in enumerate(plan.places, start=declined.count() + 1)
        )
        words = [f"{len(plan.places)} places confirmed; {plan.size_reason}"]
        if replaced:
            words.append(f"replaces the {replaced} places confirmed before")
        if plan.vacant:
            words.append(f"{plan.vacant} vacant (003 line 294)")
        trail.record(championship, Kind.CONFIRMED, user, _short("; ".join(words), 2000))
    return len(plan.places)


def _row(championship, stage, place: PlannedPlace, position: int) -> FinalPlace:
    return FinalPlace(
        championship=championship,
        stage=stage,
        heat=place.heat,
        entry_id=place.entry_id,
        registration_id=place.registration_id,
        name=_short(place.name, 200),
        rule=place.rule,
        reason_en=place.reason_en,
        reason_sv=place.reason_sv,
        position=position,
    )


def decline(place: FinalPlace, *, user, on: dt.date) -> None:
    """A pair waives its confirmed place (003 line 280): for good."""
    with transaction.atomic():
        place.declined_on = on
        place.save(update_fields=["declined_on"])
        trail.record(
            place.championship, Kind.DECLINED, user, f"{place.name}: {on:%Y-%m-%d} (003 line 280)"
        )


def pending_replacements(
    championship: Championship, plan: Plan | None = None
) -> list[PlannedPlace]:
    """The finalists the rules give now that are not yet confirmed: the replacements
    for the declined places (003 lines 278-296)."""
    plan = plan or final_plan(championship)
    held = {
        _pair_id(row)
        for row in championship.final_places.filter(rule__in=FINAL_RULES, declined_on=None)
    }
    return [p for p in plan.places if p.pair_id not in held]


def confirm_replacements(championship: Championship, *, user) -> int:
    """Store the replacements as new rows after the confirmed ones, with their rule."""
    with transaction.atomic():
        Championship.objects.select_for_update().filter(pk=championship.pk).first()
        plan = final_plan(championship)
        if plan.problem:
            raise PlacesInputError("places", plan.problem)
        new = pending_replacements(championship, plan)
        start = championship.final_places.count() + 1
        stage = _final_stage(championship)
        FinalPlace.objects.bulk_create(
            _row(championship, stage, place, n) for n, place in enumerate(new, start=start)
        )
        words = [f"{p.name}: {p.reason_en}" for p in new] or ["no replacement"]
        if plan.vacant:
            words.append(f"{plan.vacant} vacant: the final is smaller (003 line 294)")
        trail.record(championship, Kind.REPLACED, user, _short("; ".join(words), 4000))
    return len(new)


def confirmed_places(championship: Championship) -> list[FinalPlace]:
    return list(
        championship.final_places.select_related("heat", "stage")
        .select_related("registration")
        .order_by("position", "pk")
    )
