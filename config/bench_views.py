"""The benchmark's minimal page (``bench_pages``): one member read by primary key and
its name in the site's base template, under the same server and settings as every
page. Served only with KLOVER_BENCH_URLS set."""

from django.shortcuts import get_object_or_404, render

from members.models import Member


def minimal_page(request, pk: int):
    member = get_object_or_404(Member.objects.only("first_name", "last_name"), pk=pk)
    return render(request, "bench/minimal.html", {"member": member})
