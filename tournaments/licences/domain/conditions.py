"""The conditions printed on a licence: seed 001 (EBU handbook) 1.7.1-1.7.20, 1.8.3-1.8.4
for charity events and 1.9.2-1.9.3 for package operators (lines 866-1150)."""

from __future__ import annotations

from .handbook import (
    NO_STANDARD_CONDITIONS,
    PACKAGE_PROTECTIONS,
    PRIZE_LIMIT,
    SYSTEMS_LEVELS,
    pounds,
)
from .inter_org import inter_organisation_conditions
from .model import Application, Condition, LicenceType, ref

T = LicenceType


def _c(code: str, en: str, sv: str, section: str) -> Condition:
    return Condition(code=code, text_en=en, text_sv=sv, seed_ref=ref(section))


# The fixed conditions of 1.7, in the order printed (after the 1.7.1 literature
# conditions and the systems and prize conditions, which depend on the application).
FIXED_CONDITIONS_BEFORE_SYSTEMS: tuple[Condition, ...] = (
    _c(
        "national_championship",
        "The event may not call itself a national championship of any kind unless "
        "endorsed by the EBU.",
        "Tävlingen får inte kalla sig nationellt mästerskap av något slag utan EBU:s godkännande.",
        "1.7.2",
    ),
    _c(
        "peripheral_activities",
        "Any peripheral activities must have been notified with the application.",
        "Alla kringaktiviteter ska ha anmälts i licensansökan.",
        "1.7.3",
    ),
    _c(
        "sponsor_approval",
        "The EBU retains the right to approve any sponsor.",
        "EBU förbehåller sig rätten att godkänna varje sponsor.",
        "1.7.4",
    ),
    _c(
        "english_law",
        "The holder complies with English law, particularly trade description, charity "
        "and package holiday legislation.",
        "Licensinnehavaren följer engelsk lag, särskilt lagstiftningen om "
        "varubeskrivning, välgörenhet och paketresor.",
        "1.7.5",
    ),
)
FIXED_CONDITIONS_AFTER_SYSTEMS: tuple[Condition, ...] = (
    _c(
        "laws",
        "The event is played under the current Laws of Duplicate Bridge and the EBU's "
        "supplementary regulations (the Blue Book).",
        "Tävlingen spelas enligt gällande Lagar för tävlingsbridge och EBU:s "
        "tilläggsbestämmelser (Blue Book).",
        "1.7.7",
    ),
    _c(
        "appeals",
        "Proper appeals procedures must be available.",
        "Ett ordnat förfarande för överklaganden ska finnas.",
        "1.7.8",
    ),
)
FIXED_CONDITIONS_AFTER_PRIZES: tuple[Condition, ...] = (
    _c(
        "display_licence",
        "The licence must be displayed prominently at the playing venue.",
        "Licensen ska sättas upp väl synlig i spellokalen.",
        "1.7.10",
    ),
    _c(
        "bye_laws",
        "All competitors must agree, as a condition of entry, to be bound by the Bye-laws "
        "of the EBU.",
        "Ett villkor för deltagande är att alla deltagare godtar EBU:s stadgar (Bye-laws).",
        "1.7.11",
    ),
    _c(
        "open_to_members",
        "Space permitting, the event is open to any EBU member in good standing who meets "
        "the entry requirements.",
        "Om platsen räcker är tävlingen öppen för varje EBU-medlem i god ställning som "
        "uppfyller deltagarvillkoren.",
        "1.7.12",
    ),
    _c(
        "five_tables",
        "At least five tables will normally be in play. If there will be fewer, give two "
        "weeks' notice to the EBU and all competitors; the licence is revoked unless all "
        "competitors wish to proceed.",
        "Normalt ska minst fem bord vara i spel. Blir det färre ska EBU och alla deltagare "
        "meddelas två veckor i förväg; licensen återkallas om inte alla deltagare vill "
        "fortsätta.",
        "1.7.13",
    ),
    _c(
        "director",
        "The tournament director is usually non-playing (unless needed for the movement).",
        "Tävlingsledaren spelar normalt inte (utom när rörelsen kräver det).",
        "1.7.14",
    ),
    _c(
        "inspection",
        "The EBU may inspect the event on site without prior notice.",
        "EBU får inspektera tävlingen på plats utan förvarning.",
        "1.7.15",
    ),
    _c(
        "promotion",
        "The EBU may supply promotional material to be displayed or distributed, and have "
        "space for an EBU-approved supplier of books and equipment if space is readily "
        "available.",
        "EBU får tillhandahålla reklammaterial som ska visas eller delas ut, och få plats "
        "för en av EBU godkänd försäljare av böcker och utrustning om utrymme finns.",
        "1.7.16",
    ),
    _c(
        "post_event",
        "Post-event requirements (event statements, licence fee, results file) within one "
        "calendar month of the end of the event; the fee and results file within 30 days "
        "(1.5.3).",
        "Efterarbetet (redovisningar, licensavgift, resultatfil) ska vara klart inom en "
        "kalendermånad efter tävlingens slut; avgift och resultatfil inom 30 dagar (1.5.3).",
        "1.7.17",
    ),
    _c(
        "accounts",
        "Full financial accounts must be kept and presented to the EBU on demand.",
        "Fullständig ekonomisk redovisning ska föras och visas för EBU på begäran.",
        "1.7.18",
    ),
    _c(
        "deposit",
        "The EBU may require a deposit.",
        "EBU kan kräva en deposition.",
        "1.7.19",
    ),
    _c(
        "special_conditions",
        "Any special conditions stated on this licence apply.",
        "De särskilda villkor som anges på licensen gäller.",
        "1.7.20",
    ),
)
CHARITY_CONDITIONS: tuple[Condition, ...] = (
    _c(
        "charity.accounts",
        "Full accounts must be submitted to the EBU within three months of the end of the event.",
        "Fullständig redovisning ska lämnas till EBU inom tre månader efter tävlingens slut.",
        "1.8.3",
    ),
    _c(
        "charity.statements",
        "The statements on the fund raiser's remuneration and on the donation must be "
        "issued to all competitors.",
        "Redovisningarna av insamlarens ersättning och av gåvans storlek ska delas ut till "
        "alla deltagare.",
        "1.8.4",
    ),
)
PACKAGE_CONDITIONS: tuple[Condition, ...] = (
    _c(
        "package.brochures",
        "All brochures must contain precise and accurate information about what the "
        "package contains.",
        "Alla broschyrer ska innehålla exakt och korrekt information om vad paketet innehåller.",
        "1.9.2 a",
    ),
    _c(
        "package.contracts",
        "Written contracts with full details of all that is sold must be supplied to all clients.",
        "Skriftliga avtal med alla detaljer om det som säljs ska lämnas till alla kunder.",
        "1.9.2 b",
    ),
)


