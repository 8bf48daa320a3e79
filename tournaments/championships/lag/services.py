"""The official's steps in DM Lag's draw: the teams' choice of semifinal, a place given
up and the teams asked next, confirming the draw, the final's field and the SM places
(seed 003 lines 584-596, 612-618, 705-720). Each step is one transaction and writes
one step of the trail (``trail.record``)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import trail
from ..domain.semifinal_places import choose_semifinals
from ..models import Championship, FinalPlace, Heat, OfficialStep, Stage
from . import selectors

Kind = OfficialStep.Kind
Rule = FinalPlace.Rule
POSITIONS_PER_HEAT = 100  # a heat's places are numbered heat.pk × 100 + its rank


class DrawError(ValueError):
    """A step the draw cannot take, with the message for the page."""


def _lock(championship: Championship) -> Championship:
    return Championship.objects.select_for_update().get(pk=championship.pk)


def _stage(championship: Championship, kind: str) -> Stage:
    stage, _created = Stage.objects.get_or_create(championship=championship, kind=kind)
    return stage


def choose_heat(
    *,
    championship: Championship,
    heat: Heat,
    slots: dict[int, int],
    wishes: dict[int, int | None],
    user,
) -> list[FinalPlace]:
    """The heat's places put in the semifinals by TK (``slots``: semifinal → places of
    this heat) and its placed teams' choices in placing order (``wishes``: entry id →
    semifinal wished for), 003 line 586. Replaces the heat's earlier choice until the
    draw is confirmed."""
    with transaction.atomic():
        _lock(championship)
        state = selectors.draw(championship)
        if state.confirmed:
            raise DrawError(_("The draw is confirmed; a place given up goes to the next team."))
        if state.problem:
            raise DrawError(state.problem)
        line = next((h for h in state.heats if h.heat.pk == heat.pk), None)
        if line is None:
            raise DrawError(_("This heat has no places in the semifinals."))
        given = {n: c for n, c in slots.items() if c}
        if sum(given.values()) != line.places:
            raise DrawError(
                _("The heat's places in the semifinals add up to %(given)s, not %(places)s.")
                % {"given": sum(given.values()), "places": line.places}
            )
        for number, count in given.items():
            if not 1 <= number <= state.semifinals:
                raise DrawError(_("There is no semifinal %(n)s.") % {"n": number})
            if state.taken(number, besides=heat) + count > state.teams_each:
                raise DrawError(
                    _("Semifinal %(n)s would have more than %(each)s teams.")
                    % {"n": number, "each": state.teams_each}
                )
        teams = [e.pk for e in line.placed]
        choices = choose_semifinals(
            slots={str(n): c for n, c in sorted(given.items())},
            teams=teams,
            wishes={t: [str(wishes[t])] for t in teams if wishes.get(t)},
        )
        names = {e.pk: e.name for e in line.placed}
        reasons = {c.team: (c.reason.en, c.reason.sv) for c in choices}
        for rank, choice in enumerate(choices, start=1):
            if not wishes.get(choice.team):
                # choose_semifinals words a team without a wish as one whose wishes were
                # full; the page says what happened: TK placed it.
                reasons[choice.team] = (
                    f"number {rank} in the heat's placing order; no choice given, so the "
                    "committee places it in the first semifinal with a place left (seed 003 "
                    "line 586; the committee's reading)",
                    f"nummer {rank} i kvalheatets placeringsordning; inget val angivet, så "
                    "TK placerar laget i första semifinal med ledig plats (seed 003 rad 586; "
                    "TK:s tolkning)",
                )
        FinalPlace.objects.filter(
            championship=championship, rule=Rule.SEMIFINAL, heat=heat
        ).delete()
        rows = FinalPlace.objects.bulk_create(
            FinalPlace(
                championship=championship,
                heat=heat,
                entry_id=choice.team,
                name=names[choice.team],
                rule=Rule.SEMIFINAL,
                group=int(choice.semifinal),
                position=heat.pk * POSITIONS_PER_HEAT + rank,
                reason_en=f"{heat.name}: {reasons[choice.team][0]}"[:300],
                reason_sv=f"{heat.name}: {reasons[choice.team][1]}"[:300],
            )
            for rank, choice in enumerate(choices, start=1)
        )
        trail.record(
            championship,
            Kind.SEMIFINAL_CHOSEN,
            user,
            f"{heat.name}: "
            + "; ".join(f"{names[c.team]} → semifinal {c.semifinal}" for c in choices),
        )
    return rows


def confirm_draw(*, championship: Championship, user) -> int:
    """Every heat's places chosen: the draw is confirmed (the rows get the semifinal
    stage) and the trail says so."""
    with transaction.atomic():
        _lock(championship)
        state = selectors.draw(championship)
        if state.confirmed:
            raise DrawError(_("The draw is already confirmed."))
        if state.problem or not state.heats:
            raise DrawError(state.problem or _("No heat has places in the semifinals yet."))
        missing = [h.heat.name for h in state.heats if h.places and not state.chosen(h.heat)]
        if missing:
            raise DrawError(
                _("The teams of %(heats)s have not chosen yet.") % {"heats": ", ".join(missing)}
            )
        stage = _stage(championship, Stage.Kind.SEMIFINALS)
        count = FinalPlace.objects.filter(championship=championship, rule=Rule.SEMIFINAL).update(
            stage=stage
        )
        trail.record(
            championship,
            Kind.CONFIRMED,
            user,
            "semifinals: "
            + "; ".join(
                f"{n}: " + ", ".join(r.name for r in seated) for n, seated in state.groups()
            ),
        )
    return count


def give_up(*, championship: Championship, place: FinalPlace, user) -> FinalPlace:
    """A team gives its semifinal or final place up (003 lines 588, 616): the row is
    kept, marked declined; the next team is asked."""
    with transaction.atomic():
        _lock(championship)
        row = FinalPlace.objects.select_for_update().get(pk=place.pk, championship=championship)
        if row.declined_on is not None:
            raise DrawError(_("%(team)s has already given the place up.") % {"team": row.name})
        if row.rule == Rule.SM:
            return _give_up_sm(championship, row, user)
        row.declined_on = timezone.localdate()
        row.save(update_fields=["declined_on"])
        trail.record(
            championship,
            Kind.DECLINED,
            user,
            f"{row.name} gives up its place ({row.get_rule_display()}, {row.group})",
        )
    return row


def answer(
    *, championship: Championship, rule: str, position: int, entry_id: int, accepts: bool, user
) -> FinalPlace:
    """The team asked for a vacancy answers (003 lines 590-596, 616-618): it takes the
    place, or says no and the next is asked."""
    with transaction.atomic():
        _lock(championship)
        vacancies = (
            selectors.draw(championship).vacancies
            if rule == Rule.SEMIFINAL
            else selectors.final_page(championship).vacancies
        )
        vacancy = next((v for v in vacancies if v.position == position), None)
        if vacancy is None:
            raise DrawError(_("That place is not vacant."))
        if vacancy.asked is None or vacancy.asked.team != entry_id:
            raise DrawError(_("It is not that team's turn to be asked."))
        offer = vacancy.asked
        name = vacancy.names[entry_id]
        heat_id = _heat_of(championship, rule, entry_id)
        row = FinalPlace.objects.create(
            championship=championship,
            stage=vacancy.given_up.stage,
            heat_id=heat_id,
            entry_id=entry_id,
            name=name,
            rule=rule,
            group=vacancy.group if accepts else None,
            position=position,
            declined_on=None if accepts else timezone.localdate(),
            reason_en=offer.reason.en[:300],
            reason_sv=offer.reason.sv[:300],
        )
        if accepts:
            trail.record(
                championship,
                Kind.REPLACED,
                user,
                f"{name} takes the place {vacancy.given_up.name} gave up: {offer.reason.en}",
            )
        else:
            trail.record(
                championship,
                Kind.DECLINED,
                user,
                f"{name} says no to the place of {vacancy.given_up.name}",
            )
    return row


def _heat_of(championship: Championship, rule: str, entry_id: int) -> int | None:
    if rule == Rule.SEMIFINAL:
        state = selectors.draw(championship)
        return next((h.heat.pk for h in state.heats if entry_id in {e.pk for e in h.teams}), None)
    if rule == Rule.FINAL:
        return next(
            (
                s.heat.pk
                for s in selectors.semifinals_played(championship)
                if entry_id in {e.pk for e in s.teams}
            ),
            None,
        )
    return None


def confirm_final(*, championship: Championship, user) -> int:
    """The final's field from the semifinals (003 lines 612-614), stored with the
    reasons; the teams still tied wait for the committee's lot."""
    with transaction.atomic():
        _lock(championship)
        page = selectors.final_page(championship)
        if page.confirmed:
            raise DrawError(_("The final's field is already confirmed."))
        if page.field is None:
            raise DrawError(_("The semifinals have not all been played."))
        if page.field.tied:
            raise DrawError(
                _("%(teams)s are still tied: the committee draws lots first.")
                % {"teams": ", ".join(page.tied)}
            )
        stage = _stage(championship, Stage.Kind.FINAL)
        heats = {s.number: s.heat for s in page.semifinals}
        FinalPlace.objects.bulk_create(
            FinalPlace(
                championship=championship,
                stage=stage,
                heat=heats[q.semifinal],
                entry_id=q.team,
                name=line.name,
                rule=Rule.FINAL,
                group=q.semifinal,
                position=n,
                reason_en=q.reason.en[:300],
                reason_sv=q.reason.sv[:300],
            )
            for n, (q, line) in enumerate(zip(page.field.qualified, page.lines, strict=True), 1)
        )
        trail.record(
            championship, Kind.CONFIRMED, user, "final: " + ", ".join(li.name for li in page.lines)
        )
    return len(page.lines)


