"""Results through the API (docs/api.md, "Results and calendars"): reporting a results
file as the upload page does, following its processing, the tournaments and their
standings, and the calendar of sanctioned (SBF) or licensed (EBU) events, also as an
iCalendar feed.

Thin views over what the pages use: ``services.import_results`` and the page's form
(``ReportUploadForm``) for an upload, ``progress.pipeline_state`` for its processing,
``TournamentFilter`` and the results page's ``tournament_standings`` for the lists, and
the calendar pages' own selectors (``sanctions.services.calendar``,
``licences.services.public_list``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta

from django.core.exceptions import ValidationError as DjangoValidationError
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from icalendar import Calendar
from icalendar import Event as CalendarEvent
from rest_framework import exceptions, parsers, renderers, serializers, status
from rest_framework.generics import ListAPIView, RetrieveAPIView
from rest_framework.response import Response
from rest_framework.views import APIView

from members.api.audit import AuditedView
from members.api.errors import ERROR, ApiError, PayloadTooLarge, StrictSerializer
from members.api.pagination import Cursor
from members.api.permissions import HasScope, token_of
from members.domain.api_access import RESULTS_WRITE
from members.federation import current
from members.tokens import club_ids_of

from . import services
from .filters import TournamentFilter
from .forms import FORMAT_CHOICES, MAX_REPORT_BYTES, ReportUploadForm
from .models import Tournament
from .progress import STATE_FIELDS, pipeline_state, step_label
from .views import tournament_standings

# A multipart body carries the file and a few short fields: the file's limit and room
# for the form's boundaries and headers. Larger bodies are refused before they are read.
MULTIPART_OVERHEAD = 64 * 1024
# Ids and numbers in query strings: what the database's integer columns hold.
LARGEST_ID = 2**31 - 1


# --- the error shape, for the schema ---------------------------------------------------


def errors(*codes: int, media: str = "") -> dict:
    """The error responses of an operation (keyed by status and media type when the
    operation's own answer is not JSON)."""
    described = {
        400: "Bad input: the error names the field (and, for a refused file, where in it).",
        401: "No token, or one that is unknown, revoked or expired.",
        403: "The token lacks the scope, or may not act for that club.",
        404: "Nothing is found at this address.",
        406: "The answer cannot be given in the media type asked for.",
        413: "The body is larger than the upload's limit.",
        415: "The body is not a multipart form.",
        429: "Too many requests; Retry-After says when to try again.",
    }
    return {
        ((code, media) if media else code): OpenApiResponse(ERROR, description=described[code])
        for code in codes
    }


def form_errors(form) -> ApiError:
    """The page's form errors in the API's shape, first one first."""
    details = [
        {"code": error.code or "invalid", "message": str(message), "field": name, "location": None}
        for name, field_errors in form.errors.as_data().items()
        for error in field_errors
        for message in error.messages
    ]
    first = details[0]
    return ApiError(first["message"], code=first["code"], field=first["field"], details=details)


# --- reporting a results file ----------------------------------------------------------


class ReportParser(parsers.MultiPartParser):
    """A multipart form no larger than a results file may be (413 otherwise); a body
    that is not one is an error on the field ``file``."""

    def parse(self, stream, media_type=None, parser_context=None):
        request = (parser_context or {}).get("request")
        length = request.META.get("CONTENT_LENGTH") if request is not None else None
        if length and length.isdigit() and int(length) > MAX_REPORT_BYTES + MULTIPART_OVERHEAD:
            raise PayloadTooLarge()
        try:
            return super().parse(stream, media_type, parser_context)
        except exceptions.ParseError:
            raise ApiError(
                _(
                    "The body is not a valid multipart form; send the results file as the field “file”."
                ),
                code="malformed_body",
                field="file",
            ) from None


FORMATS = [value for value, _label in FORMAT_CHOICES]


class ReportUploadSerializer(StrictSerializer):
    file = serializers.FileField(
        help_text=f"The results file (USEBIO XML, PBN or CSV), at most {MAX_REPORT_BYTES} bytes"
    )
    club = serializers.IntegerField(
        min_value=1, max_value=LARGEST_ID, help_text="The organising club's id"
    )
    format = serializers.ChoiceField(
        choices=FORMATS,
        required=False,
        allow_blank=True,
        help_text="usebio, pbn or csv; empty or left out: guessed from the file",
    )


class ProblemSerializer(serializers.Serializer):
    location = serializers.CharField(
        help_text="Where in the file: its name, line or element, field"
    )
    message = serializers.CharField()


class ReportOutcomeSerializer(serializers.Serializer):
    tournament_id = serializers.IntegerField()
    report_version = serializers.IntegerField()
    replaced = serializers.BooleanField(help_text="An earlier report of the event was replaced")
    status_url = serializers.CharField()
    page_url = serializers.CharField()
    warnings = ProblemSerializer(many=True)


def clubs_of(request) -> set[int]:
    """The clubs the request's token acts for (HasScope has seen that there is one)."""
    token = token_of(request)
    return club_ids_of(token) if token is not None else set()


def problem_entry(problem) -> dict:
    shown = problem.translated(_)
    return {"location": str(shown["where"]), "message": str(shown["what"])}


class ReportUpload(AuditedView):
    """Report a results file for a club, as the upload page does."""

    permission_classes = [HasScope]
    required_scope = RESULTS_WRITE
    parser_classes = [ReportParser]
    audit_action = "report.upload"

    @extend_schema(
        operation_id="reports_create",
        tags=["reports"],
        request={"multipart/form-data": ReportUploadSerializer},
        responses={201: ReportOutcomeSerializer, **errors(400, 401, 403, 413, 415, 429)},
        description=(
            "The same checks, limits and pipeline as the upload page. A refused file is a "
            "400 `report_refused` with one entry in `details` a problem, each with its "
            "`location`; nothing is saved. A report of an event already reported replaces "
            "it (`replaced`, a new `report_version`). Scope `results:write`; a club token "
            "reports for its club, a program token for the clubs listed on it."
        ),
    )
    def post(self, request):
        try:
            data = request.data
        except exceptions.UnsupportedMediaType:
            raise ApiError(
                _("Send the results file as a multipart form (multipart/form-data), field “file”."),
                code="unsupported_media_type",
                status_code=status.HTTP_415_UNSUPPORTED_MEDIA_TYPE,
                field="file",
            ) from None
        asked = ReportUploadSerializer(data=data)
        asked.is_valid(raise_exception=True)
        club_ids = clubs_of(request)
        if asked.validated_data["club"] not in club_ids:
            raise ApiError(
                _("This token may not report for that club."),
                code="club_not_allowed",
                status_code=status.HTTP_403_FORBIDDEN,
                field="club",
            )
        # The page's form: the same file checks and club choice as the upload page.
        form = ReportUploadForm(
            {
                "club": asked.validated_data["club"],
                "format": asked.validated_data.get("format", ""),
            },
            {"file": asked.validated_data["file"]},
            office=False,
            club_ids=club_ids,
        )
        if not form.is_valid():
            raise form_errors(form)
        filename, content = form.cleaned_data["file"]
        try:
            outcome = services.import_results(
                data=content,
                filename=filename,
                organiser=form.cleaned_data["club"],
                fmt=form.cleaned_data["format"] or None,
            )
        except services.ReportRefused as refused:
            request.audit_detail = f"refused: {len(refused.problems)} problems"
            details = [
                {"code": "report_problem", "field": "file", **problem_entry(problem)}
                for problem in refused.problems
            ]
            raise ApiError(
                ngettext(
                    "The results file was refused (%(count)s problem); nothing was saved.",
                    "The results file was refused (%(count)s problems); nothing was saved.",
                    len(details),
                )
                % {"count": len(details)},
                code="report_refused",
                field="file",
                location=details[0]["location"] if details else None,
                details=details,
            ) from None
        tournament = outcome.tournament
        request.audit_object = tournament.pk
        request.audit_detail = f"version {tournament.report_version}"
        status_url = reverse("api:report-status", args=[tournament.pk])
        body = {
            "tournament_id": tournament.pk,
            "report_version": tournament.report_version,
            "replaced": outcome.replaced,
            "status_url": status_url,
            "page_url": tournament.get_absolute_url(),
            "warnings": [problem_entry(warning) for warning in outcome.warnings],
        }
        return Response(
            ReportOutcomeSerializer(body).data,
            status=status.HTTP_201_CREATED,
            headers={"Location": status_url},
        )


# --- a report's processing -------------------------------------------------------------


class StepSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    state = serializers.ChoiceField(choices=["done", "pending", "failed", "not_run"])


class FailureSerializer(serializers.Serializer):
    step = serializers.CharField()
    label = serializers.CharField()
    reason = serializers.CharField()


class ReportStatusSerializer(serializers.Serializer):
    tournament_id = serializers.IntegerField()
    report_version = serializers.IntegerField()
    status = serializers.CharField(help_text="queued, processing, done or failed")
    step = serializers.CharField(help_text="The last step done, or the one that failed")
    label = serializers.CharField()
    detail = serializers.CharField()
    reason = serializers.CharField()
    done = serializers.BooleanField(help_text="Nothing more will happen to this version")
    steps = StepSerializer(many=True)
    failures = FailureSerializer(many=True)
    page_url = serializers.CharField()


def step_states(tournament: Tournament, names: tuple[str, ...]) -> list[dict]:
    """Each step of the pipeline with where it stands, read from the last step done (or
    the one that failed) as ``pipeline_state`` reads it."""
    status_, at = tournament.pipeline_status, tournament.pipeline_step
    reached = names.index(at) if at in names else -1
    states = []
    for n, name in enumerate(names):
        if status_ == Tournament.Pipeline.DONE:
            state = "done"
        elif status_ == Tournament.Pipeline.FAILED:
            state = "done" if n < reached else "failed" if n == reached else "not_run"
        elif status_ == Tournament.Pipeline.PROCESSING:
            state = "done" if n <= reached else "pending"
        else:
            state = "pending"
        states.append({"name": name, "label": step_label(name), "state": state})
    return states


class ReportStatus(APIView):
    """A report's processing: its steps and, when one failed, why."""

    permission_classes = [HasScope]
    required_scope = RESULTS_WRITE
    # The federation's steps in order; config/api.py passes config.pipeline.step_names
    # (the apps do not import the wiring above them).
    step_names: Callable[[], tuple[str, ...]] = staticmethod(tuple)

    @extend_schema(
        operation_id="reports_status",
        tags=["reports"],
        responses={200: ReportStatusSerializer, **errors(401, 403, 404, 429)},
        description=(
            "Where the report's pipeline stands. Only for a token acting for the "
            "organising club; otherwise 404. Scope `results:write`."
        ),
    )
    def get(self, request, tournament_id: int):
        if tournament_id > LARGEST_ID:
            raise exceptions.NotFound()
        tournament = (
            Tournament.objects.only(*STATE_FIELDS, "report_version", "organiser_club_id")
            .filter(pk=tournament_id, organiser_club_id__in=clubs_of(request))
            .first()
        )
        if tournament is None:
            raise exceptions.NotFound()
        state = pipeline_state(tournament)
        failures = []
        if tournament.pipeline_status == Tournament.Pipeline.FAILED:
            step = tournament.pipeline_step
            failures.append({"step": step, "label": step_label(step), "reason": state["reason"]})
        body = {
            "tournament_id": tournament.pk,
            "report_version": tournament.report_version,
            **state,
            "steps": step_states(tournament, tuple(self.step_names())),
            "failures": failures,
            "page_url": tournament.get_absolute_url(),
        }
        return Response(ReportStatusSerializer(body).data)


# --- tournaments and their results -----------------------------------------------------


class TournamentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    organiser_club_id = serializers.IntegerField(allow_null=True)
    organiser_club = serializers.CharField(allow_null=True)
    organiser_district_id = serializers.IntegerField(allow_null=True)
    organiser_district = serializers.CharField(allow_null=True)
    level = serializers.ChoiceField(choices=Tournament.Level.values)
    kind = serializers.ChoiceField(choices=Tournament.Kind.values)
    scoring = serializers.CharField()
    entries = serializers.IntegerField()
    report_version = serializers.IntegerField()
    processing = serializers.ChoiceField(choices=Tournament.Pipeline.values)
    page_url = serializers.CharField()


def tournament_row(tournament: Tournament) -> dict:
    club, district = tournament.organiser_club, tournament.organiser_district
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "start_date": tournament.start_date,
        "end_date": tournament.end_date,
        "organiser_club_id": club.pk if club else None,
        "organiser_club": club.name if club else None,
        "organiser_district_id": district.pk if district else None,
        "organiser_district": district.name if district else None,
        "level": tournament.level,
        "kind": tournament.kind,
        "scoring": tournament.scoring,
        "entries": tournament.entries_count,
        "report_version": tournament.report_version,
        "processing": tournament.pipeline_status,
        "page_url": tournament.get_absolute_url(),
    }


