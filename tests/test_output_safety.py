"""Output safety (issue 17): all-or-nothing writes, safe and unique output names, nothing
written outside --out, non-Latin-1 names, and Ctrl-C.

The "previous output" of each test is a real earlier run; every failure below must leave
it byte-identical and leave no hidden staging folder or ``.part`` file behind.
"""
from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from generator.cli import cli
from processes import default_ctrl_c
from generator.draw.backends import pdf as pdf_backend
from generator.io import output
from generator.io.output import STAGE_PREFIX, safe_name, staged
from generator.io.templates import Library
from generator.app import images as render_module
from generator.app import RenderOptions, render

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under *root* (hidden ones included) and its bytes."""
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


def leftovers(root: Path) -> list[str]:
    """Staging folders and part files anywhere under *root*."""
    return [p.relative_to(root).as_posix() for p in root.rglob("*")
            if p.name.startswith(STAGE_PREFIX) or p.name.endswith(".part")]


def failing_open(when: Callable[[Path], bool], error: BaseException) -> Callable[..., Any]:
    """The staging's ``open``, raising *error* for the first file *when* picks: a full
    disk or a Ctrl-C in the middle of writing."""
    real = open

    def fake(path: Any, *args: Any, **kwargs: Any) -> Any:
        if when(Path(path)):
            raise error
        return real(path, *args, **kwargs)
    return fake


def nth_file(n: int) -> Callable[[Path], bool]:
    seen: list[Path] = []

    def pick(path: Path) -> bool:
        seen.append(path)
        return len(seen) == n
    return pick


ENOSPC = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def one_line_error(result: Any) -> str:
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    # A progress bar's label may come first (not a terminal: no bar drawn).
    lines = result.output.strip().splitlines()
    assert lines[-1].startswith("Error: "), result.output
    assert result.output.count("Error") == 1 and "Traceback" not in result.output
    return lines[-1]


# ---------------------------------------------------------------- 1. all or nothing

@pytest.fixture
def old_kit(runner: CliRunner, tmp_path: Path) -> tuple[Path, dict[str, bytes]]:
    """pack1.pdf, pack2.pdf and kit.pdf from an earlier build on A4."""
    out = tmp_path / "out"
    result = runner.invoke(cli, ["build", "--only", "pack1", "--only", "pack2", "--out",
                                 str(out)])
    assert result.exit_code == 0, result.output
    return out, snapshot(out)


def test_build_with_kit_pdf_in_the_way_replaces_nothing(runner: CliRunner,
                                                        tmp_path: Path) -> None:
    # The case: kit.pdf cannot be written, and pack1/pack2.pdf were replaced.
    out = tmp_path / "out"
    out.mkdir()
    (out / "pack1.pdf").write_bytes(b"old pack1")
    (out / "pack2.pdf").write_bytes(b"old pack2")
    (out / "kit.pdf").mkdir()
    before = snapshot(out)
    line = one_line_error(runner.invoke(cli, ["build", "--only", "pack1", "--only", "pack2",
                                              "--out", str(out)]))
    assert snapshot(out) == before and (out / "kit.pdf").is_dir()
    assert "kit.pdf" in line and "folder is in the way" in line
    assert leftovers(tmp_path) == []


def test_build_on_a_full_disk_keeps_the_previous_kit(runner: CliRunner, tmp_path: Path,
                                                     old_kit: tuple[Path, dict[str, bytes]],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    out, before = old_kit
    # The disk fills up at kit.pdf, after pack1.pdf and pack2.pdf were written.
    monkeypatch.setattr(output, "open", failing_open(lambda p: p.name == "kit.pdf", ENOSPC),
                        raising=False)
    line = one_line_error(runner.invoke(cli, ["build", "--only", "pack1", "--only", "pack2",
                                              "--paper", "letter", "--out", str(out)]))
    assert "No space left on device" in line and "kit.pdf" in line
    assert snapshot(out) == before
    assert leftovers(tmp_path) == []


@pytest.fixture
def small_disk(tmp_path: Path) -> Any:
    """A 600 KB tmpfs, where the machine lets the tests mount one (root on Linux)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if sys.platform != "linux" or subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=600k", "tmpfs", str(disk)],
            capture_output=True).returncode != 0:
        pytest.skip("cannot mount a small tmpfs here (the monkeypatched tests cover it)")
    try:
        yield disk
    finally:
        subprocess.run(["umount", str(disk)], check=True)


