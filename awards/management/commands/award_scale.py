"""The award calculator: what each place of an event would get (clubs ask before it).

``--rulebook sbf`` (the SBF's tables, ``--table``) or ``--rulebook ebu`` (the EBU
Handbook's scales, chosen from the event's options: ../shared/interfaces/ebu-calculator.md);
by default the rulebook of the federation this database serves."""

import json

from django.core.management.base import BaseCommand, CommandError

from awards.domain.core import SBF_COLOURS, OutOfRange, UnknownScale
from awards.domain.ebu.calculator import calculate, options_from
from awards.domain.ebu.core import EbuInputError, EbuResult
from awards.domain.ebu.rulebook import EBU
from awards.domain.sbf.options import DM_FINALS
from awards.rulebooks import rulebook
from awards.services import scale_rows
from members.federation import current

# The EBU options of the interface (section 1), as the command names them; each is read
# as text and checked by the EBU calculator, which names the option it refuses.
EBU_VALUES = (
    ("--status", "club, district, county, regional or national (3.2); default club"),
    ("--movement", "teams, two-winner, single-winner, individual, four-winner (ladder: pairs)"),
    ("--tables", "full tables (teams: teams, 3.3.3); halves ignored (4.1.3)"),
    ("--colour", "local (default) or blue (5.4.1)"),
    ("--stage", "qualifying, final, subsequent, consolation or third-final (4.2, 4.3)"),
    ("--original-tables", "full tables of the first qualifying stage (4.2.3)"),
    ("--premier-tables", "full tables of the finals above a consolation (4.3.3, 4.3.7)"),
    ("--qualifying-stages", "qualifying stages before the final (4.2.6); default 1"),
    ("--boards-per-match", "boards a match, when a match won earns an award (4.5-4.7)"),
    ("--won", "matches won by one competitor, draws as ½ (4.6.3)"),
    ("--divisions", "divisions or sections of differing status (4.8, 4.9)"),
    ("--division", "the division or section, 1 = the top (4.8, 4.9)"),
    ("--strat", "stratified category A, B, C or D (4.12)"),
    ("--knockout", "single-teams, double-teams or single-pairs (4.7)"),
    ("--round", "knock-out round: prelim, 1..8; county teams KO: 65+ ... final"),
    ("--remaining", "knock-out: competitors left (4.7.9); green: pairs in the final"),
    ("--games", "ladder: games in the series (4.11)"),
    ("--event", "a green-point event of chapter 6"),
)
EBU_FLAGS = (
    ("--major", "a major championship: status +1 level (4.2.1)"),
    ("--consolation", "a consolation knock-out: half awards (4.7.10)"),
    ("--bye", "double elimination: a bye for an undefeated team (4.7.8)"),
    ("--ladder", "a ladder (4.11)"),
    ("--final", "ladder: the awards of the series' final ranking list (4.11)"),
)
SBF_ONLY = ("table", "met", "level", "variant", "dm_final")


