"""Accounts: the login's address, the lock-out page, the session's idle and absolute
lifetime, and the second factor of officials (docs/security.md).

The libraries do the work: django-axes counts failed logins, django-otp keeps and
checks the TOTP devices, segno draws the code to scan. This module wires them to the
federation's roles and pages.
"""

from __future__ import annotations

import base64
import time
from urllib.parse import urlencode

import segno
from django import forms
from django.conf import settings
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_otp import login as otp_login
from django_otp.plugins.otp_totp.models import TOTPDevice

from .permissions import needs_two_factor

LOGIN_AT = "klover_login_at"
# Whether this login needs the second factor: read once, at the login, not a query
# on every page (a role given during a session asks for it at the next login).
NEEDS_SECOND_FACTOR = "klover_needs_second_factor"
SEEN_AT = "klover_seen_at"
# The idle clock is written to the session at most once a minute, not on every page.
SEEN_EVERY = 60


def client_ip(request) -> str | None:
    """The address a login comes from: REMOTE_ADDR, or behind ``KLOVER_PROXY_COUNT``
    proxies the address the first of them saw (X-Forwarded-For, from the right)."""
    proxies = settings.KLOVER_PROXY_COUNT
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if proxies and forwarded:
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if len(hops) >= proxies:
            return hops[-proxies]
    return request.META.get("REMOTE_ADDR")


def locked_out(request, credentials=None, *args, **kwargs):
    """django-axes' answer to a login locked out: what happened and what to do."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return render(request, "registration/locked_out.html", {"minutes": minutes}, status=429)


def start_session_clock(sender, request, user, **kwargs) -> None:
    """``user_logged_in``: the absolute and idle clocks start at the login."""
    now = int(time.time())
    request.session[LOGIN_AT] = request.session[SEEN_AT] = now
    request.session[NEEDS_SECOND_FACTOR] = needs_two_factor(user)


class SessionLifetimeMiddleware:
    """A logged-in session ends after ``KLOVER_SESSION_IDLE`` seconds without a request
    and ``KLOVER_SESSION_LIFETIME`` seconds after the login."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            now = int(time.time())
            session = request.session
            login_at = session.setdefault(LOGIN_AT, now)
            seen_at = session.get(SEEN_AT, now)
            if (
                now - seen_at > settings.KLOVER_SESSION_IDLE
                or now - login_at > settings.KLOVER_SESSION_LIFETIME
            ):
                logout(request)
                return HttpResponseRedirect(
                    f"{reverse('login')}?{urlencode({'next': request.get_full_path()})}"
                )
            if now - seen_at >= SEEN_EVERY or SEEN_AT not in session:
                session[SEEN_AT] = now
        return self.get_response(request)


# Pages an official may open before the second factor: to give it, or to leave.
OPEN_BEFORE_SECOND_FACTOR = ("two_factor_verify", "two_factor_setup", "logout", "set_language")


class TwoFactorMiddleware:
    """Office staff, district officials and the admin site's users give a second
    factor after their password, before any page (``KLOVER_TWO_FACTOR``)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        user = getattr(request, "user", None)
        if (
            settings.KLOVER_TWO_FACTOR
            and user is not None
            and user.is_authenticated
            and not user.is_verified()
            and getattr(request.resolver_match, "url_name", None) not in OPEN_BEFORE_SECOND_FACTOR
            and _needs_second_factor(request)
        ):
            step = "two_factor_verify" if _device(user, confirmed=True) else "two_factor_setup"
            return HttpResponseRedirect(
                f"{reverse(step)}?{urlencode({'next': request.get_full_path()})}"
            )
        return None


def _needs_second_factor(request) -> bool:
    needed = request.session.get(NEEDS_SECOND_FACTOR)
    if needed is None:  # a session from before the login recorded it (force_login)
        needed = request.session[NEEDS_SECOND_FACTOR] = needs_two_factor(request.user)
    return needed


def _device(user, *, confirmed: bool) -> TOTPDevice | None:
    return TOTPDevice.objects.filter(user=user, confirmed=confirmed).order_by("pk").first()


class CodeForm(forms.Form):
    code = forms.CharField(
        label=gettext_lazy("Code from your authenticator app"),
        max_length=8,
        widget=forms.TextInput(attrs={"autocomplete": "one-time-code", "inputmode": "numeric"}),
    )


def _right(device: TOTPDevice, form: CodeForm) -> bool:
    """The code is the device's; otherwise the form says why. django-otp makes each
    wrong code wait longer for the next (1, 2, 4 ... seconds)."""
    allowed, _why = device.verify_is_allowed()
    if not allowed:
        form.add_error(
            "code", _("Too many wrong codes in a row: wait a few seconds, then try again.")
        )
        return False
    if device.verify_token(form.cleaned_data["code"].strip()):
        return True
    form.add_error("code", _("The code is not right, or too old. Try the next one."))
    return False


def _next(request) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return reverse(settings.LOGIN_REDIRECT_URL)


@login_required
def two_factor_verify(request):
    """The second factor: a code of the official's authenticator app."""
    device = _device(request.user, confirmed=True)
    if device is None:
        return redirect(f"{reverse('two_factor_setup')}?{urlencode({'next': _next(request)})}")
    form = CodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if _right(device, form):
            otp_login(request, device)
            return redirect(_next(request))
    return render(
        request, "registration/two_factor_verify.html", {"form": form, "next": _next(request)}
    )


@login_required
def two_factor_setup(request):
    """The first login of an official: an authenticator app takes the key (scanned or
    typed), and its first code confirms it."""
    if _device(request.user, confirmed=True) is not None:
        return redirect(f"{reverse('two_factor_verify')}?{urlencode({'next': _next(request)})}")
    device = _device(request.user, confirmed=False) or TOTPDevice.objects.create(
        user=request.user, name="Klöver", confirmed=False
    )
    form = CodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if _right(device, form):
            device.confirmed = True
            device.save(update_fields=["confirmed"])
            otp_login(request, device)
            return redirect(_next(request))
    qr = segno.make(device.config_url, error="m").svg_data_uri(scale=4, border=2)
    secret = base64.b32encode(device.bin_key).decode()
    return render(
        request,
        "registration/two_factor_setup.html",
        {
            "form": form,
            "next": _next(request),
            "qr": qr,
            "secret": " ".join(secret[i : i + 4] for i in range(0, len(secret), 4)),
        },
    )