def _literature_conditions(app: Application) -> list[Condition]:
    out = [
        _c(
            "literature.licensed",
            "All literature and advertising must state that the event is licensed by the EBU.",
            "Allt tryckt material och all marknadsföring ska ange att tävlingen är "
            "licensierad av EBU.",
            "1.7.1",
        )
    ]
    if app.sponsor:
        out.append(
            _c(
                "literature.sponsor",
                f"Literature must name the sponsor: {app.sponsor}.",
                f"Materialet ska ange sponsorn: {app.sponsor}.",
                "1.7.1",
            )
        )
    if app.members_only:
        out.append(
            _c(
                "literature.members_only",
                "Literature must state that entry is restricted to EBU members.",
                "Materialet ska ange att tävlingen är endast för EBU-medlemmar.",
                "1.7.1",
            )
        )
    out += [
        _c(
            "literature.systems",
            f"Literature must state the systems category: Level {app.systems_level}.",
            f"Materialet ska ange vilken systemkategori som gäller: nivå {app.systems_level}.",
            "1.7.1",
        ),
        _c(
            "literature.entry_requirements",
            "Literature must state any special entry requirements.",
            "Materialet ska ange eventuella särskilda deltagarvillkor.",
            "1.7.1",
        ),
        _c(
            "literature.charity",
            "Literature must carry a notice about any charitable donations.",
            "Materialet ska innehålla en upplysning om eventuella gåvor till välgörenhet.",
            "1.7.1",
        ),
    ]
    if app.licence_type is T.PACKAGE:
        out.append(
            _c(
                "literature.package",
                "Literature must give precise and accurate information about what the "
                "package contains.",
                "Materialet ska ge exakt och korrekt information om vad paketet innehåller.",
                "1.7.1",
            )
        )
    out.append(
        _c(
            "literature.duplicate",
            'Any reference to "bridge" must include the word "duplicate".',
            'Varje omnämnande av "bridge" ska innehålla ordet "duplicate" (tävlingsbridge).',
            "1.7.1",
        )
    )
    return out


