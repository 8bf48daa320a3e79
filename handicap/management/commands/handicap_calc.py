"""What one result would do to a handicap: the owner's handicap, the expected result
and each player's change (the formula of handicap.domain, as the handicap step uses it).

    manage.py handicap_calc --scoring topscore --kind pairs --boards 24 \\
        --owner 26,26 --field 16 --result 57.5

Topscore results are percentages, IMP results IMPs per board.
"""

import json

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from handicap.calc import (
    KINDS,
    SCORINGS,
    CalcInputError,
    calculate,
    parse_handicaps,
    parse_number,
    parse_whole_number,
)
from handicap.domain import TOPSCORE, for_display

OWNER = {"individual": "Player", "pairs": "Pair", "teams": "Team"}


class Command(BaseCommand):
    help = __doc__

    def add_arguments(self, parser):
        parser.add_argument("--scoring", required=True, choices=SCORINGS)
        parser.add_argument("--kind", required=True, choices=list(KINDS))
        parser.add_argument("--boards", required=True, help="the event's boards, B_N")
        parser.add_argument("--played", help="the player's boards, G_N (default: all)")
        parser.add_argument(
            "--owner",
            required=True,
            help="the handicaps of the player, the pair or the team's four: 26,18.5",
        )
        parser.add_argument(
            "--field",
            required=True,
            help="the rest of the field's average handicap (teams: the opponents' team)",
        )
        parser.add_argument(
            "--result", required=True, help="percent (topscore) or IMPs per board (imp)"
        )
        parser.add_argument("--json", action="store_true", help="print one JSON object")

    def handle(self, *args, **options):
        with translation.override("en"):
            try:
                calc = calculate(
                    scoring=options["scoring"],
                    kind=options["kind"],
                    boards=parse_whole_number(options["boards"], "boards"),
                    played=parse_whole_number(options["played"], "played"),
                    owner=parse_handicaps(options["owner"], "owner"),
                    field=parse_number(options["field"], "field"),
                    result=parse_number(options["result"], "result"),
                )
            except CalcInputError as exc:
                raise CommandError(f"--{exc.field}: {exc.message}") from exc
        owner = for_display(calc.owner_handicap, 2)
        expected = for_display(calc.expected, 2)
        delta = for_display(calc.change, 3)
        if options["json"]:
            payload = {
                "owner_handicap": float(owner),
                "expected": float(expected),
                "change": float(delta),
            }
            self.stdout.write(json.dumps(payload))
            return
        unit = " %" if calc.scoring == TOPSCORE else " IMPs per board"
        self.stdout.write(f"{calc.policy_version}, {calc.kind}, {calc.scoring}")
        self.stdout.write(f"{OWNER[calc.kind]} handicap: {owner}")
        self.stdout.write(f"Field handicap: {for_display(calc.field, 2)}")
        self.stdout.write(f"Expected result: {expected}{unit}")
        self.stdout.write(f"Achieved result: {for_display(calc.result, 2)}{unit}")
        self.stdout.write(f"Change per player: {delta:+} ({calc.played} of {calc.boards} boards)")
        for n, (old, new) in enumerate(zip(calc.players, calc.new, strict=True), start=1):
            self.stdout.write(f"Player {n}: {for_display(old)} -> {for_display(new)}")
