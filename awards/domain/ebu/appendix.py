"""Every printed scale of the Appendix, generated from its rule and compared with the
table as printed, cell by cell: the one comparison both the tests (``test_printed_*``,
``test_appendix``) and the benchmark (``manage.py bench_ebu_awards``) run.

Source: seed ``001_4cb9a3c6036a851e.txt`` (EBU Licensing and Master Points Handbook,
7th ed.), Appendix lines 4700-7387:

* Scales A-E (lines 4709-5808) and F (5809-5957), and Scale X (7161-7285), from the
  basic rule of 4.1-4.4 (lines 2054-2547), :func:`.basic.basic_awards`;
* Scale G (lines 5958-6095), from 6.3.1(a)-(f) (lines 4132-4176),
  :func:`.green.scale_g_generated`; and the list of 6.4.8 (lines 4542-4554),
  :func:`.green.per_match_generated`;
* Scales QA-QE (lines 6096-6812), from their column steps (:data:`.qualifier.STEPS`)
  times the status factor, rounded up and raised to the minimum (3.4.1, 3.5.1);
* Scale QF (lines 6813-6946), from its notes (lines 6819-6829, 6942-6946), and the
  table of awards per match won of 4.6.3 (lines 2707-2774), from
  :func:`.per_match.generated_per_match`;
* Scales S (lines 6947-7063) and QS (lines 7064-7160), and the table under example
  4.12.4 (lines 3790-3811), from :func:`.stratified.scale_s` and
  :func:`.stratified.scale_qs`.

The printed tables are the ``printed_*`` modules. A cell "departs" where the printed
figure and the rule's differ; which of the two the calculator uses is each rule
module's decision, not this module's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from . import printed_basic, printed_green, printed_qf, printed_quali, printed_strat
from .basic import BANDS, LETTERS, basic_awards
from .core import FACTOR, minimum_award, round_up
from .green import PRINTED_PER_MATCH, per_match_generated, scale_g_generated
from .per_match import QF_CLUB_MAXIMUM, QF_FULL_AT, generated_per_match
from .qualifier import LETTERS as QUALI_LETTERS
from .qualifier import STEPS as QUALI_STEPS
from .stratified import scale_qs, scale_s


@dataclass(frozen=True)
class Cell:
    """One printed cell: its scale ("A", "QC", "4.6.3" ...), the printed column and row
    it sits at, the printed figure, the rule's, and the seed line of its row (None
    where the extraction kept no line for it)."""

    scale: str
    column: str
    row: str
    printed: Fraction | int
    generated: Fraction | int
    line: int | None

    @property
    def departs(self) -> bool:
        return self.printed != self.generated


def _plain(value: Fraction | Decimal | int) -> Fraction | int:
    # Whole figures as int, so that a cell reads as the page prints it (288, not 288/1).
    exact = Fraction(value)
    return exact.numerator if exact.denominator == 1 else exact


def _cell(
    scale: str,
    column: str,
    row: str,
    printed: Fraction | Decimal | int,
    generated: Fraction | Decimal | int,
    line: int | None,
) -> Cell:
    return Cell(scale, column, row, _plain(printed), _plain(generated), line)


def departing(cells: Iterable[Cell]) -> list[Cell]:
    """The cells whose printed figure is not the rule's."""
    return [cell for cell in cells if cell.departs]


# --- Scales A-F and X --------------------------------------------------------------------

# 4.1.1 (lines 2054-2056): each status letter's factor (3.2).
BASIC_FACTOR = {letter: FACTOR[status] for status, letter in LETTERS.items()}
# A board count in each column (4.1.2, lines 2060-2066): the column's first.
BAND_BOARDS = {band.name: band.first_board for band in BANDS}
# 4.1.4 (lines 2078-2094): the per-direction column is the two-winner pairs' (teams and
# four-winner individuals read it too).
BASIC_MOVEMENT = {
    printed_basic.PER_DIRECTION: "two-winner",
    printed_basic.SINGLE_WINNER: "single-winner",
}


