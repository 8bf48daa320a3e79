"""The Swedish and English catalogues are complete, compiled and match the code.

Msgids are English; ``locale/sv`` holds the Swedish UI (the default) and
``locale/en`` repeats each msgid so English is an explicit, complete choice.
When one of these tests fails, follow docs/translations.md: makemessages,
fill both catalogues, compilemessages.
"""

import ast
import gettext
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings

REPO = Path(settings.BASE_DIR)
LOCALE = REPO / "locale"
LANGS = ("sv", "en")
# The same folders `makemessages --ignore=.venv --ignore=node_modules` never reads,
# plus ones that hold no source; dot-folders are skipped separately.
SKIP_DIRS = {"node_modules", "locale", "staticfiles", "media", "test-artifacts", "__pycache__"}
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|\{\w*\}")


@dataclass
class Entry:
    msgid: str
    line: int
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)

    @property
    def key(self) -> str:
        # The key GNUTranslations uses for a message with context.
        return f"{self.msgctxt}\x04{self.msgid}" if self.msgctxt is not None else self.msgid


def parse_po(path: Path) -> list[Entry]:
    """Entries of a .po file, header first; obsolete ``#~`` entries are left out.

    Handles multi-line strings, msgctxt, msgid_plural / msgstr[n] and flags.
    """
    entries: list[Entry] = []
    flags: set[str] = set()
    current: Entry | None = None
    target: tuple[str, int] | None = None  # which string continuation lines extend

    def finish() -> None:
        nonlocal current
        if current is not None:
            entries.append(current)
        current = None

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#~"):
            if current is not None and current.msgstr:
                finish()
            target = None
            continue
        if line.startswith("#,"):
            if current is not None and current.msgstr:
                finish()
            flags |= {f.strip() for f in line[2:].split(",")}
            continue
        if line.startswith("#"):
            continue
        if line.startswith('"'):
            assert target is not None and current is not None, f"{path}:{number}: stray string"
            text = ast.literal_eval(line)
            kind, index = target
            if kind == "msgstr":
                current.msgstr[index] += text
            else:
                setattr(current, kind, getattr(current, kind) + text)
            continue
        keyword, _, rest = line.partition(" ")
        text = ast.literal_eval(rest)
        if keyword in ("msgctxt", "msgid") and (current is None or current.msgstr):
            finish()
            current = Entry(msgid="", line=number, flags=flags)
            flags = set()
        assert current is not None, f"{path}:{number}: {keyword} outside an entry"
        if keyword in ("msgctxt", "msgid", "msgid_plural"):
            setattr(current, keyword, text)
            target = (keyword, 0)
        elif keyword == "msgstr" or keyword.startswith("msgstr["):
            index = int(keyword[7:-1]) if keyword != "msgstr" else 0
            current.msgstr[index] = text
            target = ("msgstr", index)
        else:
            raise AssertionError(f"{path}:{number}: unknown keyword {keyword!r}")
    finish()
    return entries


def catalogue(lang: str) -> list[Entry]:
    path = LOCALE / lang / "LC_MESSAGES" / "django.po"
    assert path.is_file(), f"{path} is missing: run makemessages (docs/translations.md)"
    entries = parse_po(path)
    assert entries and entries[0].msgid == "", f"{path} has no header entry"
    return entries


def messages(lang: str) -> list[Entry]:
    return catalogue(lang)[1:]


def msgids(entries: list[Entry]) -> set[tuple[str | None, str, str | None]]:
    return {(e.msgctxt, e.msgid, e.msgid_plural) for e in entries}


def describe(entry: Entry) -> str:
    return f"line {entry.line}: {entry.msgid!r}"


# --- the parser itself: a parser that drops entries would make every check pass ---


