"""'Major event' status, granted, retained and provisionally extended: seed 001 (EBU
handbook) 1.6.1 c, lines 821-842.

"Once an event has been granted 'major' status, it retains it as long as it meets the
minimum standards. If it fails to meet the standards in one year, application may be
made to the Board to have the status extended to one further year on a provisional
basis." (lines 837-841). Status: Regional (line 842).

Readings where the seed is silent (docs/licences.md):
- The standards are the four minimum requirements i-iv, measured as for a new grant.
- An event "has" major status when last year's licence of it held it: granted,
  retained or provisional. A licence two or more years back is a gap: the status must
  be granted anew.
- The further year is given once: an event on its provisional year that still fails
  loses the status; one that meets the standards again retains it.
"""

from __future__ import annotations

from .handbook import _check, _reason, major_event_unmet
from .model import Application, Check, MajorStanding, PreviousMajor, Reason, Severity

M = MajorStanding


def held_last_year(app: Application) -> PreviousMajor | None:
    """Last year's licence of the event if it held major status, else None."""
    previous = app.previous_major
    if previous is None or previous.standing is M.NONE or app.start_date is None:
        return None
    if previous.year != app.start_date.year - 1:
        return None
    return previous


def major_standing(app: Application) -> tuple[MajorStanding, Reason | None]:
    """How the event would hold major status this year, and why; (NONE, None) when
    the application neither asks for it nor names a previous major licence."""
    unmet = major_event_unmet(app)
    held = held_last_year(app)
    missing_en = "; ".join(en for en, _ in unmet)
    missing_sv = "; ".join(sv for _, sv in unmet)
    if held is not None and not unmet:
        return M.RETAINED, _reason(
            f"Major status held under {held.number} ({held.year}) and the minimum standards "
            "are met: the status is retained, Regional",
            f"Major-status enligt {held.number} ({held.year}) och minimikraven är uppfyllda: "
            "statusen behålls, Regional",
            "1.6.1 c",
        )
    if held is not None and held.standing is M.PROVISIONAL:
        return M.NONE, _reason(
            f"The provisional further year under {held.number} has been used and the "
            f"standards are still not met ({missing_en}): major status lapses",
            f"Det provisoriska extra året enligt {held.number} är förbrukat och kraven är "
            f"fortfarande inte uppfyllda ({missing_sv}): major-statusen upphör",
            "1.6.1 c",
        )
    if held is not None and app.provisional_extension:
        return M.PROVISIONAL, _reason(
            f"Major status held under {held.number} ({held.year}); the standards are not "
            f"met this year ({missing_en}): one further year on a provisional basis, "
            "Regional, if the Board grants it",
            f"Major-status enligt {held.number} ({held.year}); kraven är inte uppfyllda i "
            f"år ({missing_sv}): ytterligare ett år provisoriskt, Regional, om styrelsen "
            "(the Board) beviljar det",
            "1.6.1 c",
        )
    if held is not None:
        return M.NONE, _reason(
            f"Major status held under {held.number} ({held.year}), but the standards are "
            f"not met this year ({missing_en}): apply to the Board for the provisional "
            "further year",
            f"Major-status enligt {held.number} ({held.year}), men kraven är inte "
            f"uppfyllda i år ({missing_sv}): ansök hos styrelsen om det provisoriska "
            "extra året",
            "1.6.1 c",
        )
    if not app.major_event:
        return M.NONE, None
    if unmet:
        return M.NONE, _reason(
            f"Not eligible for 'major event' status; missing: {missing_en}",
            f"Uppfyller inte kraven för 'major event'; saknas: {missing_sv}",
            "1.6.1 c",
        )
    return M.GRANTED, _reason(
        "Meets the minimum requirements for a 'major event': Regional status if the Board "
        "grants it",
        "Uppfyller minimikraven för 'major event': regional status om styrelsen (the Board) "
        "beviljar det",
        "1.6.1 c",
    )


def provisional_check(app: Application) -> Check | None:
    """A request for the provisional further year that the section does not allow:
    refused, saying why. None when no such request is made."""
    if not app.provisional_extension:
        return None
    held = held_last_year(app)
    previous = app.previous_major
    if held is None:
        en = "The provisional further year is for an event that held major status last year; " + (
            f"{previous.number} is from {previous.year}"
            if previous is not None and previous.standing is not M.NONE
            else "no such licence is named"
        )
        sv = "Det provisoriska extra året gäller en tävling som hade major-status i fjol; " + (
            f"{previous.number} är från {previous.year}"
            if previous is not None and previous.standing is not M.NONE
            else "ingen sådan licens anges"
        )
        return _check("major_event.provisional", False, Severity.REFUSAL, en, sv, "1.6.1 c")
    if held.standing is M.PROVISIONAL and major_event_unmet(app):
        return _check(
            "major_event.provisional",
            False,
            Severity.REFUSAL,
            f"The status may be extended for one further year only; {held.number} was "
            "already the provisional year",
            f"Statusen kan förlängas bara ett år; {held.number} var redan det provisoriska året",
            "1.6.1 c",
        )
    return _check(
        "major_event.provisional",
        True,
        Severity.REFUSAL,
        f"May apply for the provisional further year after {held.number}",
        f"Får ansöka om det provisoriska extra året efter {held.number}",
        "1.6.1 c",
    )


def office_may_grant(app: Application, standing: MajorStanding) -> bool:
    """The office may confirm the standing the rules propose or grant none; never
    one the section does not allow."""
    proposed, _reason_ = major_standing(app)
    return standing in (M.NONE, proposed)
