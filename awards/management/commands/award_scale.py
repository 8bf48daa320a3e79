"""The award calculator: what each place of an event would get (clubs ask before it)."""

import json

from django.core.management.base import BaseCommand, CommandError

from awards.domain.core import Colour, OutOfRange, UnknownScale
from awards.rulebooks import rulebook
from awards.services import scale_rows


class Command(BaseCommand):
    help = __doc__

    def add_arguments(self, parser):
        parser.add_argument("--table", required=True, help="the table's name, e.g. D or A1")
        parser.add_argument("--pairs", "--entries", dest="entries", type=int, required=True)
        parser.add_argument("--boards", type=int)
        parser.add_argument("--met", type=int, help="opponents met, when not all met all")
        parser.add_argument("--level", choices=[c.value for c in Colour])
        parser.add_argument(
            "--variant",
            help='a stage, division or category: H1 "semifinal", E3 "2/3", G2 "veteran:final"',
        )
        parser.add_argument("--json", action="store_true", help="print one JSON object")

    def handle(self, *args, table, entries, boards, met, level, variant, json: bool, **options):
        try:
            rows = scale_rows(
                table, entries=entries, boards=boards, met=met, level=level, variant=variant
            )
        except UnknownScale as exc:
            raise CommandError(str(exc)) from exc
        except OutOfRange as exc:
            raise CommandError(exc.reason.en) from exc
        if json:
            payload = {"table": table, "rules": rulebook().version, "places": rows}
            self.stdout.write(_dumps(payload))
            return
        self.stdout.write(f"{rulebook().version}, table {table}, {entries} entries")
        for row in rows:
            self.stdout.write(
                f"{row['place']:>4}  {row['points']:>6} {row['unit']}  {row['reason']}"
            )


def _dumps(payload) -> str:
    return json.dumps(payload, ensure_ascii=False)