def test_parser_reads_multiline_plural_context_flags_and_skips_obsolete(tmp_path):
    po = tmp_path / "django.po"
    po.write_text(
        "\n".join(
            [
                "#, fuzzy",
                'msgid ""',
                'msgstr ""',
                '"Language: sv\\n"',
                "",
                "#: a.py:1",
                "#, python-format",
                'msgid ""',
                '"Saved: %(n)s "',
                '"members."',
                'msgstr "Sparat: %(n)s medlemmar."',
                "",
                'msgctxt "table"',
                'msgid "Line"',
                'msgid_plural "Lines"',
                'msgstr[0] "Rad"',
                'msgstr[1] ""',
                '"Rader"',
                "",
                '#~ msgid "Gone"',
                '#~ msgstr "Borta"',
                "",
                'msgid "Say \\"hi\\""',
                'msgstr ""',
            ]
        ),
        encoding="utf-8",
    )
    header, saved, line, quoted = parse_po(po)
    assert header.flags == {"fuzzy"} and header.msgstr[0] == "Language: sv\n"
    assert (saved.msgid, saved.msgstr, saved.flags) == (
        "Saved: %(n)s members.",
        {0: "Sparat: %(n)s medlemmar."},
        {"python-format"},
    )
    assert (line.msgctxt, line.msgid_plural, line.msgstr) == (
        "table",
        "Lines",
        {0: "Rad", 1: "Rader"},
    )
    assert line.key == "table\x04Line"
    assert (quoted.msgid, quoted.msgstr) == ('Say "hi"', {0: ""})


# --- (a) both catalogues are complete ---


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_has_no_fuzzy_entries(lang):
    fuzzy = [describe(e) for e in catalogue(lang) if "fuzzy" in e.flags]
    assert not fuzzy, (
        f"locale/{lang}: check these guesses by msgmerge, then remove '#, fuzzy': {fuzzy}"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_has_no_empty_translation(lang):
    entries = messages(lang)
    assert len(entries) > 50, "the catalogue lost most of its entries"
    empty = [
        describe(e)
        for e in entries
        if not e.msgstr
        or any(not s for s in e.msgstr.values())
        or (e.msgid_plural is not None and len(e.msgstr) < 2)
    ]
    assert not empty, f"locale/{lang}: fill these msgstr: {empty}"


def test_both_catalogues_have_the_same_msgids():
    sv, en = msgids(messages("sv")), msgids(messages("en"))
    assert sv - en == set(), "missing from locale/en"
    assert en - sv == set(), "missing from locale/sv"


def test_english_translation_repeats_the_msgid():
    wrong = [
        describe(e)
        for e in messages("en")
        if e.msgstr.get(0) != e.msgid
        or (e.msgid_plural is not None and e.msgstr.get(1) != e.msgid_plural)
    ]
    assert not wrong, f"locale/en: msgstr must equal msgid (msgid_plural for [1]): {wrong}"


def test_swedish_translation_keeps_the_placeholders():
    wrong = []
    for e in messages("sv"):
        expected = sorted(PLACEHOLDER.findall(e.msgid_plural or e.msgid))
        for index, text in e.msgstr.items():
            if sorted(PLACEHOLDER.findall(text)) != expected:
                wrong.append(f"{describe(e)} msgstr[{index}] {text!r}")
    assert not wrong, f"locale/sv: a %(name)s placeholder is lost or misspelt: {wrong}"


def test_swedish_catalogue_is_really_swedish():
    sv = {e.msgid: e.msgstr[0] for e in messages("sv")}
    assert sv["Search member"] == "Sök medlem"
    assert sv["My page"] == "Min sida"
    assert sv["Master points"] == "Mästarpoäng"
    # Short words may be the same in both languages (MID, Status, Ranking), whole sentences not.
    untranslated = [m for m, s in sv.items() if m == s and len(m.split()) > 2]
    assert not untranslated, f"locale/sv: still English: {untranslated}"


# --- (b) the committed .mo files are compiled from the current .po files ---


def expected_mo_catalog(lang: str) -> dict:
    expected: dict = {}
    for e in messages(lang):
        if e.msgid_plural is None:
            expected[e.key] = e.msgstr[0]
        else:
            for index, text in e.msgstr.items():
                expected[(e.key, index)] = text
    return expected


@pytest.mark.parametrize("lang", LANGS)
def test_mo_file_is_compiled_from_the_po_file(lang):
    mo_path = LOCALE / lang / "LC_MESSAGES" / "django.mo"
    assert mo_path.is_file(), f"{mo_path} is missing: run compilemessages"
    with mo_path.open("rb") as fp:
        compiled = gettext.GNUTranslations(fp)
    # _catalog is the only way to tell "absent" from "translated as itself" (every en entry).
    actual = {k: v for k, v in compiled._catalog.items() if k != ""}
    expected = expected_mo_catalog(lang)
    missing = sorted(str(k) for k in expected.keys() - actual.keys())
    stale = sorted(str(k) for k in actual.keys() & expected.keys() if actual[k] != expected[k])
    extra = sorted(str(k) for k in actual.keys() - expected.keys())
    assert not (missing or stale or extra), (
        f"locale/{lang}/LC_MESSAGES/django.mo is out of date, run compilemessages: "
        f"missing {missing}, different {stale}, removed from .po {extra}"
    )


# --- (c) every translatable string in the code is in the catalogue ---


def source_files(suffixes: tuple[str, ...]):
    for dirpath, dirnames, filenames in os.walk(REPO):
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and d not in SKIP_DIRS]
        for name in filenames:
            if name.endswith(suffixes):
                yield Path(dirpath) / name


