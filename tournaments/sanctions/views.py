"""Placeholder until the pages are written (issue #7)."""

from django.http import HttpResponse


def _todo(request, *args, **kwargs):
    return HttpResponse(status=501)


sanction_index = calendar = sanction_new = pre_checks = _todo
sanction_detail = sanction_edit = sanction_step = decision = _todo