def test_a_really_full_disk(runner: CliRunner, small_disk: Path) -> None:
    out = small_disk / "out"
    assert runner.invoke(cli, ["build", "--only", "pack1", "--only", "pack2",
                               "--out", str(out)]).exit_code == 0
    before = snapshot(out)
    # The whole kit with its booklet (about 880 KB) does not fit even file by file.
    line = one_line_error(runner.invoke(cli, ["build", "--out", str(out)]))
    assert "No space left on device" in line
    assert snapshot(out) == before
    line = one_line_error(runner.invoke(cli, ["render", "pack1", "--out",
                                              str(small_disk / "new")]))
    assert "No space left on device" in line
    assert sorted(p.name for p in small_disk.iterdir()) == ["out"]
    assert leftovers(small_disk) == []


def test_build_with_booklet_is_one_unit(runner: CliRunner, tmp_path: Path,
                                        old_kit: tuple[Path, dict[str, bytes]],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # The booklet is written after the kit: its failure must take the kit back too.
    out, before = old_kit
    monkeypatch.setattr(output, "open",
                        failing_open(lambda p: p.name == "booklet-en.pdf", ENOSPC),
                        raising=False)
    one_line_error(runner.invoke(cli, ["build", "--only", "pack1", "--only", "pack2",
                                       "--only", "booklet-en", "--paper", "letter",
                                       "--out", str(out)]))
    assert snapshot(out) == before
    assert leftovers(tmp_path) == []


def test_a_failed_first_build_leaves_no_folder(runner: CliRunner, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(output, "open", failing_open(nth_file(2), ENOSPC), raising=False)
    one_line_error(runner.invoke(cli, ["build", "--only", "pack1", "--only", "pack2",
                                       "--out", str(tmp_path / "new")]))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [
    ["render", "pack1", "--format", "svg", "--bleed", "2mm"],
    ["export-cards", "--only", "pack1", "--dpi", "72", "--bleed", "1mm"],
])
def test_render_and_export_on_a_full_disk(runner: CliRunner, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch,
                                          command: list[str]) -> None:
    out = tmp_path / "out"
    first = [c if c not in ("2mm", "1mm") else "0mm" for c in command]
    assert runner.invoke(cli, [*first, "--out", str(out)]).exit_code == 0
    before = snapshot(out)
    # The issue saw 20 of 64 (render) and 19 of 64 (export) files replaced.
    monkeypatch.setattr(output, "open", failing_open(nth_file(20), ENOSPC), raising=False)
    line = one_line_error(runner.invoke(cli, [*command, "--out", str(out)]))
    assert "No space left on device" in line
    assert snapshot(out) == before
    assert leftovers(tmp_path) == []


def test_figure_frames_move_in_together(runner: CliRunner, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    frames, out = tmp_path / "frames", tmp_path / "seq.gif"
    command = ["figure", "game1-demo", "--dpi", "30", "--out", str(out), "--frames",
               str(frames)]
    assert runner.invoke(cli, [*command, "--moves", "b2-b3"]).exit_code == 0
    before = snapshot(tmp_path)
    monkeypatch.setattr(output, "open", failing_open(nth_file(3), ENOSPC), raising=False)
    one_line_error(runner.invoke(cli, [*command, "--moves", "b2-b3 g7-g6 b3-b4"]))
    assert snapshot(tmp_path) == before
    assert leftovers(tmp_path) == []


def test_a_rename_failing_mid_move_puts_everything_back(
        library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    render(library, "simple2", out, RenderOptions(fmt="svg"))
    before = snapshot(out)
    real = os.replace
    calls: list[Any] = []

    def replace(src: Any, dst: Any) -> None:
        calls.append(dst)
        if len(calls) == 25:   # some old files already moved aside, some new ones in
            raise OSError(errno.EIO, os.strerror(errno.EIO), str(dst))
        real(src, dst)
    monkeypatch.setattr(output.os, "replace", replace)
    with pytest.raises(output.OutputError, match="previous output is unchanged"):
        render(library, "simple2", out, RenderOptions(fmt="svg", bleed=2))
    monkeypatch.setattr(output.os, "replace", real)
    assert snapshot(out) == before
    assert leftovers(tmp_path) == []


def test_previous_files_that_cannot_be_put_back_are_kept(
        library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """If even the undo fails, the old files stay in the hidden folder the error names,
    rather than being deleted with it."""
    out = tmp_path / "out"
    render(library, "simple2", out, RenderOptions(fmt="svg"))
    before = snapshot(out)
    real = os.replace
    calls: list[Any] = []

    def replace(src: Any, dst: Any) -> None:
        calls.append(dst)
        if len(calls) >= 25:   # the move fails, and so does every rename after it
            raise OSError(errno.EIO, os.strerror(errno.EIO), str(dst))
        real(src, dst)
    monkeypatch.setattr(output.os, "replace", replace)
    with pytest.raises(output.OutputError, match="could not be put back; they are in") as e:
        render(library, "simple2", out, RenderOptions(fmt="svg", bleed=2))
    kept = Path(str(e.value).rsplit(" ", 1)[-1])
    assert kept.parent.name.startswith(STAGE_PREFIX) and kept.parent.parent == out
    rescued = {**snapshot(out), **{f: b for f, b in snapshot(kept).items()}}
    assert {f: rescued[f] for f in before} == before   # every old file is somewhere


def test_ctrl_c_during_the_move_is_held_and_undoes_it(
        library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A real SIGINT in the middle of the renames: held back until they are done, then
    everything is put back and the interrupt comes through."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    out = tmp_path / "out"
    render(library, "simple2", out, RenderOptions(fmt="svg"))
    before = snapshot(out)
    real = os.replace
    calls: list[Any] = []

    def replace(src: Any, dst: Any) -> None:
        calls.append(dst)
        if len(calls) == 10:
            os.kill(os.getpid(), signal.SIGINT)
        real(src, dst)
    monkeypatch.setattr(output.os, "replace", replace)
    # Another thread alive, as in a long test run: the OS may hand it the signal.
    idle = threading.Event()
    bystander = threading.Thread(target=idle.wait)
    bystander.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            render(library, "simple2", out, RenderOptions(fmt="svg", bleed=2))
    finally:
        signal.signal(signal.SIGINT, previous)
        idle.set()
        bystander.join()
    assert len(calls) > 20   # the move went on past the Ctrl-C before it was undone
    assert snapshot(out) == before
    assert leftovers(tmp_path) == []


def test_no_room_even_for_the_hidden_folder(runner: CliRunner, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*args: Any, **kwargs: Any) -> str:
        raise ENOSPC
    monkeypatch.setattr(output.tempfile, "mkdtemp", full)
    line = one_line_error(runner.invoke(cli, ["render", "simple1", "--out",
                                              str(tmp_path / "out")]))
    assert "No space left on device" in line
    assert list(tmp_path.iterdir()) == []


def test_staged_blocks_nest_into_one(tmp_path: Path) -> None:
    out = tmp_path / "out"
    with pytest.raises(RuntimeError):
        with staged(out) as outer:
            outer.write("a.txt", "a")
            with staged(out) as inner:
                assert inner is outer
                inner.write("b.txt", "b")
            assert not (out / "b.txt").exists()   # the outer block moves it in
            raise RuntimeError
    assert not out.exists()
    with staged(out) as stage:
        stage.write("cards/x/a.txt", "a")
    assert snapshot(out) == {"cards/x/a.txt": b"a"}


def test_staging_refuses_a_name_twice_and_unsafe_names(tmp_path: Path) -> None:
    with pytest.raises(output.OutputError, match="both be written"):
        with staged(tmp_path) as stage:
            stage.write("Kit.pdf", "1")
            stage.write("kit.pdf", "2")    # one file on a case-insensitive disk
    for bad in ("../x.pdf", "/etc/x", "a/../../b", ".hidden", "a\nb"):
        with pytest.raises(output.OutputError, match="not a safe output name"):
            with staged(tmp_path) as stage:
                stage.write(bad, "x")
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- 2. safe names

def test_safe_name() -> None:
    assert safe_name("../x/evil.toml") == "_x_evil.toml"
    assert safe_name("a\\b") == "a_b"
    assert safe_name("пак") == "пак"
    with pytest.raises(output.OutputError):
        safe_name("..")


def test_only_with_a_path_writes_inside_out(runner: CliRunner, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "evil.toml").write_bytes((TEMPLATES / "packs" / "simple1.toml")
                                               .read_bytes())
    (tmp_path / "run").mkdir()
    monkeypatch.chdir(tmp_path / "run")
    before = snapshot(tmp_path)
    for command in (["build", "--only", "../x/evil.toml", "--out", "out"],
                    ["export-cards", "--only", "../x/evil.toml", "--dpi", "72",
                     "--out", "out"]):
        result = runner.invoke(cli, command)
        assert result.exit_code == 0, result.output
    new = set(snapshot(tmp_path)) - set(before)
    assert new and all(name.startswith("run/out/") for name in new), new
    assert "run/out/evil.pdf" in new
    assert "run/out/cards/evil/evil-1R-face.png" in new


def _pack_named(folder: Path, name: str, **marks: str) -> None:
    text = (TEMPLATES / "packs" / "pack1.toml").read_text(encoding="utf-8")
    for key, value in marks.items():
        text = text.replace(f"{key} = ", f"{key} = {value}  # was ", 1)
    (folder / "packs").mkdir(parents=True, exist_ok=True)
    (folder / "packs" / f"{name}.toml").write_text(text, encoding="utf-8")


def test_an_item_named_kit_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    _pack_named(tmp_path / "t", "kit")
    out = tmp_path / "out"
    line = one_line_error(runner.invoke(cli, ["--templates", str(tmp_path / "t"), "build",
                                              "--only", "pack2", "--only", "kit",
                                              "--out", str(out)]))
    assert "'kit'" in line and "kit.pdf" in line
    assert not out.exists()
    # Alone it is no kit, so kit.pdf is its own file.
    result = runner.invoke(cli, ["--templates", str(tmp_path / "t"), "build", "--only",
                                 "kit", "--out", str(out)])
    assert result.exit_code == 0 and sorted(snapshot(out)) == ["kit.pdf"]


def test_two_items_sharing_a_file_name_are_refused(runner: CliRunner,
                                                   tmp_path: Path) -> None:
    _pack_named(tmp_path / "t", "pack2")   # the user's pack2 and a file pack2.toml
    other = tmp_path / "elsewhere" / "pack2.toml"
    other.parent.mkdir()
    other.write_bytes((TEMPLATES / "packs" / "pack2.toml").read_bytes())
    line = one_line_error(runner.invoke(cli, ["--templates", str(tmp_path / "t"), "build",
                                              "--only", "pack2", "--only", str(other),
                                              "--out", str(tmp_path / "out")]))
    assert "pack2.pdf" in line
    assert not (tmp_path / "out").exists()


def _pixels(path: Path, index: int) -> bytes:
    document = pdfium.PdfDocument(str(path))
    try:
        image = document[index].render(scale=0.25).to_pil()
        return image.convert("RGB").tobytes()
    finally:
        document.close()


def test_packs_differing_in_punctuation_keep_their_own_backs(runner: CliRunner,
                                                             tmp_path: Path) -> None:
    t = tmp_path / "t"
    _pack_named(t, "my-pack")
    _pack_named(t, "my_pack", back_hatching='"cross"', back_circles="false")
    out = tmp_path / "out"
    result = runner.invoke(cli, ["--templates", str(t), "build", "--only", "my-pack",
                                 "--only", "my_pack", "--out", str(out)])
    assert result.exit_code == 0, result.output
    first = len(pdfium.PdfDocument(str(out / "my-pack.pdf")))
    second = len(pdfium.PdfDocument(str(out / "my_pack.pdf")))
    assert first == second and first % 2 == 0   # duplex sheets: fronts, backs, ...
    for index in range(second):
        assert _pixels(out / "kit.pdf", index) == _pixels(out / "my-pack.pdf", index)
        assert _pixels(out / "kit.pdf", first + index) == _pixels(out / "my_pack.pdf", index)
    # The two packs' backs really differ, so the check above can tell them apart.
    assert _pixels(out / "my-pack.pdf", 1) != _pixels(out / "my_pack.pdf", 1)


# ---------------------------------------------------------------- 3. nothing outside --out

WRITERS = [
    ["build", "--only", "simple1", "--only", "board-a", "--out", "{out}"],
    ["build", "--only", "booklet-en", "--out", "{out}"],
    ["render", "simple1", "--format", "pdf", "--out", "{out}"],
    ["export-cards", "--only", "simple1", "--dpi", "72", "--out", "{out}"],
    ["booklet", "--imposition", "saddle", "--out", "{out}"],
    ["calibrate", "--out", "{out}"],
    ["figure", "game9-start", "--out", "{out}/fig.svg"],
    ["patience", "deal", "nivernaise", "--seed", "1", "--out", "{out}/deal.png"],
]


@pytest.mark.parametrize("command", WRITERS, ids=lambda c: " ".join(c[:2]))
def test_nothing_is_written_outside_out(runner: CliRunner, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch,
                                        command: list[str]) -> None:
    (tmp_path / "cwd").mkdir()
    monkeypatch.chdir(tmp_path / "cwd")
    out = tmp_path / "out"
    result = runner.invoke(cli, [c.format(out=out) for c in command])
    assert result.exit_code == 0, result.output
    written = [p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")
               if p.is_file()]
    assert written and all(name.startswith("out/") for name in written), written
    assert leftovers(tmp_path) == []


def test_extends_reads_only_games_by_name(runner: CliRunner, tmp_path: Path) -> None:
    secret = tmp_path / "secret.toml"
    secret.write_text('kind = "game"\ntitle = "not a template of yours"\n', encoding="utf-8")
    games = tmp_path / "t" / "games"
    games.mkdir(parents=True)
    for base in ("../../secret", str(secret.with_suffix("")), "..\\\\secret"):
        game = games / "sneaky.toml"
        game.write_text(f'kind = "game"\nextends = "{base}"\ntitle = "x"\n',
                        encoding="utf-8")
        line = one_line_error(runner.invoke(cli, ["show", str(game)]))
        assert "sneaky.toml" in line and "extends" in line and "no folders" in line


@pytest.mark.parametrize("key", ["game", "board", "south"])
def test_layout_references_are_names_in_the_template_folders(runner: CliRunner,
                                                             tmp_path: Path,
                                                             key: str) -> None:
    (tmp_path / "secret.toml").write_text('kind = "game"\ntitle = "s"\n', encoding="utf-8")
    lines = (TEMPLATES / "layouts" / "game9-start.toml").read_text(encoding="utf-8")
    lines = "\n".join(f'{key} = "../../secret"' if line.startswith(f"{key} =") else line
                      for line in lines.splitlines())
    layout = tmp_path / "t" / "layouts" / "sneaky.toml"
    layout.parent.mkdir(parents=True)
    layout.write_text(lines, encoding="utf-8")
    for command in (["validate", str(layout)], ["figure", str(layout), "--out",
                                                  str(tmp_path / "f.svg")]):
        line = one_line_error(runner.invoke(cli, command))
        assert "sneaky.toml" in line and key in line and "'../../secret'" in line
    assert not (tmp_path / "f.svg").exists()


# ---------------------------------------------------------------- 4. non-Latin-1 names

def test_cyrillic_template_names_work_end_to_end(runner: CliRunner, tmp_path: Path) -> None:
    t = tmp_path / "t"
    _pack_named(t, "пак")
    args = ["--templates", str(t)]
    out = tmp_path / "out"
    for command in (["build", "--only", "пак", "--only", "pack2"],
                    ["render", "пак", "--format", "pdf"],
                    ["render", "пак", "--format", "svg"],
                    ["export-cards", "--only", "пак", "--dpi", "72"]):
        result = runner.invoke(cli, [*args, *command, "--out", str(out)])
        assert result.exit_code == 0, result.output
    files = snapshot(out)
    assert {"пак.pdf", "kit.pdf", "пак-1R-face.pdf", "пак-8B-back.svg",
            "cards/пак/пак-1R-face.png"} <= set(files)
    document = pdfium.PdfDocument(str(out / "пак.pdf"))
    assert document.get_metadata_dict()["Title"] == "opencards пак"
    assert len(document) == 2   # one duplex sheet: fronts and backs


def test_pdf_form_names_are_ascii_and_unique() -> None:
    from generator.draw.scene import Box, Group, Page, Paint
    from generator.draw.geometry import Rect
    art = {key: Group((Box(Rect(0, 0, 5, 5), Paint(fill=colour)),), key=key)
           for key, colour in (("a-b", "#ff0000"), ("a_b", "#0000ff"), ("пак", "#00ff00"))}
    data = pdf_backend.render([Page(20, 10, tuple(art.values()))])
    assert data.count(b"/Subtype /Form") == 3


# ---------------------------------------------------------------- 5. Ctrl-C

def _interrupt(*args: Any, **kwargs: Any) -> Any:
    raise KeyboardInterrupt


def aborted(result: Any) -> None:
    assert result.exit_code == 130, result.output
    assert result.stderr.strip().splitlines()[-1] == "Aborted.", result.output
    assert result.output.count("Aborted") == 1 and "Traceback" not in result.output
    assert "Error" not in result.output


def test_ctrl_c_while_drawing(runner: CliRunner, tmp_path: Path,
                              old_kit: tuple[Path, dict[str, bytes]],
                              monkeypatch: pytest.MonkeyPatch) -> None:
    out, before = old_kit
    monkeypatch.setattr("generator.sheets.printable.iter_card_sheets", _interrupt)
    aborted(runner.invoke(cli, ["build", "--only", "pack1", "--only", "pack2",
                                "--paper", "letter", "--out", str(out)]))
    assert snapshot(out) == before


@pytest.mark.parametrize("command", [
    ["build", "--only", "pack1", "--only", "pack2", "--paper", "letter"],
    ["render", "pack1", "--format", "svg", "--bleed", "1mm"],
    ["export-cards", "--only", "simple1", "--dpi", "72"],
])
def test_ctrl_c_while_writing(runner: CliRunner, tmp_path: Path,
                              monkeypatch: pytest.MonkeyPatch, command: list[str]) -> None:
    out = tmp_path / "out"
    assert runner.invoke(cli, ["build", "--only", "pack1", "--only", "pack2", "--out",
                               str(out)]).exit_code == 0
    assert runner.invoke(cli, ["render", "pack1", "--format", "svg", "--out",
                               str(out)]).exit_code == 0
    before = snapshot(out)
    monkeypatch.setattr(output, "open", failing_open(nth_file(2), KeyboardInterrupt()),
                        raising=False)
    aborted(runner.invoke(cli, [*command, "--out", str(out)]))
    assert snapshot(out) == before
    assert leftovers(tmp_path) == []


def test_ctrl_c_in_render_encoding(runner: CliRunner, tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = render_module.encode

    def encode(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 7:
            raise KeyboardInterrupt
        return real(*args, **kwargs)
    monkeypatch.setattr(render_module, "encode", encode)
    aborted(runner.invoke(cli, ["render", "simple1", "--out", str(tmp_path / "out")]))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("trigger", ["errors", "click"],
                         ids=["package root loading", "CLI loading"])
def test_ctrl_c_during_start_up(tmp_path: Path, trigger: str) -> None:
    """SIGINT while the package or the CLI's libraries load, sent by the process to
    itself from an import hook the moment *trigger* is imported: no timing assumed. The
    process starts the way pyproject's entry point script starts it."""
    script = textwrap.dedent(f"""
        import builtins, os, signal, sys
        sys.argv = [os.path.join("bin", "opencards"), "list"]
        real = builtins.__import__
        def hook(name, *args, **kwargs):
            if name == {trigger!r}:
                builtins.__import__ = real
                os.kill(os.getpid(), signal.SIGINT)
            return real(name, *args, **kwargs)
        builtins.__import__ = hook
        from generator.__main__ import run
        run()
        print("not interrupted")
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120, preexec_fn=default_ctrl_c)
    assert done.returncode == 130, done.stderr
    assert done.stderr.splitlines() == ["Aborted."]
    assert done.stdout == ""
    pyproject = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text()
    assert 'opencards = "generator.__main__:run"' in pyproject


def test_a_program_importing_the_package_keeps_its_ctrl_c() -> None:
    done = subprocess.run([sys.executable, "-c", "import signal, generator.cli; "
                           "print(signal.getsignal(signal.SIGINT) is "
                           "signal.default_int_handler)"],
                          capture_output=True, text=True, timeout=120,
                          preexec_fn=default_ctrl_c)
    assert done.stdout.strip() == "True", done.stderr