def test_makemessages_finds_nothing_missing_from_the_catalogue(tmp_path):
    """Runs the real ``makemessages`` (xgettext) on a copy of the sources.

    The copy has its own empty ``locale`` folder, so the committed catalogues are
    not touched; its fresh sv catalogue must have the same msgids as ours.
    """
    # gettext is a system package, not a pip one; the committed .mo files let the
    # site run without it, and the cruder scan below still runs.
    if shutil.which("xgettext") is None:
        pytest.skip("xgettext (GNU gettext) is not installed: apt-get install gettext")
    copy = tmp_path / "src"
    for path in source_files((".py", ".html", ".txt")):
        target = copy / path.relative_to(REPO)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    (copy / "locale").mkdir()
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    result = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "makemessages",
            "-l",
            "sv",
            "--no-location",
            "--ignore=.venv",
            "--ignore=node_modules",
        ],  # fmt: skip
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    fresh = msgids(parse_po(copy / "locale" / "sv" / "LC_MESSAGES" / "django.po")[1:])
    ours = msgids(messages("sv"))
    assert len(fresh) > 50, "makemessages found almost nothing: is the copy complete?"
    assert fresh - ours == set(), "new strings: run makemessages and translate them"
    assert ours - fresh == set(), "strings no longer in the code: run makemessages"


# Without gettext the test above skips; this cruder scan still catches the usual case.
# Its limits: templates only by regex ({% translate/trans "literal" %} and
# {% blocktranslate/blocktrans %} without `trimmed` or `context`, whose
# {{ var }} become %(var)s); Python by ast, so only calls whose first argument is
# a plain string literal, to the usual names (_, gettext, gettext_lazy, ngettext,
# pgettext ... ) — an alias such as `from django.utils.translation import gettext as t`
# goes unseen. msgctxt is ignored.
TRANSLATE_TAG = re.compile(r"""{%\s*(?:translate|trans)\s+(?P<q>["'])(?P<text>.*?)(?P=q)""")
BLOCK_TAG = re.compile(
    r"{%\s*(?:blocktranslate|blocktrans)\b(?P<args>[^%]*)%}(?P<body>.*?)"
    r"{%\s*(?:endblocktranslate|endblocktrans)\s*%}",
    re.S,
)
PLURAL_TAG = re.compile(r"{%\s*plural\s*%}")
TEMPLATE_VAR = re.compile(r"{{\s*(\w+)\s*}}")
PY_SINGULAR = {"_", "gettext", "gettext_lazy", "gettext_noop", "ugettext", "ugettext_lazy"}
PY_PLURAL = {"ngettext", "ngettext_lazy"}
PY_CONTEXT = {"pgettext", "pgettext_lazy", "npgettext", "npgettext_lazy"}


