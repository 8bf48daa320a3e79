from django.http import Http404


def tournament_list(request):
    raise Http404


def tournament_detail(request, pk: int):
    raise Http404


def report_upload(request):
    raise Http404