def basic_row(tables: int, band: str) -> str:
    """The row label of a basic-scale cell: full tables and the boards column."""
    return f"{tables} tables, {band} boards"


def basic_places(factor: Fraction, movement: str, tables: int, band: str) -> list[int]:
    """The places as Scales A-F print them (4.1.5, lines 2098-2110): the rule's awards,
    raised to the minimum (3.5.1) and rounded up (3.4.1)."""
    exact = basic_awards(factor=factor, movement=movement, tables=tables, boards=BAND_BOARDS[band])
    floor = minimum_award(factor)
    return [round_up(max(award, floor)) for award in exact]


def _spans(
    lines: dict[tuple[str, int], int], key: str, span: tuple[int, int] | None, line: int
) -> None:
    if span is not None:
        for tables in range(span[0], span[1] + 1):
            lines[(key, tables)] = line


def _lines_a_to_e(letter: str) -> dict[tuple[str, int], int]:
    # The award of a blank cell is read from a row above it (4.1.5), but the cell's own
    # line is the one its table count is printed on.
    lines: dict[tuple[str, int], int] = {}
    for line, t12, t18, t36, _per_direction, _single in printed_basic.BASIC_FIRST[letter]:
        for band, span in (("12-17", t12), ("18-35", t18), ("36+", t36)):
            _spans(lines, band, span, line)
    for line, left, *_middle, right, _tw, _sw in printed_basic.BASIC_SECOND[letter]:
        lines[("36+", left)] = line
        lines[("36+", right)] = line
    return lines


def basic_cells() -> list[Cell]:
    """Scales A-E (lines 4709-5808) and F (5809-5957), and Scale X (7161-7285), each
    winning award read across as 4.1.5 says (lines 2098-2106), against the rule's.
    Columns: the movement for A-E, the status letter for F, "movement letter" for X."""
    cells = []
    for letter in printed_basic.LETTERS:
        factor = BASIC_FACTOR[letter]
        lines = _lines_a_to_e(letter)
        for (band, family, tables), award in printed_basic.printed_tops(letter).items():
            movement = BASIC_MOVEMENT[family]
            generated = basic_places(factor, movement, tables, band)[0]
            row = basic_row(tables, band)
            cells.append(_cell(letter, movement, row, award, generated, lines[(band, tables)]))
    f_lines: dict[tuple[str, int], int] = {}
    for line, t12, t18, t36, _awards in printed_basic.SCALE_F:
        for band, count in (("12-17", t12), ("18-35", t18), ("36+", t36)):
            if count is not None:
                f_lines[(band, count)] = line
    for (band, letter, tables), award in printed_basic.printed_tops_f().items():
        generated = basic_places(BASIC_FACTOR[letter], "individual", tables, band)[0]
        row = basic_row(tables, band)
        cells.append(_cell("F", letter, row, award, generated, f_lines[(band, tables)]))
    # Scale X is Scales A-E's 18-35 column "repeated for convenience" (line 7161).
    x_lines: dict[tuple[str, int], int] = {}
    for family, rows in (
        (printed_basic.PER_DIRECTION, printed_basic.SCALE_X_PER_DIRECTION),
        (printed_basic.SINGLE_WINNER, printed_basic.SCALE_X_SINGLE_WINNER),
    ):
        for line, span, _awards in rows:
            _spans(x_lines, family, span, line)
    for (family, letter, tables), award in printed_basic.printed_tops_x().items():
        movement = BASIC_MOVEMENT[family]
        generated = basic_places(BASIC_FACTOR[letter], movement, tables, "18-35")[0]
        row = basic_row(tables, "18-35")
        line = x_lines[(family, tables)]
        cells.append(_cell("X", f"{movement} {letter}", row, award, generated, line))
    return cells


# --- Scales QA-QE ------------------------------------------------------------------------