class PlayerSerializer(serializers.Serializer):
    name = serializers.CharField()
    mid = serializers.IntegerField(allow_null=True, help_text="Null for a guest")


FIGURE = {"max_digits": 12, "decimal_places": 2, "allow_null": True}


class StandingSerializer(serializers.Serializer):
    place = serializers.CharField(help_text="As printed: “3=” for a shared place")
    entry = serializers.CharField(help_text="The pair's or team's number (and direction)")
    name = serializers.CharField(help_text="A team's name; often empty for a pair")
    players = PlayerSerializer(many=True)
    score = serializers.DecimalField(**FIGURE)
    percentage = serializers.DecimalField(**FIGURE)
    imps = serializers.DecimalField(**FIGURE, help_text="A team's IMPs won less lost")
    struck = serializers.CharField(help_text="Why the entry was struck from the results, or empty")


class FieldSerializer(serializers.Serializer):
    title = serializers.CharField(help_text="Section and direction; empty for one winner")
    standings = StandingSerializer(many=True)


class TournamentDetailSerializer(TournamentSerializer):
    boards = serializers.IntegerField()
    handicap_event = serializers.BooleanField()
    fields = FieldSerializer(many=True)


def standing_row(row: dict) -> dict:
    return {
        "place": row["place"],
        "entry": row["entry"],
        "name": row["name"],
        "players": [{"name": p["name"], "mid": p["mid"]} for p in row["players"]],
        "score": row["score"],
        "percentage": row["percentage"],
        "imps": row["imps"],
        "struck": row["struck"] or "",
    }


