"""The status an EBU event is awarded at: its licence's, not what the results say.

Source: seed ``001_4cb9a3c6036a851e.txt``, chapter 1: 1.4.1 (lines 575-581, "All Open
events run by Counties or Clubs require a licence"), 1.5-1.6 (the licence sets the
status level), 3.2 (lines 1752-1768, the five status levels), 5.1 (blue points only in
events licensed for them). Decisions (docs/awards-ebu.md, "The licence behind the
status"): a club's own session at club status in local points needs no licence; an
event whose facts ask for more (a higher status, blue points, or ``open``) needs a
granted licence covering its date. Without one it is awarded at club status in local
points, and the office is warned; a green-point event (chapter 6) is not awarded at
all without one. With one, the licence's status and blue points stand, and a fact
that says otherwise is named in a warning.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..core import Reason
from .core import STATUSES

# Licence.status as the licences app stores it (1-5), by the names of 3.2.
STATUS_BY_LEVEL = dict(enumerate(STATUSES, start=1))


@dataclass(frozen=True)
class LicenceSeen:
    """What the award step reads of the granted licence covering an event."""

    number: str
    status: int | None  # 1 club .. 5 national; None while the office has not set it
    blue_points: bool


@dataclass(frozen=True)
class AwardedStatus:
    """The facts the event is awarded by (``options`` with ``status`` and ``colour`` set
    from the licence), the licence's number ("" for none), and a warning for the office
    or, when the event cannot be awarded at all, ``refusal``."""

    options: dict[str, object]
    licence: str
    warning: Reason | None = None
    refusal: Reason | None = None

    @property
    def status(self) -> str:
        return str(self.options.get("status", "club"))


def needs_licence(options: Mapping[str, object]) -> bool:
    """1.4.1: anything beyond a club's own local-point session at club status."""
    return (
        options.get("status", "club") not in ("club", None, "")
        or options.get("colour") == "blue"
        or bool(options.get("open"))
        or bool(options.get("event"))
    )


def awarded_status(options: Mapping[str, object], licence: LicenceSeen | None) -> AwardedStatus:
    """The event's facts with the status and points colour its licence gives (module
    docstring). ``options`` are the tournament's award facts by the calculator's names,
    ``open`` (an open event, 1.4.1) among them; the result's ``options`` leave it out."""
    facts = {name: value for name, value in options.items() if name != "open"}
    asked = str(facts.get("status") or "club")
    if licence is None:
        if not needs_licence(options):
            return AwardedStatus({**facts, "status": "club"}, "")
        if facts.get("event"):
            return AwardedStatus(
                facts,
                "",
                refusal=Reason(
                    table="",
                    sv="ett grönpoängsevenemang delas ut enligt sin licens, och ingen "
                    "beviljad licens täcker dagen (1.4.1, kapitel 6)",
                    en="a green point event is awarded by its licence, and no granted "
                    "licence covers its date (1.4.1, chapter 6)",
                ),
            )
        facts = {**facts, "status": "club"}
        if facts.get("colour") == "blue":
            facts["colour"] = "local"
        return AwardedStatus(
            facts,
            "",
            warning=Reason(
                table="",
                sv=f"ingen beviljad licens täcker dagen: tävlingen fick klubbstatus och "
                f"lokala poäng, inte {asked} (1.4.1)",
                en=f"no granted licence covers its date: awarded at club status in local "
                f"points, not {asked} (1.4.1)",
            ),
        )
    level = STATUS_BY_LEVEL.get(licence.status or 1, "club")
    notes_sv: list[str] = []
    notes_en: list[str] = []
    if facts.get("status") and asked != level:
        notes_sv.append(f"resultatet anger status {asked}, licensen {level}")
        notes_en.append(f"the results say status {asked}, the licence {level}")
    facts["status"] = level
    if licence.blue_points and not facts.get("event") and facts.get("colour") != "blue":
        facts["colour"] = "blue"  # 5.1: the licence makes it a blue point event
    elif facts.get("colour") == "blue" and not licence.blue_points:
        facts["colour"] = "local"
        notes_sv.append("blåpoäng begärda men licensen ger lokala poäng (5.1)")
        notes_en.append("blue points asked for but the licence gives local points (5.1)")
    warning = None
    if notes_en:
        warning = Reason(
            table="",
            sv=f"licens {licence.number}: {'; '.join(notes_sv)}; licensen gäller",
            en=f"licence {licence.number}: {'; '.join(notes_en)}; the licence stands",
        )
    return AwardedStatus(facts, licence.number, warning=warning)
