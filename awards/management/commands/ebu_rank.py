"""An EBU master points rank from a holding: local, blue and green points (2.6)."""

import json
import re
from decimal import Decimal

from django.core.management.base import BaseCommand, CommandError

from awards.domain.ebu.core import EbuInputError
from awards.domain.ebu.ranks import rank_for

_POINTS = re.compile(r"\d+(\.\d{1,2})?")


def _points(option: str, text: str) -> Decimal:
    if not _POINTS.fullmatch(text.strip()):
        raise CommandError(f"--{option}: {text!r} is not points to two decimals, 0 or more")
    return Decimal(text.strip())


def _local(text: str) -> int:
    if not re.fullmatch(r"\d+", text.strip()):
        raise CommandError(f"--local: {text!r} is not a whole number of points, 0 or more")
    return int(text)


class Command(BaseCommand):
    help = __doc__
    # No database and no checks: a rank is arithmetic on the holding given.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser):
        parser.add_argument("--local", required=True, help="local points, whole")
        parser.add_argument("--blue", required=True, help="blue points, e.g. 2.75")
        parser.add_argument("--green", required=True, help="green points, e.g. 7.25")
        parser.add_argument("--gold", default="0", help="gold points (do not count, 2.5.2)")
        parser.add_argument("--json", action="store_true", help="print one JSON object")

    def handle(self, *args, local, blue, green, gold, json: bool, **options):
        try:
            rank = rank_for(
                local=_local(str(local)),
                blue=_points("blue", str(blue)),
                green=_points("green", str(green)),
                gold=_points("gold", str(gold)),
            )
        except EbuInputError as exc:
            raise CommandError(str(exc)) from exc
        payload = {"rank": rank.name, "title": rank.title, "stars": rank.stars, "total": rank.total}
        if json:
            self.stdout.write(_dumps(payload))
            return
        self.stdout.write(f"{rank.name or 'no rank'} ({rank.total} master points)")


def _dumps(payload: dict) -> str:
    return json.dumps(payload, ensure_ascii=False)
