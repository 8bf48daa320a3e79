"""Klöver settings: one module, driven by the environment.

Embedded default (nothing set): SQLite file in the project folder, Celery tasks
run in-process, DEBUG on. Production: set DATABASE_URL (postgres://...),
REDIS_URL, SECRET_KEY, DEBUG=0 and ALLOWED_HOSTS; then
``python manage.py check --deploy`` is clean. See docs/production.md.
"""

import os
from datetime import date, timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.utils.translation import gettext_lazy as _

from members.federation import profile_of

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def envint(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


def envlist(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = envbool("DEBUG", True)
# The development key is only ever used with DEBUG on; check --deploy flags it otherwise.
SECRET_KEY = os.environ.get(
    "SECRET_KEY", "django-insecure-klover-development-key-not-for-production"
)
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "127.0.0.1,localhost" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_filters",
    "django_tables2",
    "axes",
    "django_otp",
    "django_otp.plugins.otp_totp",
    "corsheaders",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "members",
    "tournaments",
    "tournaments.sanctions",
    "tournaments.licences",
    "tournaments.championships",
    "awards",
    "handicap",
    "config",  # last: the pipeline's wiring and the demo, above every app
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "corsheaders.middleware.CorsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django_otp.middleware.OTPMiddleware",
    "members.security.SessionLifetimeMiddleware",
    "members.security.TwoFactorMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # last: it answers a locked-out login before the view runs
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "members.context_processors.viewer",
            ],
        },
    },
]