def _systems_condition(app: Application) -> Condition:
    level = app.systems_level
    extra_en = "" if level in SYSTEMS_LEVELS else ", as authorised in writing by the EBU"
    extra_sv = "" if level in SYSTEMS_LEVELS else ", enligt skriftligt tillstånd från EBU"
    return _c(
        "systems",
        f"Systems and conventions: Level {level}{extra_en}; announced before entries are accepted.",
        f"System och konventioner: nivå {level}{extra_sv}; meddelas innan anmälningar tas emot.",
        "1.7.6",
    )


def _prize_condition(app: Application) -> Condition:
    if app.head_to_head_knockout:
        en = "Head-to-head knock-out: no limit on prizes."
        sv = "Utslagstävling med direkta möten: ingen gräns för priser."
    elif app.prize_approved:
        amount_en = f" of {pounds(app.max_prize_per_player)}" if app.max_prize_per_player else ""
        amount_sv = f" på {pounds(app.max_prize_per_player)}" if app.max_prize_per_player else ""
        en = f"Cash prizes or the equivalent in kind: up to the approved prize{amount_en} per player."
        sv = f"Kontantpriser eller motsvarande i natura: högst det godkända priset{amount_sv} per spelare."
    else:
        en = f"Cash prizes or the equivalent in kind: at most {pounds(PRIZE_LIMIT)} per player."
        sv = f"Kontantpriser eller motsvarande i natura: högst {pounds(PRIZE_LIMIT)} per spelare."
    return _c("prizes", en, sv, "1.7.9")


def _package_protection_condition(app: Application) -> Condition:
    chosen = PACKAGE_PROTECTIONS.get(app.package_protection)
    if chosen is None:
        en = "Deposits and pre-payments must be protected against the operator's insolvency."
        sv = "Handpenningar och förskott ska skyddas mot arrangörens obestånd."
    else:
        en = f"Deposits and pre-payments protected against the operator's insolvency: {chosen[0]}."
        sv = f"Handpenningar och förskott skyddade mot arrangörens obestånd: {chosen[1]}."
    return _c("package.protection", en, sv, "1.9.3")


def standard_conditions(app: Application) -> list[Condition]:
    """The conditions printed on the licence, in section order: 1.7.1-1.7.20, then
    1.8.3-1.8.4 for charity events and 1.9.2-1.9.3 for package events, then 1.2.7 b for
    an inter-organisation event. None for
    novice licences or teams leagues (1.7 heading)."""
    if app.licence_type in NO_STANDARD_CONDITIONS:
        return []
    out = _literature_conditions(app)
    out += FIXED_CONDITIONS_BEFORE_SYSTEMS
    out.append(_systems_condition(app))
    out += FIXED_CONDITIONS_AFTER_SYSTEMS
    out.append(_prize_condition(app))
    out += FIXED_CONDITIONS_AFTER_PRIZES
    if app.licence_type is T.CHARITY:
        out += CHARITY_CONDITIONS
    if app.licence_type is T.PACKAGE:
        out += PACKAGE_CONDITIONS
        out.append(_package_protection_condition(app))
    out += inter_organisation_conditions(app)
    return out
