"""Parsing the office's member CSV into plain values (no database).

Columns (header row required, order free, names case-insensitive):
  mid*, first_name*, last_name*, club_number*, birth_date (YYYY-MM-DD), gender (F/M/X),
  status, membership_kind, represents (yes/no; default yes), email, phone,
  street_address, postcode, town.   (* required)

Every problem is reported with its line number (the header is line 1) and field,
so the office can mend the file and send it again; nothing is saved while any
row is wrong (members.services.import_members).
"""

import csv
import dataclasses
import io
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date

REQUIRED = ("mid", "first_name", "last_name", "club_number")
OPTIONAL = (
    "birth_date",
    "gender",
    "status",
    "membership_kind",
    "represents",
    "email",
    "phone",
    "street_address",
    "postcode",
    "town",
)
GENDERS = {"F", "M", "X"}
STATUSES = {"active", "lapsed", "suspended", "foreign_guest", "temporary"}
KINDS = {"ordinary", "junior", "introductory"}
YES = {"yes", "y", "ja", "j", "1", "true"}
NO = {"no", "n", "nej", "0", "false"}
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def gettext_noop(text: str) -> str:
    """Marks a message template for the translation catalogue (makemessages looks
    for this name); the page that shows the error translates it."""
    return text


@dataclass(frozen=True)
class RowError:
    line: int
    field: str
    template: str
    # dataclasses.field by its module: the ``field`` attribute above shadows the name.
    params: Mapping[str, object] = dataclasses.field(default_factory=dict, compare=False)

    @property
    def message(self) -> str:
        return self.template % self.params if self.params else self.template

    def translated(self, translate: Callable[[str], str]) -> str:
        text = translate(self.template)
        return text % self.params if self.params else text

    def __str__(self) -> str:
        where = f"line {self.line}" + (f", {self.field}" if self.field else "")
        return f"{where}: {self.message}"


@dataclass(frozen=True)
class MemberRow:
    line: int
    mid: int
    first_name: str
    last_name: str
    club_number: int
    birth_date: date | None
    gender: str
    status: str
    membership_kind: str
    represents: bool
    email: str
    phone: str
    street_address: str
    postcode: str
    town: str


def parse_member_csv(text: str, today: date) -> tuple[list[MemberRow], list[RowError]]:
    """Rows that parsed, and every error found (line numbers count the header as 1)."""
    errors: list[RowError] = []
    rows: list[MemberRow] = []
    sample = text[:4096]
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text), dialect)
    try:
        header = next(reader)
    except StopIteration:
        return [], [RowError(1, "", gettext_noop("the file is empty"))]
    names = [h.strip().lstrip("\ufeff").lower() for h in header]
    missing = [c for c in REQUIRED if c not in names]
    if missing:
        return [], [RowError(1, c, gettext_noop("required column is missing")) for c in missing]
    unknown = [n for n in names if n and n not in REQUIRED + OPTIONAL]
    errors.extend(RowError(1, n, gettext_noop("unknown column")) for n in unknown)

    seen_mids: dict[int, int] = {}
    for line_no, raw in enumerate(reader, start=2):
        if not any(cell.strip() for cell in raw):
            continue
        if len(raw) != len(names):
            errors.append(
                RowError(
                    line_no,
                    "",
                    gettext_noop("expected %(expected)s fields, found %(found)s"),
                    {"expected": len(names), "found": len(raw)},
                )
            )
            continue
        values = {name: cell.strip() for name, cell in zip(names, raw, strict=True)}
        row, row_errors = _parse_row(line_no, values, today)
        errors.extend(row_errors)
        if row is None:
            continue
        if row.mid in seen_mids:
            errors.append(
                RowError(
                    line_no,
                    "mid",
                    gettext_noop("duplicate MID %(mid)s (also on line %(other)s)"),
                    {"mid": row.mid, "other": seen_mids[row.mid]},
                )
            )
            continue
        seen_mids[row.mid] = line_no
        rows.append(row)
    return rows, errors


def _parse_row(
    line: int, v: dict[str, str], today: date
) -> tuple[MemberRow | None, list[RowError]]:
    errs: list[RowError] = []

    def need(field: str) -> str:
        value = v.get(field, "")
        if not value:
            errs.append(RowError(line, field, gettext_noop("missing")))
        return value

    mid = _positive_int(line, "mid", need("mid"), errs)
    first_name = need("first_name")
    last_name = need("last_name")
    club_number = _positive_int(line, "club_number", need("club_number"), errs)

    birth_date = None
    if v.get("birth_date"):
        try:
            birth_date = date.fromisoformat(v["birth_date"])
        except ValueError:
            errs.append(
                RowError(
                    line,
                    "birth_date",
                    gettext_noop("bad date '%(value)s' (use YYYY-MM-DD)"),
                    {"value": v["birth_date"]},
                )
            )
        else:
            if birth_date > today:
                errs.append(
                    RowError(
                        line,
                        "birth_date",
                        gettext_noop("date %(value)s is in the future"),
                        {"value": birth_date},
                    )
                )
            elif birth_date.year < 1900:
                errs.append(
                    RowError(
                        line,
                        "birth_date",
                        gettext_noop("date %(value)s is before 1900"),
                        {"value": birth_date},
                    )
                )

    gender = (v.get("gender") or "X").upper()
    if gender not in GENDERS:
        errs.append(
            RowError(
                line,
                "gender",
                gettext_noop("unknown gender '%(value)s' (F, M or X)"),
                {"value": v["gender"]},
            )
        )
    status = (v.get("status") or "active").lower()
    if status not in STATUSES:
        errs.append(
            RowError(
                line, "status", gettext_noop("unknown status '%(value)s'"), {"value": v["status"]}
            )
        )
    kind = (v.get("membership_kind") or "ordinary").lower()
    if kind not in KINDS:
        errs.append(
            RowError(
                line,
                "membership_kind",
                gettext_noop("unknown membership kind '%(value)s'"),
                {"value": v["membership_kind"]},
            )
        )
    represents_text = (v.get("represents") or "yes").lower()
    if represents_text not in YES | NO:
        errs.append(
            RowError(
                line,
                "represents",
                gettext_noop("expected yes or no, not '%(value)s'"),
                {"value": v["represents"]},
            )
        )
    email = v.get("email", "")
    if email and not EMAIL.match(email):
        errs.append(
            RowError(
                line, "email", gettext_noop("not an e-mail address: '%(value)s'"), {"value": email}
            )
        )

    if errs or mid is None or club_number is None:
        return None, errs
    return (
        MemberRow(
            line=line,
            mid=mid,
            first_name=first_name,
            last_name=last_name,
            club_number=club_number,
            birth_date=birth_date,
            gender=gender,
            status=status,
            membership_kind=kind,
            represents=represents_text in YES,
            email=email,
            phone=v.get("phone", ""),
            street_address=v.get("street_address", ""),
            postcode=v.get("postcode", ""),
            town=v.get("town", ""),
        ),
        [],
    )


def _positive_int(line: int, field: str, text: str, errs: list[RowError]) -> int | None:
    if not text:
        return None
    if not text.isdigit() or int(text) == 0:
        errs.append(
            RowError(
                line,
                field,
                gettext_noop("not a positive whole number: '%(value)s'"),
                {"value": text},
            )
        )
        return None
    return int(text)
