"""The places in a DM pairs final (seed 003, "Platser i DM-final", lines 215-270).

    manage.py dm_final_places --qualified 106 --json
    manage.py dm_final_places --heats 18,30,22,36 --final-size 32 \\
        [--next-percent 52.1,54.3,51.0,49.8] --json

The first form gives the final's size for the pairs that played the heats; the second
the places of each heat, in the order given, by T1, T2 and T3. ``--next-percent`` gives,
per heat, the percentage of its first pair not placed by T1, which T3 reads. With
``--json`` one JSON object, ``{"final_size": F}`` or ``{"places": [...]}``.
"""

import json
import re
from decimal import Decimal

from django.core.management.base import BaseCommand, CommandError

from tournaments.championships.domain.final_places import (
    PlacesInputError,
    allocate,
    final_size_reason,
)

WHOLE = re.compile(r"\d+")
DECIMAL = re.compile(r"\d+(\.\d+)?")


def _whole(text: str, option: str) -> int:
    text = text.strip()
    if not WHOLE.fullmatch(text) or int(text) < 1:
        raise CommandError(f"{option}: {text!r} is not a positive whole number.")
    return int(text)


def _items(text: str, option: str) -> list[str]:
    items = [item.strip() for item in text.split(",")]
    if not all(items):
        raise CommandError(f"{option}: give the values separated by commas, as 18,30,22.")
    return items


class Command(BaseCommand):
    help = __doc__

    def add_arguments(self, parser):
        parser.add_argument("--qualified", help="the pairs that played the heats")
        parser.add_argument("--heats", help="the qualifying pairs of each heat: 18,30,22,36")
        parser.add_argument("--final-size", help="the places in the final, F")
        parser.add_argument(
            "--next-percent",
            help="per heat, the percentage of its first pair not placed by T1: 52.1,54.3",
        )
        parser.add_argument("--json", action="store_true", help="print one JSON object")

    def handle(self, *args, **options):
        qualified, heats = options["qualified"], options["heats"]
        if qualified is not None and heats is not None:
            raise CommandError("--qualified, --heats: give one of them, not both.")
        if qualified is None and heats is None:
            raise CommandError(
                "--qualified, --heats: give --qualified N, or --heats with --final-size."
            )
        if qualified is not None:
            for option in ("final_size", "next_percent"):
                if options[option] is not None:
                    name = "--" + option.replace("_", "-")
                    raise CommandError(f"{name}: goes with --heats, not with --qualified.")
            self._final_size(_whole(qualified, "--qualified"), options["json"])
        else:
            self._places(heats, options["final_size"], options["next_percent"], options["json"])

    def _final_size(self, qualified: int, as_json: bool) -> None:
        size = final_size_reason(qualified)
        if as_json:
            self.stdout.write(json.dumps({"final_size": size.size}))
            return
        self.stdout.write(f"Final size ({size.reason.lines}): {size.size} pairs.")
        self.stdout.write(size.reason.en)

    def _places(
        self, heats_text: str, size_text: str | None, percent_text: str | None, as_json: bool
    ) -> None:
        heats = [_whole(item, "--heats") for item in _items(heats_text, "--heats")]
        if size_text is None:
            raise CommandError("--final-size: required with --heats.")
        size = _whole(size_text, "--final-size")
        percents = None
        if percent_text is not None:
            items = _items(percent_text, "--next-percent")
            if len(items) != len(heats):
                raise CommandError(
                    f"--next-percent: give one percentage per heat: {len(heats)} heats, "
                    f"{len(items)} percentages."
                )
            percents = []
            for item in items:
                if not DECIMAL.fullmatch(item) or not 0 < Decimal(item) <= 100:
                    raise CommandError(
                        f"--next-percent: {item!r} is not a percentage over 0, at most 100."
                    )
                percents.append(Decimal(item))
        try:
            allocation = allocate(heats, size, percents)
        except PlacesInputError as exc:
            raise CommandError(f"--{exc.field.replace('_', '-')}: {exc.message}") from exc
        if as_json:
            self.stdout.write(json.dumps({"places": list(allocation.places)}))
            return
        self.stdout.write(
            f"Places in the final (003 lines 238-270): {len(heats)} heats, "
            f"{allocation.starters} pairs, {size} places."
        )
        for heat in allocation.heats:
            self.stdout.write(
                f"Heat {heat.heat + 1} ({heat.pairs} pairs): "
                f"{heat.places} place{'' if heat.places == 1 else 's'}"
            )
            for reason in heat.reasons:
                self.stdout.write(f"  {reason.en} ({reason.lines})")
