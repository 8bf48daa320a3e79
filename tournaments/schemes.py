"""Which schemes for events this federation runs (settings.KLOVER_SCHEMES): the
SBF's silver and gold sanctions, the EBU's licences, or both. A scheme that is
off has no pages and no links; its tables stay empty."""

from functools import wraps

from django.conf import settings
from django.http import Http404

SANCTIONS = "sanctions"
LICENCES = "licences"


def enabled(scheme: str) -> bool:
    return scheme in settings.KLOVER_SCHEMES


def scheme_required(scheme: str):
    def decorate(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if not enabled(scheme):
                raise Http404(scheme)
            return view(request, *args, **kwargs)

        return wrapped

    return decorate