# The federation this database serves (members/federation.py): its rulebook, its
# scheme for events (sanctions or licences), money, words and default language.
KLOVER_FEDERATION = os.environ.get("KLOVER_FEDERATION", "sbf").strip().lower()
# One database serves one federation: the embedded default keeps each its own file.
EMBEDDED_DB = "db.sqlite3" if KLOVER_FEDERATION == "sbf" else f"db-{KLOVER_FEDERATION}.sqlite3"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / EMBEDDED_DB}",
        conn_max_age=envint("CONN_MAX_AGE", 0),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded default: WAL lets pages read while the pipeline's thread writes;
    # IMMEDIATE transactions take the write lock at their start, and the timeout makes
    # a writer wait for it instead of failing with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        init_command="PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        transaction_mode="IMMEDIATE",
        timeout=envint("SQLITE_TIMEOUT", 30),
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 12},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Accounts (docs/security.md). Failed logins: django-axes counts them per account and
# per address; the tenth within the cool-off locks that account or address out for
# it, and the office unlocks early (the admin's "Access attempts").
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = envint("KLOVER_LOGIN_FAILURES", 10)
AXES_COOLOFF_TIME = timedelta(minutes=envint("KLOVER_LOGIN_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "members.security.locked_out"
AXES_CLIENT_IP_CALLABLE = "members.security.client_ip"
AXES_VERBOSE = False
# Proxies in front of the web processes that add X-Forwarded-For (0: none; the
# address is REMOTE_ADDR). With a proxy and 0, every login would share its address.
KLOVER_PROXY_COUNT = envint("KLOVER_PROXY_COUNT", 0)
# A session ends after this many seconds without a request, and this many after the
# login whatever happens (members.security.SessionLifetimeMiddleware).
KLOVER_SESSION_IDLE = envint("KLOVER_SESSION_IDLE", 2 * 3600)
KLOVER_SESSION_LIFETIME = envint("KLOVER_SESSION_LIFETIME", 12 * 3600)
SESSION_COOKIE_AGE = KLOVER_SESSION_LIFETIME
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
# Office staff, district officials and the admin site's users log in with a second
# factor (TOTP through django-otp; members.security.TwoFactorMiddleware).
KLOVER_TWO_FACTOR = envbool("KLOVER_TWO_FACTOR", True)
OTP_TOTP_ISSUER = "Klöver"
# The admin site's address (not the well-known /admin/).
ADMIN_PATH = os.environ.get("KLOVER_ADMIN_PATH", "office/admin/").strip("/") + "/"
# Content-Security-Policy (django-csp): nothing inline, nothing from elsewhere.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "members:my_page"
LOGOUT_REDIRECT_URL = "members:search"

LANGUAGE_CODE = profile_of(KLOVER_FEDERATION).language
LANGUAGES = [("sv", _("Swedish")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Stockholm"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Uploaded documents (licence applications' charity papers, results files). They
# are private: served only through the licence pages' permission checks.
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
MEDIA_URL = "media/"

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "klover@localhost")
# The portal's address as e-mails link to it (notifications).
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")

DJANGO_TABLES2_TEMPLATE = "django_tables2/klover.html"

# Celery: with REDIS_URL a separate `celery -A config worker` runs the tasks;
# without it they run in-process, eagerly, so the embedded default needs no broker.
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CELERY_BROKER_URL = "memory://"
    CELERY_RESULT_BACKEND = "cache+memory://"
    CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
# The cache of rendered page parts (members.common.pages): shared by every web process
# through Redis in production, this process's memory on the embedded default. A part's
# key carries the member's page version, so no process can serve another's stale copy.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "klover",
        "TIMEOUT": 24 * 3600,
    }
    if REDIS_URL
    else {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "TIMEOUT": 24 * 3600,
        "OPTIONS": {"MAX_ENTRIES": 20000},
    }
}
# The benchmark's minimal page (bench_pages): what any page costs at least. Off unless
# the benchmark's own gunicorn asks for it.
KLOVER_BENCH_URLS = envbool("KLOVER_BENCH_URLS", False)
# How the pipeline runs (config/tasks.py): on Celery workers through Redis ("celery"),
# in a thread of the web process after the response ("thread", the embedded default),
# or at once where it is started ("inline", the tests).
PIPELINE_RUNNER = os.environ.get("KLOVER_PIPELINE_RUNNER") or ("celery" if REDIS_URL else "thread")
# A message taken by a worker that dies whole comes back after this many seconds (the
# Redis transport's default is an hour); longer than any one step.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": envint("CELERY_VISIBILITY_TIMEOUT", 300)}
CELERY_RESULT_EXPIRES = 3600
# A report whose pipeline has not moved for this many seconds lost its messages: the
# sweep (Celery beat, or the embedded runner) runs it again.
PIPELINE_STUCK_AFTER = envint("KLOVER_STUCK_AFTER", 300)
# No report is dated before the federation's first season (tournaments/importers/
# plausibility.py): an older date is a typing error.
KLOVER_FIRST_DAY = date.fromisoformat(os.environ.get("KLOVER_FIRST_DAY", "1990-01-01"))
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "klover")
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE


if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}


# The open API (docs/api.md): tokens only, JSON only, one error shape, cursors.
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["members.api.authentication.TokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_THROTTLE_CLASSES": ["members.api.throttling.TokenRateThrottle"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [
        "members.api.errors.LimitedJSONParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "members.api.errors.exception_handler",
    "UNAUTHENTICATED_USER": None,
    "DEFAULT_PAGINATION_CLASS": "members.api.pagination.Cursor",
    "PAGE_SIZE": 50,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Klöver API",
    "DESCRIPTION": "Results upload, member and handicap look-ups, lists, calendars and "
    "webhooks of the federation's member database. docs/api.md has examples.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "members.api.schema.add_error_responses",
    ],
}
# The largest JSON body the API reads (an upload sends its file as multipart, limited
# by the upload's own limits).
API_MAX_JSON_BYTES = envint("KLOVER_API_MAX_JSON_BYTES", 256 * 1024)
# Cross-origin requests to the API are refused unless addresses are listed here.
CORS_ALLOWED_ORIGINS = envlist("KLOVER_API_CORS_ORIGINS")
CORS_URLS_REGEX = r"^/api/.*$"