class DateCursor(Cursor):
    """A cursor over dates: one whose position is no date is an invalid cursor (404),
    as an undecodable one is, not an error of ours."""

    def paginate_queryset(self, queryset, request, view=None):
        try:
            return super().paginate_queryset(queryset, request, view)
        except (ValueError, OverflowError, DjangoValidationError):
            raise exceptions.NotFound(self.invalid_cursor_message) from None


class NewestFirst(DateCursor):
    ordering = ("-start_date", "-pk")  # type: ignore[assignment]


CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class TournamentList(ListAPIView):
    """Tournaments, newest first, filtered as the tournament list page filters them."""

    serializer_class = TournamentSerializer
    pagination_class = NewestFirst

    @extend_schema(
        operation_id="tournaments_list",
        tags=["tournaments"],
        parameters=[
            OpenApiParameter("club", str, description="The organising club's name or number"),
            OpenApiParameter(
                "district",
                OpenApiTypes.INT,
                description="A district's id: its own and its clubs' tournaments",
            ),
            OpenApiParameter("date_from", OpenApiTypes.DATE, description="Ending on or after"),
            OpenApiParameter("date_to", OpenApiTypes.DATE, description="Starting on or before"),
            OpenApiParameter("level", str, enum=Tournament.Level.values),
            OpenApiParameter("kind", str, enum=Tournament.Kind.values),
            OpenApiParameter("limit", OpenApiTypes.INT, description="Rows a page, at most 200"),
        ],
        responses={200: TournamentSerializer(many=True), **errors(400, 401, 404, 429)},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        params = self.request.query_params
        club = params.get("club", "")
        if CONTROL.search(club) or (
            club.strip().isdigit() and not re.fullmatch(r"\d{1,9}", club.strip())
        ):
            raise ApiError(_("Give a club's name or number."), code="invalid", field="club")
        district = params.get("district", "")
        if district and not (
            district.isdigit() and district.isascii() and int(district) <= LARGEST_ID
        ):
            raise ApiError(
                _("A district is given by its id, a whole number."),
                code="invalid",
                field="district",
            )
        listed = Tournament.objects.select_related("organiser_club", "organiser_district")
        asked = TournamentFilter(params, queryset=listed)
        if not asked.is_valid():
            raise form_errors(asked.form)
        return asked.qs

    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(
            TournamentSerializer([tournament_row(t) for t in page], many=True).data
        )


class TournamentDetail(RetrieveAPIView):
    """One tournament and its standings, as its results page gives them."""

    serializer_class = TournamentDetailSerializer

    @extend_schema(
        operation_id="tournaments_retrieve",
        tags=["tournaments"],
        responses={200: TournamentDetailSerializer, **errors(401, 404, 429)},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def retrieve(self, request, *args, **kwargs):
        if kwargs["pk"] > LARGEST_ID:
            raise exceptions.NotFound()
        tournament = (
            Tournament.objects.select_related("organiser_club", "organiser_district")
            .filter(pk=kwargs["pk"])
            .first()
        )
        if tournament is None:
            raise exceptions.NotFound()
        _sections, fields = tournament_standings(tournament)
        body = {
            **tournament_row(tournament),
            "boards": tournament.boards,
            "handicap_event": tournament.handicap_event,
            "fields": [
                {
                    "title": field["title"],
                    "standings": [standing_row(row) for row in (*field["rows"], *field["struck"])],
                }
                for field in fields
            ],
        }
        return Response(TournamentDetailSerializer(body).data)


# --- calendars -------------------------------------------------------------------------


class CalendarEventSerializer(serializers.Serializer):
    uid = serializers.CharField(help_text="Stable: the iCalendar feed's UID")
    kind = serializers.CharField(help_text="sanction (SBF) or licence (EBU)")
    id = serializers.IntegerField()
    name = serializers.CharField()
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    organiser = serializers.CharField()
    town = serializers.CharField()
    level = serializers.CharField(help_text="A sanction's medal level; a licence's status level")
    form_of_play = serializers.CharField(help_text="A sanction's; empty for a licence")
    url = serializers.CharField(
        help_text="The page to read: its results once reported, else the calendar"
    )


def calendar_events(request):
    """This federation's coming events, as its calendar page lists them: sanctioned
    events (SBF) with the page's filters, or licensed events (EBU)."""
    today = timezone.localdate()
    if current().runs_sanctions:
        from .sanctions import services as sanctions
        from .sanctions.filters import CalendarFilter

        events = sanctions.calendar(since=today)
        params = request.query_params
        if any(params.get(name) for name in CalendarFilter.base_filters):
            district = params.get("district", "")
            if district and not (
                district.isdigit() and district.isascii() and int(district) <= LARGEST_ID
            ):
                raise ApiError(
                    _("A district is given by its id, a whole number."),
                    code="invalid",
                    field="district",
                )
            asked = CalendarFilter(params, queryset=events)
            if not asked.is_valid():
                raise form_errors(asked.form)
            events = asked.qs
        return events
    if current().runs_licences:
        from .licences import services as licences

        return licences.public_list(since=today).select_related("organisation__club")
    return Tournament.objects.none()


def event_row(event, request) -> dict:
    """A sanction or a licence as the calendars show it: no contact, no person."""
    if current().runs_sanctions:
        club = event.club
        if event.tournament_id:
            page = reverse("tournaments:detail", args=[event.tournament_id])
        else:
            page = reverse("sanctions:calendar")
        return {
            "uid": f"sanction-{event.pk}@klover",
            "kind": "sanction",
            "id": event.pk,
            "name": event.name,
            "start_date": event.start_date,
            "end_date": event.end_date,
            "organiser": club.name if club else event.district.name,
            "town": club.town if club else "",
            "level": event.level,
            "form_of_play": event.form_of_play,
            "url": request.build_absolute_uri(page),
        }
    from .licences.tables import status_label

    organisation = event.organisation
    return {
        "uid": f"licence-{event.pk}@klover",
        "kind": "licence",
        "id": event.pk,
        "name": event.event_name,
        "start_date": event.start_date,
        "end_date": event.end_date,
        "organiser": organisation.name,
        "town": organisation.club.town if organisation.club else "",
        "level": status_label(event.status or event.proposed_status),
        "form_of_play": "",
        "url": request.build_absolute_uri(reverse("licences:events")),
    }


class EarliestFirst(DateCursor):
    ordering = ("start_date", "pk")  # type: ignore[assignment]


CALENDAR_PARAMETERS = [
    OpenApiParameter("level", str, enum=["silver", "gold"], description="SBF: the medal level"),
    OpenApiParameter("district", OpenApiTypes.INT, description="SBF: a district's id"),
]


class CalendarList(ListAPIView):
    """The coming sanctioned (SBF) or licensed (EBU) events, earliest first."""

    serializer_class = CalendarEventSerializer
    pagination_class = EarliestFirst

    @extend_schema(
        operation_id="calendar_list",
        tags=["calendar"],
        parameters=[
            *CALENDAR_PARAMETERS,
            OpenApiParameter("limit", OpenApiTypes.INT, description="Rows a page, at most 200"),
        ],
        responses={200: CalendarEventSerializer(many=True), **errors(400, 401, 404, 429)},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        return calendar_events(self.request)

    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.get_queryset())
        rows = [event_row(event, request) for event in page]
        return self.get_paginated_response(CalendarEventSerializer(rows, many=True).data)


class ICalendarRenderer(renderers.BaseRenderer):
    media_type = "text/calendar"
    format = "ics"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return data


def ical_feed(rows: list[dict]) -> bytes:
    feed = Calendar()
    feed.add("prodid", "-//Klöver//calendar//EN")
    feed.add("version", "2.0")
    feed.add("x-wr-calname", f"{current().short_name} {_('Calendar')}")
    stamp = timezone.now()
    for row in rows:
        event = CalendarEvent()
        event.add("uid", row["uid"])
        event.add("dtstamp", stamp)
        event.add("dtstart", row["start_date"])
        # DTEND is the day after the last (RFC 5545, 3.6.1: an all-day event's end).
        event.add("dtend", row["end_date"] + timedelta(days=1))
        event.add("summary", row["name"])
        event.add("location", ", ".join(part for part in (row["organiser"], row["town"]) if part))
        event.add("url", row["url"])
        feed.add_component(event)
    return feed.to_ical()


class CalendarFeed(APIView):
    """The same events as an iCalendar feed to subscribe to."""

    renderer_classes = [ICalendarRenderer]

    @extend_schema(
        operation_id="calendar_ics",
        tags=["calendar"],
        parameters=CALENDAR_PARAMETERS,
        responses={
            (200, "text/calendar"): OpenApiResponse(
                OpenApiTypes.STR, description="iCalendar (RFC 5545)"
            ),
            **errors(400, 401, 404, 406, 429, media="application/json"),
        },
    )
    def get(self, request):
        rows = [event_row(event, request) for event in calendar_events(request)]
        return Response(ical_feed(rows), content_type="text/calendar; charset=utf-8")

    def handle_exception(self, exc):
        # Errors keep the API's one shape, in JSON, whatever the feed's media type.
        response = super().handle_exception(exc)
        self.request.accepted_renderer = renderers.JSONRenderer()
        self.request.accepted_media_type = "application/json"
        return response
