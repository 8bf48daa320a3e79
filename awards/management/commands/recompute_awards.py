"""Recompute the awards of every tournament (or those in --from/--to), then all
holdings, master classes, promotions and ranking points, in one transaction.

With --rulebook-version V: the awards by rulebook version V compared with the ledger,
listed (member, tournament, colour, old -> new points, class or rank changes); without
--dry-run only those changes are written, in one transaction (awards.versions)."""

import os
import time
from datetime import date

from django.core.management.base import BaseCommand, CommandError

from awards.domain.core import UNIT, Colour
from awards.rulebooks import UnknownVersion, rulebook, rulebook_version
from awards.season import recompute_season
from awards.versions import VersionDiff, apply_version, names, version_diff
from members.federation import current


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--from", dest="start", type=date.fromisoformat, metavar="YYYY-MM-DD")
        parser.add_argument("--to", dest="end", type=date.fromisoformat, metavar="YYYY-MM-DD")
        parser.add_argument(
            "--workers",
            type=int,
            default=min(2, os.cpu_count() or 1),
            help="processes that read and award (PostgreSQL only; default: up to 2)",
        )
        parser.add_argument(
            "--rulebook-version",
            dest="version",
            metavar="V",
            help="award by this rulebook version and change only what it changes",
        )
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="with --rulebook-version: list what would change, write nothing",
        )

    def handle(self, *args, start, end, workers, version, dry_run, **options):
        if start and end and start > end:
            raise CommandError(f"--from {start} is after --to {end}")
        if version is not None:
            self._by_version(version, start=start, end=end, workers=workers, dry_run=dry_run)
            return
        if dry_run:
            raise CommandError("--dry-run lists the changes of a --rulebook-version")
        started = time.perf_counter()
        report = recompute_season(
            start=start,
            end=end,
            workers=workers,
            progress=lambda text: self.stdout.write(f"  {text}"),
        )
        self.stdout.write(
            f"{report.tournaments} tournaments ({report.without_awards} without awards); "
            f"ledger rows: {report.written} written, {report.deleted} deleted, "
            f"{report.unchanged} unchanged"
        )
        for phase, seconds in report.seconds.items():
            self.stdout.write(f"  {phase}: {seconds:.1f} s")
        self.stdout.write(
            f"  total (wall clock, commit included): {time.perf_counter() - started:.1f} s"
        )

    def _by_version(self, name, *, start, end, workers, dry_run):
        try:
            book = rulebook_version(name)
        except UnknownVersion as error:
            raise CommandError(str(error)) from error
        if book.code != rulebook().code:
            raise CommandError(
                f"rulebook version {name!r} is the {book.code.upper()}'s; this database "
                f"awards by the {rulebook().code.upper()}'s rules"
            )
        if dry_run:
            diff = version_diff(book, start=start, end=end, workers=workers)
        else:
            try:
                diff = apply_version(book, start=start, end=end)
            except RuntimeError as error:  # rolled back
                raise CommandError(str(error)) from error
        self._report(diff, written=not dry_run)

    def _report(self, diff: VersionDiff, *, written: bool) -> None:
        members, tournaments = names(diff)
        verb = "changed" if written else "would change"
        # The SBF's master classes (chapter 3), the EBU's ranks (2.6).
        held = "rank" if current().runs_licences else "class"
        self.stdout.write(
            f"rulebook version {diff.version!r}: {diff.tournaments} tournaments; "
            f"{len(diff.awards)} awards {verb} ({len(diff.members)} members, "
            f"{len(diff.tournament_ids)} tournaments), {len(diff.classes)} "
            f"{'ranks' if held == 'rank' else 'master classes'} {verb}; {diff.seconds:.1f} s"
        )
        for change in diff.awards:
            mid, name = members[change.member_id]
            title, day = tournaments[change.tournament_id]
            unit = UNIT[Colour(change.colour)]
            self.stdout.write(
                f"  {mid} {name} | {day} {title} (#{change.tournament_id}) | {change.colour}: "
                f"{_points(change.old)} -> {_points(change.new)} {unit}"
                + (f" (was {change.old_version})" if change.old_version else "")
            )
        for moved in diff.classes:
            mid, name = members[moved.member_id]
            self.stdout.write(
                f"  {mid} {name}: {held} {moved.old or '-'} ({moved.old_rank}) -> "
                f"{moved.new or '-'} ({moved.new_rank})"
            )
        if not written:
            self.stdout.write("dry run: nothing written")


def _points(value) -> str:
    return "-" if value is None else f"{value.normalize():f}"
