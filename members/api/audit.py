"""Every write through the API goes on the audit trail (``ApiAuditEntry``)."""

from __future__ import annotations

from django.utils import timezone
from rest_framework.views import APIView

from members.models import ApiAuditEntry

from .permissions import token_of


class AuditedView(APIView):
    """An API view whose writes are recorded: ``audit_action`` names them, and the
    view may set ``request.audit_object`` / ``request.audit_detail``."""

    audit_action = ""

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        token = token_of(request)
        if token is not None and request.method not in ("GET", "HEAD", "OPTIONS"):
            ApiAuditEntry.objects.create(
                token=token,
                at=timezone.now(),
                method=request.method,
                path=request.path[:300],
                status=response.status_code,
                action=self.audit_action or type(self).__name__,
                object_id=str(getattr(request, "audit_object", ""))[:40],
                detail=str(getattr(request, "audit_detail", ""))[:300],
            )
        return response
