"""The handicap check-up (002 6.1): the players over the scale, the impact against the
paper's, the findings; with --impact, --slope or --start-factor, the distribution the
whole history would give with those factors beside today's (nothing is written)."""

from django.core.management.base import BaseCommand, CommandError

from handicap import checkup
from handicap.domain.checkup import PAPER_POINTS
from handicap.policies import current_policy


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--impact", type=float, help="impact divisor (480 in SBF 2007)")
        parser.add_argument("--slope", type=float, help="expected %% per handicap unit (0.4)")
        parser.add_argument("--start-factor", type=float, help="C in 52 / (1 + C * mp) (0.01)")

    def handle(self, *args, impact, slope, start_factor, **options):
        policy = current_policy()
        report = checkup.report(policy)
        preview = None
        if (impact, slope, start_factor) != (None, None, None):
            factors = {
                "impact": policy.impact if impact is None else impact,
                "topscore_slope": policy.topscore_slope if slope is None else slope,
                "start_mp_factor": policy.start_mp_factor if start_factor is None else start_factor,
            }
            try:
                preview = checkup.preview(**factors)
            except ValueError as exc:  # the policy's own check of its numbers
                raise CommandError(str(exc)) from None
        write = self.stdout.write
        span, dist, measured = report.span, report.distribution, report.impact
        write(f"rules in force: {policy.version}")
        write(f"history: {span.first or '-'} to {span.last or '-'}, {span.years:.1f} years")
        write(f"players: {dist.players}" + (f", preview {preview.players}" if preview else ""))
        header = f"{'band':>8} {'players':>8} {'share':>7}"
        write(header + (f" {'preview':>8} {'share':>7}" if preview else ""))
        for i, band in enumerate(dist.bands):
            name = "below 0" if band.low is None else f"{band.low:g}-{band.high:g}"
            line = f"{name:>8} {band.count:>8} {band.share * 100:>6.1f}%"
            if preview:
                other = preview.bands[i]
                line += f" {other.count:>8} {other.share * 100:>6.1f}%"
            write(line)
        for label, found in (("now", dist), ("preview", preview)):
            if found is not None and found.players:
                write(
                    f"{label}: mean {found.mean:.2f}, median {found.median:.2f}, "
                    f"at the ceiling {found.at_ceiling} ({found.ceiling_share * 100:.1f}%)"
                )
        ten = PAPER_POINTS
        shown = "-" if measured.measured is None else f"{measured.measured * ten:+.3f}"
        write(
            f"impact, 10% over expectation in 24 boards: measured {shown} "
            f"({measured.rows} topscore pairs rows), rules {measured.model * ten:+.3f}, "
            f"paper {measured.paper * ten:+.3f}"
        )
        for finding in report.findings:
            write(f"finding {finding.code} ({finding.lines}): {finding.en}")
        if not report.findings:
            write("no findings: the system works as planned")
