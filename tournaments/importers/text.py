"""The importers' messages: written in English, shown in the reader's language.

The importers are plain Python and cannot translate, and a refusal is worded when
the file is read, before anyone knows who reads it. So a message is kept as its
English template, marked with :func:`gettext_noop` so that ``makemessages`` puts it
in the catalogue, and the values it names; the page translates the template and
then fills in the values (``Problem.translated`` in tournaments.importers.report).
The office's member file does the same (members.domain.member_csv). Why this and
not a Swedish and an English text side by side: docs/translations.md.

The values are the file's own (a tag, a pair number, a file name) and are shown as
written; a value that is itself a :class:`Text` is a phrase in words ("line 12"
inside "first at line 12") and is translated with the message around it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

Translate = Callable[[str], str]


def gettext_noop(template: str) -> str:
    """Marks an English template for the catalogue (makemessages looks for this name)."""
    return template


def as_written(template: str) -> str:
    return template


@dataclass(frozen=True)
class Text:
    """An English template with ``%(name)s`` placeholders and the values they name."""

    template: str
    # Compared (two problems alike are one) but not hashed: a dict cannot be.
    params: Mapping[str, object] = field(default_factory=dict, hash=False)

    def translated(self, translate: Translate) -> str:
        text = translate(self.template)
        if not self.params:
            return text
        return text % {name: shown(value, translate) for name, value in self.params.items()}

    def __str__(self) -> str:
        return self.translated(as_written)


# Where a problem is: a place in words (a Text), or a path or file name shown as written.
Where = Text | str


def shown(value: object, translate: Translate) -> object:
    return value.translated(translate) if isinstance(value, Text) else value


def in_file(filename: str, where: Where) -> Where:
    """``where`` in the file ``filename``: "results.pbn line 12"."""
    if not filename:
        return where
    if not where:
        return filename
    # Only placeholders, no words: the same in every language, so not in the catalogue.
    return Text("%(file)s %(where)s", {"file": filename, "where": where})


def line_in(filename: str, line: int, field: Where = "") -> Text:
    """A line of a text file (PBN, CSV), and the column or tag on it when there is one."""
    where = (
        Text(gettext_noop("%(file)s line %(line)s"), {"file": filename, "line": line})
        if filename
        else Text(gettext_noop("line %(line)s"), {"line": line})
    )
    if not field:
        return where
    return Text("%(where)s, %(field)s", {"where": where, "field": field})


def stored(value: Where, clean: Translate) -> object:
    """``value`` as JSON keeps it (the import log), to be translated when it is read;
    ``clean`` makes the file's own values storable."""
    if isinstance(value, Text):
        return {
            "template": value.template,
            "params": {
                name: stored(param if isinstance(param, Text) else str(param), clean)
                for name, param in value.params.items()
            },
        }
    return clean(value)


def restored(value: object) -> Where:
    """What :func:`stored` stored."""
    if isinstance(value, dict):
        return Text(
            str(value.get("template", "")),
            {name: restored(param) for name, param in dict(value.get("params") or {}).items()},
        )
    return str(value)
