"""How the OpenAPI schema names the token: a bearer scheme (drf-spectacular extension)."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class TokenScheme(OpenApiAuthenticationExtension):
    target_class = "members.api.authentication.TokenAuthentication"
    name = "token"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "bearerFormat": "klv_<prefix>_<secret>",
            "description": "An API token from the office, the club administrator or My page.",
        }


ERROR_SCHEMA = {
    "type": "object",
    "description": "The API's one error shape (docs/api.md, Errors).",
    "properties": {
        "code": {"type": "string"},
        "message": {"type": "string", "description": "In the request's language"},
        "field": {"type": "string", "nullable": True},
        "location": {"type": "string", "nullable": True},
        "details": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "code": {"type": "string"},
                    "message": {"type": "string"},
                    "field": {"type": "string", "nullable": True},
                    "location": {"type": "string", "nullable": True},
                },
                "required": ["code", "message"],
            },
        },
    },
    "required": ["code", "message", "field", "location", "details"],
}
# What any operation may answer besides its own success: bad input, no or a refused
# token, a scope or club it lacks, not found, a body too large, the rate limit.
ERRORS = {
    "400": "Bad input: the field or file location says where",
    "401": "No token, or a token unknown, revoked or expired",
    "403": "The token lacks the scope or acts for another club",
    "404": "Not found, or not the token's to see",
    "413": "The body is too large",
    "415": "Not JSON or a multipart form",
    "429": "Too many requests: see Retry-After",
}


def add_error_responses(result, generator, request, public):
    """drf-spectacular post-processing hook: the error shape on every operation."""
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    reference = {"$ref": "#/components/schemas/Error"}
    for item in result.get("paths", {}).values():
        for method, operation in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            responses = operation.setdefault("responses", {})
            for code, description in ERRORS.items():
                if code in ("413", "415") and method in ("get", "delete"):
                    continue
                responses.setdefault(
                    code,
                    {
                        "description": description,
                        "content": {"application/json": {"schema": reference}},
                    },
                )
    return result
