"""Inter-organisation events: seed 001 (EBU handbook) 1.2.7, lines 410-440.

(a) players qualify, or are selected, within one organisation to play in an event or
final organised by another body (lines 414-426); (b) Master Points are awarded on the
actual entry of the event itself, no earlier stage counted (lines 428-432); (c) such an
event needs a licence unless every participant is already a member of the organising
body, which only a county can say of its own clubs' players (lines 434-440); the
awards of 1.6 apply.

Readings where the seed is silent (docs/licences.md):
- The organising body applies and holds the licence; it answers for the conditions
  (1.7) and the duties after the event (1.5.3). The application names the
  organisations the players come from (the partners) and the person in charge of the
  event for the holder.
- A county whose partners are all its own affiliated clubs needs no licence: the
  application is flagged (a warning), not refused, since the office may still
  license it.
"""

from __future__ import annotations

from .handbook import _check
from .model import Application, Check, Condition, OrganisationKind, Severity, ref


def inter_organisation_checks(app: Application) -> list[Check]:
    if not app.inter_organisation:
        return []
    checks = [
        _check(
            "inter_org.partners",
            app.partners >= 1,
            Severity.REFUSAL,
            f"{app.partners} organisation(s) whose players qualify or are selected"
            if app.partners
            else "An inter-organisation event names the organisations whose players "
            "qualify or are selected; none named",
            f"{app.partners} organisation(er) vars spelare kvalificerar sig eller tas ut"
            if app.partners
            else "En tävling mellan organisationer anger de organisationer vars spelare "
            "kvalificerar sig eller tas ut; ingen angiven",
            "1.2.7 a",
        ),
        _check(
            "inter_org.responsible",
            bool(app.responsible_person.strip()),
            Severity.REFUSAL,
            f"In charge for the licence holder: {app.responsible_person.strip()}"
            if app.responsible_person.strip()
            else "Name the person in charge of the event for the organising body, which "
            "holds the licence",
            f"Ansvarig för licensinnehavaren: {app.responsible_person.strip()}"
            if app.responsible_person.strip()
            else "Ange den som ansvarar för tävlingen för den arrangerande organisationen, "
            "som innehar licensen",
            "1.2.7 a",
        ),
    ]
    own = app.organisation_kind is OrganisationKind.COUNTY and app.partners_all_own_clubs
    checks.append(
        _check(
            "inter_org.licence_needed",
            not own,
            Severity.WARNING,
            "Every participant is already a member of the county: no licence is needed"
            if own
            else "Players come from outside the organising body: the event needs a licence",
            "Alla deltagare är redan medlemmar i grevskapet: ingen licens behövs"
            if own
            else "Spelarna kommer utanför den arrangerande organisationen: tävlingen kräver licens",
            "1.2.7 c",
        )
    )
    return checks


ACTUAL_ENTRY = Condition(
    code="inter_org.actual_entry",
    text_en="Master Points are awarded on the actual entry in this event only; no "
    "account is taken of earlier stages run by the partner organisations.",
    text_sv="Mästarpoäng delas ut efter det faktiska deltagandet i denna tävling; "
    "tidigare omgångar hos partnerorganisationerna räknas inte.",
    seed_ref=ref("1.2.7 b"),
)


def inter_organisation_conditions(app: Application) -> list[Condition]:
    return [ACTUAL_ENTRY] if app.inter_organisation else []