def quali_rule(letter_factor: Fraction, column: str, tables: int) -> int:
    """A quali-final cell by the scales' rule (Appendix QA, lines 6156-6218; 4.2.3,
    lines 2213-2225): the column's Club step per award, one award per its tables, times
    the status factor, rounded up (3.4.1) and at least the minimum (3.5.1)."""
    per_award, step = QUALI_STEPS[column]
    rule = step * Fraction(tables, per_award) * letter_factor
    return max(round_up(rule), round_up(minimum_award(letter_factor)))


def quali_cells() -> list[Cell]:
    """Scales QA-QE (lines 6096-6812): every printed cell of the teams, single-winner
    pairs and individual columns, row = original full tables."""
    cells = []
    for factor, letter in QUALI_LETTERS:
        for column, printed in printed_quali.PRINTED[letter].items():
            for tables, award in printed.items():
                generated = quali_rule(factor, column, tables)
                line = printed_quali.line_of(letter, tables)
                cells.append(_cell(letter, column, str(tables), award, generated, line))
    return cells


# --- Scale QF and the 4.6.3 table --------------------------------------------------------

# Scale QF prints Club and District side by side (lines 6823-6829); the higher statuses
# are multiples of these two (lines 6920-6924), not printed.
QF_PRINTED = (("club", printed_qf.QF_CLUB), ("district", printed_qf.QF_DISTRICT))


def qf_rule(factor: Fraction, column: str, upper: int) -> Fraction:
    """A Scale QF cell by its notes (lines 6819-6829, 6942-6946): the winner's award
    grows evenly with the entry, read at the row's upper end, to the theoretical maximum
    (300 at Club, times the status factor) at 60 tables of teams or 50 of pairs or
    individuals."""
    return QF_CLUB_MAXIMUM * factor * upper / QF_FULL_AT[column]


def per_match_boards(row: str) -> int:
    """A board count of a 4.6.3 row ("1".."17", "18-35", "36+"): its first."""
    return int(row.split("-")[0].rstrip("+"))


def qf_cells() -> list[Cell]:
    """Scale QF (lines 6813-6946), columns "status column" (Club and District), rows by
    their upper end; and the 4.6.3 table (lines 2707-2774), a column per status, whose
    printed whole numbers are the rule rounded up (3.4.1)."""
    cells = []
    for status, printed in QF_PRINTED:
        factor = FACTOR[status]
        for column, rows in printed.items():
            for upper, award in rows.items():
                generated = qf_rule(factor, column, upper)
                line = printed_qf.qf_line_of(upper)
                cells.append(_cell("QF", f"{status} {column}", str(upper), award, generated, line))
    for index, (row, awards) in enumerate(printed_qf.PER_MATCH.items()):
        # One row every second line from line 2738 (the extraction's blank lines).
        line = 2738 + 2 * index
        boards = per_match_boards(row)
        for status, award in zip(printed_qf.PER_MATCH_STATUSES, awards, strict=True):
            exact = generated_per_match(factor=FACTOR[status], boards_per_match=boards)
            cells.append(_cell("4.6.3", status, row, award, round_up(exact), line))
    return cells


# --- Scales S and QS, and the table of example 4.12.4 ------------------------------------

# A board count in each of Scale S's table columns: 12-17, 18-35, 36+.
S_COLUMNS = (("short", "12-17", 12), ("regular", "18-35", 24), ("long", "36+", 40))


