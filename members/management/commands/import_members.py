from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from members.services import MemberImportError, import_members


class Command(BaseCommand):
    help = "Import members from the office's CSV: every row is saved, or none."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--season", type=int, help="Season start year (default: current)")

    def handle(self, *args, file, season, **options):
        path = Path(file)
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"{path}: cannot read the file ({exc.strerror})") from exc
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("cp1252", errors="strict")
        try:
            summary = import_members(text=text, season=season, filename=path.name)
        except MemberImportError as exc:
            for error in exc.errors:
                self.stderr.write(f"{path.name}: {error}")
            raise CommandError(f"{path.name}: {error_summary(exc)}; nothing was saved.") from exc
        self.stdout.write(
            self.style.SUCCESS(
                f"{path.name}: {summary.created} new members, {summary.updated} updated, "
                f"{summary.memberships} memberships for season {summary.season}."
            )
        )


def error_summary(exc: MemberImportError) -> str:
    first = exc.errors[0]
    more = len(exc.errors) - 1
    return str(first) + (f" (and {more} more)" if more else "")
