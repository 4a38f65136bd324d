"""``opencards shop``: the print-shop files as a command of their own, with only the
options a shop file has; ``build --shop`` is its alias and says so (issue 24)."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from generator.cli import cli


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), prog_name="opencards")
    return result.exit_code, result.stdout, result.stderr


def test_the_alias_writes_the_same_files_and_prints_the_same_lines(tmp_path: Path) -> None:
    code, out, err = _run("shop", "--only", "pack2", "--paper", "letter", "--out",
                          str(tmp_path / "shop"))
    assert code == 0 and err == ""
    code, alias_out, alias_err = _run("build", "--shop", "--only", "pack2", "--paper",
                                      "letter", "--out", str(tmp_path / "alias"))
    assert code == 0
    assert alias_err == ("note: build --shop is an alias of 'opencards shop', which takes "
                         "only the options a shop file has\n")
    assert alias_out == out.replace(str(tmp_path / "shop"), str(tmp_path / "alias"))
    assert (tmp_path / "shop" / "pack2-shop.pdf").read_bytes() == \
        (tmp_path / "alias" / "pack2-shop.pdf").read_bytes()


def test_help_of_both_says_what_the_alias_is() -> None:
    assert "An alias of 'opencards shop'" in _run("build", "--help")[1]
    shop_help = _run("shop", "--help")[1]
    # --bleed is the shop's own choice (issue 43), --die its die file.
    for option in ("--only", "--out", "--card-size", "--paper", "--icc", "--overprint-black",
                   "--bleed", "--die"):
        assert option in shop_help
    for option in ("--backs", "--marks", "--shop", "--cut"):
        assert option not in shop_help


def test_shop_refuses_a_home_printing_option_and_a_booklet(tmp_path: Path) -> None:
    code, _, err = _run("shop", "--backs", "glue", "--out", str(tmp_path))
    assert code == 2 or code == 1
    assert err.splitlines() == ["Error: No such option '--backs'. (see 'opencards shop "
                                "--help')"]
    code, _, err = _run("shop", "--only", "booklet-ru", "--out", str(tmp_path))
    assert code == 1 and "rule booklets have no print-shop file" in err
    assert list(tmp_path.iterdir()) == []


def test_the_alias_still_refuses_what_a_shop_file_has_not(tmp_path: Path) -> None:
    code, _, err = _run("build", "--shop", "--gap", "2", "--out", str(tmp_path))
    assert code == 1
    assert err.splitlines()[-1] == ("Error: --gap does not apply to --shop, whose files are "
                                    "single cards the shop lays out itself (see 'opencards "
                                    "build --help')")