def stratified_cells() -> list[Cell]:
    """Scales S (lines 6947-7063) and QS (7064-7160) at Club, columns "movement category"
    (the unstratified column "U" included), and the table under example 4.12.4 (lines
    3790-3811), Scale S at 18-35 boards, single-winner pairs, categories A-C. Each
    printed figure is the winner's exact award, compared unrounded."""
    cells = []
    for movement, s_rows in (
        ("single-winner", printed_strat.PRINTED_S_SINGLE),
        ("teams", printed_strat.PRINTED_S_TEAMS),
    ):
        for s_row in s_rows:
            for attribute, band, boards in S_COLUMNS:
                span = getattr(s_row, attribute)
                if span is None:
                    continue
                for tables in range(span[0], span[1] + 1):
                    row = basic_row(tables, band)
                    for category, award in zip(printed_strat.COLUMNS, s_row.top, strict=True):
                        top = scale_s(
                            category=category, movement=movement, tables=tables, boards=boards
                        )[0]
                        column = f"{movement} {category}"
                        cells.append(_cell("S", column, row, award, top, s_row.line))
    for movement, qs_rows in (
        ("single-winner", printed_strat.PRINTED_QS_SINGLE),
        ("teams", printed_strat.PRINTED_QS_TEAMS),
    ):
        for qs_row in qs_rows:
            for tables in range(qs_row.tables[0], qs_row.tables[1] + 1):
                for category, award in zip(printed_strat.COLUMNS, qs_row.top, strict=True):
                    top = scale_qs(category=category, movement=movement, tables=tables)[0]
                    column = f"{movement} {category}"
                    cells.append(_cell("QS", column, f"{tables} tables", award, top, qs_row.line))
    for qs_row in printed_strat.PRINTED_EXAMPLE_4124:
        for tables in range(qs_row.tables[0], qs_row.tables[1] + 1):
            for category, award in zip("ABC", qs_row.top, strict=True):
                top = scale_s(
                    category=category, movement="single-winner", tables=tables, boards=24
                )[0]
                cells.append(_cell("4.12.4", category, f"{tables} tables", award, top, qs_row.line))
    return cells


# --- Scale G and the 6.4.8 list ----------------------------------------------------------

# Scale G's last row is "151+" (line 6092); it is read well past the 160-pair cap of
# 6.3.1(e) (lines 4168-4170) so that the cap itself is compared too.
G_LAST_ENTRY = 240


def green_cells() -> list[Cell]:
    """Scale G (lines 5958-6095), row = total original entry in pairs from 6, column =
    place; a place one side pays and the other does not counts as 0 there. And the
    6.4.8 list (lines 4542-4554), row = boards per round, columns win and draw."""
    cells = []
    for entries in range(printed_green.PRINTED_G[0].low, G_LAST_ENTRY + 1):
        printed = printed_green.printed_awards(entries)
        generated = scale_g_generated(entries)
        printed_row = printed_green.printed_row(entries)
        line = printed_row.line if printed_row is not None else None
        for place in range(max(len(printed), len(generated))):
            cells.append(
                _cell(
                    "G",
                    f"place {place + 1}",
                    f"{entries} pairs",
                    printed[place] if place < len(printed) else 0,
                    generated[place] if place < len(generated) else 0,
                    line,
                )
            )
    for boards, (win, draw, line) in PRINTED_PER_MATCH.items():
        rule_win, rule_draw = per_match_generated(boards)
        cells.append(_cell("6.4.8", "win", f"{boards} boards", win, rule_win, line))
        cells.append(_cell("6.4.8", "draw", f"{boards} boards", draw, rule_draw, line))
    return cells


# --- all of them -------------------------------------------------------------------------

# Each family of scales, the function that compares it, and the scales it covers.
FAMILIES: dict[str, tuple[Callable[[], list[Cell]], tuple[str, ...]]] = {
    "basic": (basic_cells, ("A", "B", "C", "D", "E", "F", "X")),
    "quali": (quali_cells, ("QA", "QB", "QC", "QD", "QE")),
    "qf": (qf_cells, ("QF", "4.6.3")),
    "stratified": (stratified_cells, ("S", "QS", "4.12.4")),
    "green": (green_cells, ("G", "6.4.8")),
}


def compare_all() -> tuple[list[Cell], list[Cell]]:
    """Every printed cell of every scale above, generated afresh from its rule and
    compared: (all the cells, the departing ones)."""
    cells = [cell for compare, _scales in FAMILIES.values() for cell in compare()]
    return cells, departing(cells)
