"""Rate limits per token (its own figure) and per address without one (docs/api.md).

DRF answers 429 with ``Retry-After``; the counts live in the cache, which is Redis
in production, so every web process shares them.
"""

from __future__ import annotations

from rest_framework.throttling import SimpleRateThrottle

from members.domain.api_access import ANONYMOUS_RATE_PER_MINUTE

from .permissions import token_of


class TokenRateThrottle(SimpleRateThrottle):
    scope = "api"

    def get_rate(self) -> str:
        return f"{ANONYMOUS_RATE_PER_MINUTE}/min"

    def allow_request(self, request, view) -> bool:
        token = token_of(request)
        if token is not None:
            self.num_requests, self.duration = token.rate_per_minute, 60
        return super().allow_request(request, view)

    def get_cache_key(self, request, view) -> str:
        token = token_of(request)
        ident = f"token-{token.pk}" if token is not None else f"ip-{self.get_ident(request)}"
        return f"api-rate:{ident}"
