"""The current second-factor code of a login, for trying the demo without a phone.

Whoever runs manage.py holds the database and its keys already; this shows nothing
they could not compute. The code is what an authenticator app shows for the login's
confirmed device now (django-otp's TOTP: 30-second steps, 6 digits).
"""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("username")

    def handle(self, *args, username, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"no login {username!r}")
        device = TOTPDevice.objects.filter(user=user, confirmed=True).order_by("pk").first()
        if device is None:
            raise CommandError(f"{username!r} has no second factor set up")
        totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
        self.stdout.write(f"{totp.token():0{device.digits}d}")