class Command(BaseCommand):
    help = __doc__

    def add_arguments(self, parser):
        parser.add_argument(
            "--rulebook",
            choices=["sbf", "ebu"],
            help="the federation's rulebook; default: the one this database serves",
        )
        parser.add_argument("--table", help="SBF: the table's name, e.g. D or A1")
        parser.add_argument(
            "--pairs",
            "--entries",
            dest="entries",
            type=int,
            help="SBF: pairs, teams or players; EBU: a knock-out's or green event's entry",
        )
        parser.add_argument("--boards", type=int)
        parser.add_argument("--met", type=int, help="SBF: opponents met, when not all met all")
        parser.add_argument("--level", choices=[c.value for c in SBF_COLOURS])
        parser.add_argument(
            "--variant",
            help='SBF: a stage, division or category: H1 "semifinal", E3 "2/3", G2 "veteran:final"',
        )
        parser.add_argument(
            "--dm-final",
            choices=DM_FINALS,
            help="SBF: a district championship final's bonus (000 lines 1736-1771)",
        )
        for name, text in EBU_VALUES:
            parser.add_argument(name, help=f"EBU: {text}")
        parser.add_argument(
            "--tie", action="append", metavar="PLACE:COUNT", help="EBU: COUNT tie from PLACE (3.5)"
        )
        for name, text in EBU_FLAGS:
            parser.add_argument(name, action="store_true", help=f"EBU: {text}")
        parser.add_argument("--json", action="store_true", help="print one JSON object")

    def handle(self, *args, **options):
        book = options["rulebook"] or current().rulebook
        if book == "ebu":
            self.ebu(options)
        else:
            self.sbf(options)

    def sbf(self, options):
        table, entries, json_out = options["table"], options["entries"], options["json"]
        if table is None:
            raise CommandError("--table: the SBF calculator needs a table (e.g. D or A1)")
        if entries is None:
            raise CommandError("--pairs: the SBF calculator needs the number of entries")
        ebu_given = [
            name
            for name, _ in (*EBU_VALUES, *EBU_FLAGS, ("--tie", ""))
            if options[name.lstrip("-").replace("-", "_")] not in (None, False)
        ]
        if ebu_given:
            raise CommandError(f"{ebu_given[0]}: an EBU option; add --rulebook ebu")
        try:
            rows = scale_rows(
                table,
                entries=entries,
                boards=options["boards"],
                met=options["met"],
                level=options["level"],
                variant=options["variant"],
                dm_final=options["dm_final"],
            )
        except UnknownScale as exc:
            raise CommandError(str(exc)) from exc
        except OutOfRange as exc:
            raise CommandError(exc.reason.en) from exc
        if json_out:
            payload = {"table": table, "rules": rulebook().version, "places": rows}
            self.stdout.write(_dumps(payload))
            return
        self.stdout.write(f"{rulebook().version}, table {table}, {entries} entries")
        for row in rows:
            self.stdout.write(
                f"{row['place']:>4}  {row['points']:>6} {row['unit']}  {row['reason']}"
            )

    def ebu(self, options):
        for name in SBF_ONLY:
            if options[name] is not None:
                option = name.replace("_", "-")
                raise CommandError(f"--{option}: an SBF option; the EBU scales are chosen by event")
        names = [n.lstrip("-") for n, _ in (*EBU_VALUES, *EBU_FLAGS)]
        values = {name: options[name.replace("-", "_")] for name in names}
        values.update(boards=options["boards"], entries=options["entries"], tie=options["tie"])
        try:
            result = calculate(options_from(values))
        except EbuInputError as exc:
            raise CommandError(str(exc)) from exc
        except OutOfRange as exc:
            raise CommandError(exc.reason.en) from exc
        if options["json"]:
            self.stdout.write(_dumps(result.as_json()))
            return
        self.stdout.write(readable(result))


def readable(result: EbuResult) -> str:
    """The result as a reader scans it: the scale and status, the places, the rules."""
    data = result.as_json()
    unit = {"local": "local points", "blue": "blue points", "green": "green points"}
    lines = [
        f"{EBU.version}: Scale {data['scale']}, {data['status']} status "
        f"(factor {data['factor']}), {unit.get(result.colour, result.colour)}, "
        f"{data['awards']} awards"
    ]
    for key, _value in result.extra:
        lines.append(f"  {key.replace('_', ' ')}: {data[key]}")
    for row in data["places"]:
        gold = f"  (gold {row['gold']})" if "gold" in row else ""
        lines.append(f"{row['place']:>4}  {row['points']:>8}{gold}")
    if result.why is not None:
        lines.append(f"No award: {result.why.en}")
    lines.extend(f"  - {rule.en}" for rule in result.rules)
    return "\n".join(lines)


def _dumps(payload) -> str:
    return json.dumps(payload, ensure_ascii=False)