def confirm_sm(*, championship: Championship, user) -> int:
    """The district's SM semifinal places (003 lines 705-720), in choosing order."""
    with transaction.atomic():
        _lock(championship)
        page = selectors.sm_page(championship)
        if page.rows:
            raise DrawError(_("The SM places are already confirmed."))
        if page.final is None:
            raise DrawError(_("The final has not been played."))
        if not page.places:
            raise DrawError(_("The championship has no SM places."))
        stage = _stage(championship, Stage.Kind.SM_PLACES)
        FinalPlace.objects.bulk_create(
            _sm_row(championship, stage, line, n) for n, line in enumerate(page.lines, start=1)
        )
        trail.record(
            championship,
            Kind.CONFIRMED,
            user,
            f"SM places: {', '.join(li.name for li in page.lines)}; returned to SBF: {page.returned}",
        )
    return len(page.lines)


def _sm_row(championship, stage, line, position: int) -> FinalPlace:
    return FinalPlace(
        championship=championship,
        stage=stage,
        entry_id=line.entry_id,
        name=line.name,
        rule=Rule.SM,
        position=position,
        reason_en=line.reason_en[:300],
        reason_sv=line.reason_sv[:300],
    )


def _give_up_sm(championship, row: FinalPlace, user) -> FinalPlace:
    """An SM place given up goes to the team next in turn (003 lines 715-720); none
    left: the place goes back to SBF."""
    row.declined_on = timezone.localdate()
    row.save(update_fields=["declined_on"])
    trail.record(championship, Kind.DECLINED, user, f"{row.name} gives up its SM place")
    page = selectors.sm_page(championship)
    seated = {r.entry_id for r in page.rows if r.declined_on is None}
    nxt = next((li for li in page.lines if li.entry_id not in seated), None)
    if nxt is None:
        trail.record(championship, Kind.OTHER, user, "SM place returned to SBF (003 line 719)")
        return row
    last = max((r.position for r in page.rows), default=0)
    _sm_row(championship, row.stage, nxt, last + 1).save()
    trail.record(
        championship, Kind.REPLACED, user, f"{nxt.name} takes the SM place {row.name} gave up"
    )
    return row


def _msg(message: str) -> str:
    from django.utils.translation import gettext

    return gettext(message)
