import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from members.models import Club
from tournaments import services
from tournaments.models import BoardResult, Entry


class Command(BaseCommand):
    help = "Report a tournament's results from a USEBIO, PBN or CSV file: all of it is saved, or nothing."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--organiser", required=True, type=int, help="the club's number")
        parser.add_argument("--format", choices=services.FORMATS)
        parser.add_argument("--json", action="store_true", help="print one JSON object")

    def handle(self, *args, file, organiser, format, json: bool, **options):
        path = Path(file)
        as_json = json
        try:
            data = path.read_bytes()
        except OSError as exc:
            return self._refuse(
                as_json, [{"where": str(path), "what": f"cannot read: {exc.strerror}"}]
            )
        club = Club.objects.filter(number=organiser).first()
        if club is None:
            return self._refuse(
                as_json, [{"where": "--organiser", "what": f"no club number {organiser}"}]
            )
        try:
            outcome = services.import_results(
                data=data, filename=path.name, organiser=club, fmt=format
            )
        except services.ReportRefused as refused:
            return self._refuse(as_json, [p.as_dict() for p in refused.problems])
        tournament = outcome.tournament
        payload = {
            "tournament": tournament.pk,
            "replaced": outcome.replaced,
            "entries": Entry.objects.filter(section__tournament=tournament).count(),
            "boards": tournament.boards,
            "board_results": BoardResult.objects.filter(section__tournament=tournament).count(),
            "standings": services.standings_payload(tournament),
            "warnings": [w.as_dict() for w in outcome.warnings],
        }
        if as_json:
            self.stdout.write(_dumps(payload))
        else:
            verb = "replaced" if outcome.replaced else "saved"
            self.stdout.write(
                self.style.SUCCESS(
                    f"{path.name}: tournament {tournament.pk} {verb}: {payload['entries']} entries, "
                    f"{payload['board_results']} board results."
                )
            )
            for warning in outcome.warnings:
                self.stdout.write(f"warning: {warning}")

    def _refuse(self, as_json: bool, errors: list[dict]):
        if as_json:
            self.stdout.write(_dumps({"errors": errors}))
        raise CommandError(
            "the report was refused; nothing was saved:\n"
            + "\n".join(f"  {e['where']}: {e['what']}" for e in errors)
        )


def _dumps(payload) -> str:
    return json.dumps(payload, ensure_ascii=False)