def block_msgid(body: str) -> str:
    return TEMPLATE_VAR.sub(r"%(\1)s", body.replace("%", "%%"))


def template_msgids(text: str) -> set[str]:
    found = {m["text"] for m in TRANSLATE_TAG.finditer(text)}
    for block in BLOCK_TAG.finditer(text):
        if "trimmed" in block["args"] or "context" in block["args"]:
            continue
        found.update(block_msgid(part) for part in PLURAL_TAG.split(block["body"]))
    return found


def python_msgids(source: str) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        literals = [
            a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
        ]
        if name in PY_SINGULAR and literals[:1]:
            found.add(literals[0])
        elif name in PY_PLURAL:
            found.update(literals[:2])
        elif name in PY_CONTEXT:
            found.update(literals[1:3] if name.startswith("n") else literals[1:2])
    return found


def test_scanner_finds_template_and_python_strings():
    template = (
        "{% translate \"Log in\" %}{% trans 'Log out' %}"
        "{% blocktranslate count counter=n %}{{ counter }} match{% plural %}"
        "{{ counter }} matches{% endblocktranslate %}"
        "{% blocktrans with name=x %}Edit {{ name }} 100%{% endblocktrans %}"
    )
    assert template_msgids(template) == {
        "Log in",
        "Log out",
        "%(counter)s match",
        "%(counter)s matches",
        "Edit %(name)s 100%%",
    }
    source = 'x = _("A")\ny = ngettext("B", "Bs", n)\nz = models.CharField(_("c"))\nprint("D")'
    assert python_msgids(source) == {"A", "B", "Bs", "c"}


def test_every_string_marked_in_the_code_is_in_the_catalogue():
    known = {e.msgid for e in messages("sv")} | {
        e.msgid_plural for e in messages("sv") if e.msgid_plural
    }
    missing = {}
    for path in source_files((".html", ".txt")):
        for msgid in template_msgids(path.read_text(encoding="utf-8")) - known:
            missing.setdefault(msgid, str(path.relative_to(REPO)))
    for path in source_files((".py",)):
        for msgid in python_msgids(path.read_text(encoding="utf-8")) - known:
            missing.setdefault(msgid, str(path.relative_to(REPO)))
    assert len(known) > 50
    assert not missing, f"not in locale/sv, run makemessages and translate: {missing}"


# --- (d) the site speaks Swedish by default and English on request ---


@pytest.mark.django_db
def test_site_is_swedish_by_default(client):
    body = client.get("/").content.decode()
    assert '<html lang="sv">' in body
    assert "Sök medlem" in body and "Logga in" in body
    assert "Search member" not in body


@pytest.mark.django_db
def test_site_is_english_for_a_browser_asking_for_english(client):
    body = client.get("/", HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9").content.decode()
    assert '<html lang="en">' in body
    assert "Search member" in body and "Log in" in body
    assert "Sök medlem" not in body


@pytest.mark.django_db
def test_language_switch_sticks_until_switched_back(client):
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/?kind=club"})
    assert response.status_code == 302 and response["Location"] == "/?kind=club"
    body = client.get("/?kind=club").content.decode()
    assert "Search club" in body and "Sök klubb" not in body

    # The chosen language beats the browser's Accept-Language.
    client.post("/i18n/setlang/", {"language": "sv", "next": "/"})
    body = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Sök medlem" in body and "Search member" not in body


@pytest.mark.django_db
def test_model_and_table_labels_are_translated(client):
    from members.tests.factories import ClubFactory, MembershipFactory

    club = ClubFactory()
    MembershipFactory(club=club)
    sv = client.get(club.get_absolute_url()).content.decode()
    en = client.get(club.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Efternamn" in sv and "Representerar klubben" in sv and "ordinarie" in sv.lower()
    assert "Last name" in en and "Represents the club" in en and "ordinary" in en.lower()
