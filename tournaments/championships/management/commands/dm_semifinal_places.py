"""DM Lag: each heat's places in the district semifinals (seed 003 lines 571-582).

    manage.py dm_semifinal_places --heats 4,5,6,13 --places 20 [--json]

--heats: the teams of each heat; --places: the semifinal places (seed 003 line 602: 20
with 28 teams or more, 16 with 22-27). Heats with equal decimals for the last places are
separated by the team each would send next, per heat in the order given:
--next-vp-average 14.2,13.1,12,11.5 (its VP average, a bye's VPs taken out) and
--next-imp-quotient 1.21,1.05,0.98,1.1. With --json: {"places": [...per heat...]}.
"""

import json
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from django.core.management.base import BaseCommand, CommandError

from tournaments.championships.domain.semifinal_places import (
    MAX_VP,
    PlacesInputError,
    Reason,
    Record,
    SemifinalPlaces,
    heats_in_turn,
    semifinal_places,
    semifinal_plan,
)

OPTION = {"heats": "--heats", "places": "--places", "next_in_line": "--next-vp-average"}


def _whole_numbers(value: str, option: str) -> list[int]:
    try:
        numbers = [int(part.strip()) for part in value.split(",")]
    except ValueError:
        raise CommandError(
            f"{option}: give whole numbers separated by commas, e.g. 4,5,6,13"
        ) from None
    if any(n < 1 for n in numbers):
        raise CommandError(f"{option}: every number must be at least 1")
    return numbers


def _decimals(value: str, option: str, count: int) -> list[Decimal]:
    try:
        numbers = [Decimal(part.strip()) for part in value.split(",")]
    except InvalidOperation:
        raise CommandError(f"{option}: give numbers separated by commas, e.g. 14.2,13.1") from None
    if any(not n.is_finite() or n < 0 for n in numbers):
        raise CommandError(f"{option}: every number must be 0 or more")
    if len(numbers) != count:
        raise CommandError(f"{option}: {len(numbers)} numbers for {count} heats; give one a heat")
    return numbers


def _records(options: dict, heats: int) -> list[Record] | None:
    averages, quotients = options["next_vp_average"], options["next_imp_quotient"]
    if averages is None and quotients is None:
        return None
    if averages is None:
        raise CommandError("--next-vp-average: give it with --next-imp-quotient")
    if quotients is None:
        raise CommandError("--next-imp-quotient: give it with --next-vp-average")
    vps = _decimals(averages, "--next-vp-average", heats)
    if any(vp > MAX_VP for vp in vps):
        raise CommandError(f"--next-vp-average: a VP average is at most {MAX_VP}")
    imps = _decimals(quotients, "--next-imp-quotient", heats)
    return [Record(Fraction(vp), Fraction(q)) for vp, q in zip(vps, imps, strict=True)]


def _refuse_contest(result: SemifinalPlaces) -> None:
    contest = result.contest
    if contest is None:
        return
    heats = " and ".join(", ".join(str(h) for h in contest.heats).rsplit(", ", 1))
    if contest.kind == "minimum":
        raise CommandError(
            f"--places: heats {heats} have equal decimals and {contest.places} of them must "
            "give a whole-number place up to the other heats' minimum of one; ÖMBF TK draws "
            "lots (seed 003 line 573)"
        )
    if not contest.records_given:
        raise CommandError(
            f"--next-vp-average: heats {heats} have equal decimals for the last "
            f"{contest.places} place(s); give, per heat, the VP average and the IMP quotient "
            "(--next-imp-quotient) of its next team (seed 003 lines 575-582)"
        )
    raise CommandError(
        f"--next-imp-quotient: the next teams of heats {heats} are equal on VP average and "
        f"IMP quotient for the last {contest.places} place(s); ÖMBF TK draws lots "
        "(seed 003 lines 575-582)"
    )


def _counted(reasons: tuple[Reason, ...]) -> list[tuple[str, int]]:
    """The English reasons with how many places each gave, in order."""
    counted: list[tuple[str, int]] = []
    for reason in reasons:
        if counted and counted[-1][0] == reason.en:
            counted[-1] = (reason.en, counted[-1][1] + 1)
        else:
            counted.append((reason.en, 1))
    return counted


class Command(BaseCommand):
    help = __doc__

    def add_arguments(self, parser):
        parser.add_argument("--heats", required=True, help="teams per heat: 4,5,6,13")
        parser.add_argument("--places", required=True, help="the semifinal places: 20")
        parser.add_argument(
            "--next-vp-average",
            help="per heat, the VP average of its first team without a place (ties only)",
        )
        parser.add_argument(
            "--next-imp-quotient",
            help="per heat, the IMP quotient of its first team without a place (ties only)",
        )
        parser.add_argument("--json", action="store_true", help="print one JSON object")

    def handle(self, *args, **options):
        heats = _whole_numbers(options["heats"], "--heats")
        places = _whole_numbers(options["places"], "--places")
        if len(places) != 1:
            raise CommandError("--places: give one whole number")
        records = _records(options, len(heats))
        try:
            result = semifinal_places(heats, places[0], next_in_line=records)
        except PlacesInputError as exc:
            raise CommandError(f"{OPTION[exc.field]}: {exc.message}") from exc
        _refuse_contest(result)
        if options["json"]:
            self.stdout.write(json.dumps({"places": result.counts}))
            return
        self._write_text(result, records)

    def _write_text(self, result: SemifinalPlaces, records: list[Record] | None) -> None:
        write = self.stdout.write
        write(
            f"DM Lag semifinal places: {result.teams} teams in {len(result.heats)} heats, "
            f"{result.places} places (seed 003 lines 571-573)."
        )
        plan = semifinal_plan(result.teams)
        if plan is None:
            write(
                "Fewer than 22 teams: ÖMBF TK decides how, and whether, the semifinals "
                "are played (seed 003 line 602)."
            )
        else:
            write(
                f"With {result.teams} teams the district plays {plan.semifinals} semifinals "
                f"of {plan.teams_each} teams, {plan.places} places (seed 003 line 602)."
            )
        write(
            "Share of a heat = its teams / all teams x places: one place per whole number, "
            "at least one, the rest by decimals (seed 003 line 573)."
        )
        for heat in result.heats:
            share = Decimal(heat.share.numerator) / Decimal(heat.share.denominator)
            write(
                f"Heat {heat.heat}: {heat.teams} teams, share {heat.teams} x {result.places}"
                f" / {result.teams} = {share.quantize(Decimal('0.001'))}: "
                f"{heat.places} place{'s' if heat.places != 1 else ''}"
            )
            for reason, count in _counted(heat.reasons):
                write(f"  - {count} place{'s' if count != 1 else ''}: {reason}")
            for note in heat.notes:
                write(f"  ! {note.en}")
        by_heat = None if records is None else {n: r for n, r in enumerate(records, 1)}
        turn = heats_in_turn(result, next_in_line=by_heat)
        words = ", ".join(" = ".join(str(h) for h in group) for group in turn)
        write(
            f"Heats in turn for one more place after a team declines (seed 003 line 590): {words}."
        )
        if any(len(group) > 1 for group in turn):
            write(
                "Heats joined by = are equal: the VP average, then the IMP quotient, of the "
                "team each would send decides (seed 003 lines 575-582), then ÖMBF TK's lot."
            )
