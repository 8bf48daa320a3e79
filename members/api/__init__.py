"""The API's shared parts (docs/api.md): token authentication, scopes, rate limits,
the one error shape and cursor pagination. Each app keeps its own endpoints in its
``api.py``; ``config/api.py`` puts them under ``/api/v1/``."""
