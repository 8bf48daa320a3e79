"""The EBU award calculator: reads the options every form shares and routes them to the
form (module) that owns the event.

Source: the interface ``../shared/interfaces/ebu-calculator.md`` section 1 (options and
their Handbook meaning) over seed ``001_4cb9a3c6036a851e.txt``: 3.1 (minimum tables and
boards, lines 1684-1718), 3.2 (status, lines 1752-1768), 3.3.3 (teams counted as tables,
lines 1798-1802), 3.5 (ties, lines 1828-1866), 4.1.3 (half tables ignored, lines
2068-2072), 4.1.4 (movements, lines 2074-2088), 4.2 (quali-final stages, lines
2167-2304), 4.3 (consolation events, lines 2306-2437), 4.5-4.6 (award per match won,
lines 2565-2930), 4.7 (knock-outs, lines 2931-3216), 4.8-4.9 (leagues and sections,
lines 3217-3548), 4.11 (ladders, lines 3588-3710), 4.12 (stratified events, lines
3711-3880) and chapter 6 (green-point events, lines 3977-4700).

A form's module exposes ``awards_for(options) -> EbuResult``; it reads the options it
needs and refuses the values it does not define. This module refuses, before any form
is called, what no form could read: malformed values, options that select two forms at
once, and options foreign to the form chosen.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from . import (
    basic,
    consolation,
    green,
    knockout,
    ladder,
    leagues,
    per_match,
    qualifier,
    stratified,
)
from .core import STATUSES, EbuInputError, EbuOptions, EbuResult

# The values of each option, as interface section 1 names them.
COLOURS = ("local", "blue")  # green points come only from the chapter-6 events (--event)
MOVEMENTS = ("teams", "two-winner", "single-winner", "individual", "four-winner")
# 4.11.3 (lines 3608-3614): a ladder ranks teams, pairs or individuals, whatever the
# movement of its games.
LADDER_MOVEMENTS = ("teams", "pairs", "individual")
STAGES = ("qualifying", "final", "subsequent", "consolation", "third-final")
STRATS = ("A", "B", "C", "D")  # 4.12.1: up to four categories, "A" the top
KNOCKOUTS = ("single-teams", "double-teams", "single-pairs")  # 4.7.2
# 4.7.4-4.7.5: a preliminary round and at most 8 rounds; 6.2.2: the county teams KO's
# rounds by the number of teams left.
KNOCKOUT_ROUNDS = ("prelim", "1", "2", "3", "4", "5", "6", "7", "8")
COUNTY_KO_ROUNDS = ("65+", "33-64", "17-32", "9-16", "quarter-final", "semi-final", "final")
EVENTS = (
    "county-pairs-final",
    "county-teams-ko",
    "county-teams-qualifier",
    "swiss-teams",
    "swiss-pairs",
    "inter-county-league",
)

# Options that name a number of full tables: whole, or with a part table left over
# (4.1.3: "for 9 ½ tables, read the awards appropriate to 9 tables"; an individual
# event may have a quarter table). A ladder's --tables is an average per game (4.11.5)
# and may be any decimal.
TABLE_OPTIONS = ("tables", "original_tables", "premier_tables")
COUNT_OPTIONS = (
    "boards",
    "boards_per_match",
    "divisions",
    "division",
    "entries",
    "remaining",
    "games",
    "qualifying_stages",
)
FLAG_OPTIONS = ("major", "consolation", "bye", "ladder", "final")
CHOICES: dict[str, tuple[str, ...]] = {
    "status": STATUSES,
    "colour": COLOURS,
    "movement": MOVEMENTS + ("pairs",),
    "stage": STAGES,
    "strat": STRATS,
    "knockout": KNOCKOUTS,
    "round": KNOCKOUT_ROUNDS + COUNTY_KO_ROUNDS,
    "event": EVENTS,
}
OPTION_FIELDS = tuple(f.name for f in fields(EbuOptions))
DEFAULTS = EbuOptions()


def option_name(field_name: str) -> str:
    """The command-line name of an :class:`EbuOptions` field, without dashes
    ("original-tables"; the repeatable ``--tie`` fills ``ties``)."""
    return "tie" if field_name == "ties" else field_name.replace("_", "-")


def field_name(option: str) -> str:
    """The :class:`EbuOptions` field of a command-line option ("--original-tables",
    "original-tables" or "original_tables"); "" for none."""
    name = option.lstrip("-").replace("-", "_")
    name = "ties" if name == "tie" else name
    return name if name in OPTION_FIELDS else ""


def options_from(values: Mapping[str, object]) -> EbuOptions:
    """The calculator's options from named values (the command's or the page's): each
    option checked as every form reads it (interface section 1; 3.1, 3.2, 3.5, 4.1.3).
    ``None`` and "" are "not given". Raises :class:`EbuInputError` naming the option:
    an unknown option, a value outside its list, a negative or non-numeric count, a
    malformed ``--tie``, ``--division`` without ``--divisions`` or above it,
    ``--remaining`` above ``--entries``, ``--qualifying-stages`` below 1."""
    given: dict[str, object] = {}
    for key, value in values.items():
        name = field_name(key)
        if not name:
            raise EbuInputError(
                key.lstrip("-"),
                "not an option of the EBU calculator",
                sv="är inget alternativ i EBU:s poängräknare",
            )
        if value is None or value == "" or value == () or value == []:
            continue
        given[name] = value
    parsed: dict[str, object] = {}
    for name, value in given.items():
        parsed[name] = _PARSERS[name](name, value)
    options = EbuOptions(**parsed)  # type: ignore[arg-type]
    _check_together(options)
    return options


def _choice(name: str, value: object) -> str:
    text = str(value).strip()
    if name == "strat":
        text = text.upper()
    elif name != "round":
        text = text.lower()
    if text not in CHOICES[name]:
        raise EbuInputError(
            option_name(name),
            f"{value!r} is not one of {', '.join(CHOICES[name])}",
            sv=f"{value!r} är inte en av {', '.join(CHOICES[name])}",
        )
    return text


def _count(name: str, value: object) -> int:
    if isinstance(value, bool):
        raise EbuInputError(
            option_name(name),
            f"{value!r} is not a whole number",
            sv=f"{value!r} är inte ett heltal",
        )
    if isinstance(value, int):
        number = value
    else:
        text = str(value).strip()
        if not re.fullmatch(r"[+-]?\d+", text):
            raise EbuInputError(
                option_name(name),
                f"{value!r} is not a whole number",
                sv=f"{value!r} är inte ett heltal",
            )
        number = int(text)
    if number < 0:
        raise EbuInputError(option_name(name), f"{number} is negative", sv=f"{number} är negativt")
    return number


def _number(name: str, value: object) -> Fraction:
    """A non-negative number, exactly: "9.5", "9½", "19/2", 9.5."""
    if isinstance(value, bool):
        raise EbuInputError(
            option_name(name), f"{value!r} is not a number", sv=f"{value!r} är inte ett tal"
        )
    if isinstance(value, (int, Fraction, Decimal)):
        number = Fraction(value)
    elif isinstance(value, float):
        # A float from a form field is its decimal text, not its binary value.
        number = Fraction(Decimal(repr(value)))
    else:
        text = str(value).strip().replace(",", ".")
        text = re.sub(r"^(\d*)\s*½$", lambda m: f"{m[1] or 0}.5", text)
        try:
            number = Fraction(Decimal(text)) if "/" not in text else Fraction(text)
        except (InvalidOperation, ValueError, ZeroDivisionError):
            raise EbuInputError(
                option_name(name), f"{value!r} is not a number", sv=f"{value!r} är inte ett tal"
            ) from None
    if number < 0:
        raise EbuInputError(option_name(name), f"{value} is negative", sv=f"{value} är negativt")
    return number


def _won(name: str, value: object) -> Fraction:
    number = _number(name, value)
    if (number * 2).denominator != 1:
        raise EbuInputError(
            "won",
            f"{value} is not a number of wins and halves (a draw, 4.5.8)",
            sv=f"{value} är inte ett antal vinster och halva (oavgjort, 4.5.8)",
        )
    return number


def _flag(name: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "on", "yes"):
        return True
    if text in ("0", "false", "off", "no"):
        return False
    raise EbuInputError(
        option_name(name),
        f"{value!r} is not on or off",
        sv=f"{value!r} är varken på (on) eller av (off)",
    )


def _ties(name: str, value: object) -> tuple[tuple[int, int], ...]:
    """``--tie PLACE:COUNT``, repeatable: one string, several ("4:2", "7:3" or
    "4:2, 7:3"), or (place, count) pairs already read."""
    items: Iterable[object]
    if isinstance(value, str):
        items = [part for part in re.split(r"[\s,;]+", value) if part]
    elif isinstance(value, Iterable):
        items = value
    else:
        items = [value]
    ties: list[tuple[int, int]] = []
    for item in items:
        if isinstance(item, tuple) and len(item) == 2:
            place, count = _count("ties", item[0]), _count("ties", item[1])
        else:
            match = re.fullmatch(r"\s*(\d+)\s*:\s*(\d+)\s*", str(item))
            if match is None:
                raise EbuInputError(
                    "tie",
                    f"{item!r} is not PLACE:COUNT (e.g. 4:2)",
                    sv=f"{item!r} är inte PLATS:ANTAL (t.ex. 4:2)",
                )
            place, count = int(match[1]), int(match[2])
        if place < 1 or count < 2:
            raise EbuInputError(
                "tie",
                f"{place}:{count} is not a tie (place ≥ 1, count ≥ 2)",
                sv=f"{place}:{count} är ingen delad placering (placering ≥ 1, antal ≥ 2)",
            )
        ties.append((place, count))
    ties.sort()
    for (place, count), (after, _) in zip(ties, ties[1:], strict=False):
        if after < place + count:
            raise EbuInputError(
                "tie",
                f"the ties at places {place} and {after} overlap",
                sv=f"de delade placeringarna på plats {place} och {after} överlappar varandra",
            )
    return tuple(ties)


_PARSERS: dict[str, Callable[[str, object], object]] = {
    **{name: _choice for name in CHOICES},
    **{name: _count for name in COUNT_OPTIONS},
    # A ladder's average is checked against the form once the route is known.
    **{name: _number for name in TABLE_OPTIONS},
    **{name: _flag for name in FLAG_OPTIONS},
    "won": _won,
    "ties": _ties,
}
assert set(_PARSERS) == set(OPTION_FIELDS), "every option has its parser"


def _check_together(options: EbuOptions) -> None:
    """What no form defines, whatever the route: values that contradict each other."""
    if options.division is not None and options.divisions is None:
        raise EbuInputError(
            "division",
            "needs --divisions, the number of divisions (4.8, 4.9)",
            sv="kräver --divisions, antalet divisioner (4.8, 4.9)",
        )
    if options.divisions is not None:
        if options.divisions < 1:
            raise EbuInputError(
                "divisions",
                "an event has at least one division (4.8, 4.9)",
                sv="en tävling har minst en division (4.8, 4.9)",
            )
        if options.division is None:
            raise EbuInputError(
                "division",
                "which division (1 = the top) is needed (4.8, 4.9)",
                sv="vilken division (1 = den högsta) behövs (4.8, 4.9)",
            )
        if not 1 <= options.division <= options.divisions:
            raise EbuInputError(
                "division",
                f"{options.division} is not one of 1..{options.divisions}",
                sv=f"{options.division} är inte en av 1..{options.divisions}",
            )
    if options.qualifying_stages < 1:
        raise EbuInputError(
            "qualifying-stages",
            "a final follows at least one qualifying stage",
            sv="en final följer på minst en kvalomgång",
        )
    if (
        options.remaining is not None
        and options.entries is not None
        and options.remaining > options.entries
    ):
        raise EbuInputError(
            "remaining",
            f"{options.remaining} left of {options.entries} entries (4.7.9)",
            sv=f"{options.remaining} kvar av {options.entries} anmälda (4.7.9)",
        )
    if options.games is not None and options.games < 1:
        raise EbuInputError(
            "games",
            "a ladder has at least one game (4.11.4)",
            sv="en stegtävling har minst en spelomgång (4.11.4)",
        )
    if options.boards_per_match == 0:
        raise EbuInputError(
            "boards-per-match",
            "a match has at least one board (4.6.3)",
            sv="en match har minst en bricka (4.6.3)",
        )


# --- routing -----------------------------------------------------------------------------

# Options every board-and-table form reads (4.1, 3.2, 3.5, 5.4.1).
_EVENT = frozenset({"status", "movement", "tables", "boards", "ties", "colour", "major"})
_STAGES = frozenset({"stage", "original_tables", "premier_tables", "qualifying_stages"})


@dataclass(frozen=True)
class Form:
    """A calculator form: the module that computes it (its ``awards_for``), the options
    it may read (every other one given is refused), and its name for the refusals."""

    module: str
    reads: frozenset[str]
    name: str
    awards_for: Callable[[EbuOptions], EbuResult]


# The route order of the brief: --event, --knockout, --ladder, --strat, --divisions,
# --boards-per-match, --stage, else the basic scales.
FORMS: dict[str, Form] = {
    "green": Form(
        "green",
        frozenset(
            {"event", "status", "movement", "tables", "boards", "ties", "entries", "remaining"}
            | {"boards_per_match", "won", "divisions", "division", "round", "stage"}
        ),
        "a green-point event (chapter 6)",
        green.awards_for,
    ),
    "knockout": Form(
        "knockout",
        frozenset({"knockout", "status", "colour", "major", "round", "entries", "remaining"})
        | {"consolation", "bye", "boards_per_match"},
        "a knock-out (4.7)",
        knockout.awards_for,
    ),
    "ladder": Form(
        "ladder",
        frozenset({"ladder", "games", "final", "status", "colour", "major", "movement"})
        | {"tables", "ties"},
        "a ladder (4.11)",
        ladder.awards_for,
    ),
    "stratified": Form(
        "stratified",
        _EVENT | {"strat", "boards_per_match", "won"},
        "a stratified event (4.12)",
        stratified.awards_for,
    ),
    "leagues": Form(
        "leagues",
        (_EVENT - {"major"}) | {"divisions", "division", "boards_per_match", "won"},
        "a league or an event in sections of differing status (4.8, 4.9)",
        leagues.awards_for,
    ),
    "per_match": Form(
        "per_match",
        _EVENT | _STAGES | {"boards_per_match", "won"},
        "an event with an award per match won (4.5, 4.6)",
        per_match.awards_for,
    ),
    "qualifier": Form(
        "qualifier",
        _EVENT | (_STAGES - {"premier_tables"}),
        "a final or subsequent qualifying stage (4.2)",
        qualifier.awards_for,
    ),
    "consolation": Form(
        "consolation",
        _EVENT | _STAGES,
        "a consolation or third final (4.3)",
        consolation.awards_for,
    ),
    "basic": Form(
        "basic",
        _EVENT | {"stage"},
        "a basic event or first qualifying stage (4.1)",
        basic.awards_for,
    ),
}

# Options that each pick a form of their own: two of them together name two events.
_SELECTORS = ("event", "knockout", "ladder", "strat")


def given(options: EbuOptions) -> tuple[str, ...]:
    """The fields of ``options`` set away from their defaults, in field order."""
    return tuple(
        name for name in OPTION_FIELDS if getattr(options, name) != getattr(DEFAULTS, name)
    )


def route(options: EbuOptions) -> Form:
    """The form that owns these options (interface section 1): refuses two forms at once
    (``--knockout`` with ``--ladder``, ...), options foreign to the form chosen, and the
    movement and table values that form does not define."""
    chosen = [name for name in _SELECTORS if name in given(options)]
    if len(chosen) > 1:
        first, second = chosen[:2]
        raise EbuInputError(
            option_name(second),
            f"cannot be combined with --{option_name(first)}: they are different events",
            sv=f"kan inte kombineras med --{option_name(first)}: de är olika tävlingar",
        )
    form = FORMS[_form_key(options)]
    for name in given(options):
        if name not in form.reads:
            raise EbuInputError(
                option_name(name), f"not used by {form.name}", sv=f"används inte av {form.name}"
            )
    _check_for(form, options)
    return form


def reads_of(options: EbuOptions) -> frozenset[str]:
    """The options the form that owns these options reads: a green-point event's own
    (:data:`.green.EVENT_READS`), else its form's. The award step gives a form only the
    facts it reads (the results give tables, ties and matches won)."""
    if options.event is not None:
        return green.EVENT_READS.get(options.event, frozenset()) | {"event", "status"}
    return FORMS[_form_key(options)].reads


def _form_key(options: EbuOptions) -> str:
    if options.event is not None:
        return "green"
    if options.knockout is not None:
        return "knockout"
    if options.ladder:
        return "ladder"
    if options.strat is not None:
        return "stratified"
    if options.divisions is not None:
        return "leagues"
    if options.boards_per_match is not None:
        return "per_match"
    if options.stage in ("final", "subsequent"):
        return "qualifier"
    if options.stage in ("consolation", "third-final"):
        return "consolation"
    return "basic"


def _check_for(form: Form, options: EbuOptions) -> None:
    """The values one form defines and another does not."""
    if form.module == "ladder":
        if options.movement is not None and options.movement not in LADDER_MOVEMENTS:
            raise EbuInputError(
                "movement",
                f"a ladder ranks {', '.join(LADDER_MOVEMENTS)} (4.11.3), not {options.movement}",
                sv=(
                    f"en stegtävling rankar {', '.join(LADDER_MOVEMENTS)} (4.11.3), inte "
                    f"{options.movement}"
                ),
            )
        if options.games is None:
            raise EbuInputError(
                "games",
                "a ladder needs the number of games (4.11.5)",
                sv="en stegtävling kräver antalet spelomgångar (4.11.5)",
            )
    else:
        if options.movement == "pairs":
            raise EbuInputError(
                "movement",
                "pairs is a ladder's; say two-winner or single-winner (4.1.4)",
                sv=("pairs hör till stegtävlingen; ange two-winner eller single-winner (4.1.4)"),
            )
        for name in TABLE_OPTIONS:
            value = getattr(options, name)
            if value is not None and (value * 4).denominator != 1:
                raise EbuInputError(
                    option_name(name),
                    f"{float(value)} is not a number of whole, half or quarter tables (4.1.3)",
                    sv=f"{float(value)} är inte ett antal hela, halva eller kvarts bord (4.1.3)",
                )
    if form.module == "knockout" and options.round in COUNTY_KO_ROUNDS:
        raise EbuInputError(
            "round",
            f"{options.round} is a county teams knock-out round (--event county-teams-ko)",
            sv=(
                f"{options.round} är en rond i grevskapens lagutslagning (--event county-teams-ko)"
            ),
        )
    if form.module != "green" and options.remaining is not None and options.entries is None:
        raise EbuInputError(
            "remaining",
            "needs --entries, the original entry (4.7.9)",
            sv="kräver --entries, det ursprungliga antalet anmälda (4.7.9)",
        )
    if options.stage == "qualifying" and (
        options.original_tables is not None or options.premier_tables is not None
    ):
        name = "original-tables" if options.original_tables is not None else "premier-tables"
        raise EbuInputError(
            name,
            "the first qualifying stage is its own field: give --tables",
            sv="den första kvalomgången är ett eget fält: ange --tables",
        )
    if options.premier_tables is not None and options.stage not in ("consolation", "third-final"):
        raise EbuInputError(
            "premier-tables",
            "only a consolation or third final has finals above it (4.3.3)",
            sv="bara en tröstfinal eller tredje final har finaler ovanför sig (4.3.3)",
        )
    if options.qualifying_stages != 1 and options.stage not in ("final", "subsequent"):
        raise EbuInputError(
            "qualifying-stages",
            "counts the qualifying stages before a final (4.2.6)",
            sv="räknar kvalomgångarna före en final (4.2.6)",
        )
    if options.original_tables is not None and options.stage in (None, "qualifying"):
        raise EbuInputError(
            "original-tables",
            "needs --stage: the original entry is a final's reference (4.2.3)",
            sv=("kräver --stage: det ursprungliga antalet anmälda är en finals referens (4.2.3)"),
        )


def calculate(options: EbuOptions) -> EbuResult:
    """The awards of the event these options describe, from the form that owns it
    (:func:`route`). Raises :class:`EbuInputError` naming the option for what no form
    defines, and for a form not in Klöver yet."""
    return route(options).awards_for(options)
