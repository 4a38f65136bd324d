"""opencards printer save/list/show/delete, and --printer NAME for build and calibrate."""
from __future__ import annotations

import click

from ..app.options import Flip, Paper
from ..errors import one_line
from ..io import profiles
from ..io.profiles import Profile
from .sheet_options import sheet_options, with_profile



def _describe(profile: Profile) -> list[str]:
    x, y = profile.back_offset
    sx, sy = profile.back_scale
    margins = (",".join(f"{v:g}" for v in profile.margins) if profile.margins
               else f"{profile.margin:g}")
    return [f"paper        {profile.paper}", f"flip         {profile.flip}",
            f"margin{'s' if profile.margins else ' '}      {margins} mm",
            f"back offset  {x:g},{y:g} mm", f"back rotate  {profile.back_rotate:g} degrees",
            f"back scale   {sx:g},{sy:g}"]


def _options(profile: Profile) -> str:
    x, y = profile.back_offset
    sx, sy = profile.back_scale
    margin = ("--margins " + ",".join(f"{v:g}" for v in profile.margins) if profile.margins
              else f"--margin {profile.margin:g}")
    return (f"--paper {profile.paper} --flip {profile.flip} {margin} --back-offset {x:g},{y:g}"
            f" --back-rotate {profile.back_rotate:g} --back-scale {sx:g},{sy:g}")


@click.group("printer")
def printer() -> None:
    """Printer profiles: the paper, flip, margins and back correction that suit one
    printer, saved by name, for 'build --printer NAME' and 'calibrate --printer NAME'.
    They live in the user's config folder (OPENCARDS_CONFIG_DIR overrides it)."""


@printer.command("save")
@click.argument("name")
@sheet_options
def save_command(name: str, paper: Paper, flip: Flip, back_offset: tuple[float, float],
                 back_rotate: float, back_scale: tuple[float, float], margin: float,
                 margins: tuple[float, float, float, float] | None,
                 printer: str | None) -> None:
    """Save (or replace) the profile NAME from the options given; with --printer OTHER,
    start from that profile."""
    values = with_profile(printer, dict(paper=paper, flip=flip, margin=margin,
                                        margins=margins, back_offset=back_offset,
                                        back_rotate=back_rotate, back_scale=back_scale))
    profile = Profile(paper=values["paper"].value, flip=values["flip"].value,
                      margin=values["margin"], margins=tuple(values["margins"] or ()),
                      back_offset=values["back_offset"], back_rotate=values["back_rotate"],
                      back_scale=values["back_scale"])
    path = profiles.save(name, profile)
    click.echo(f"saved printer {name} to {path}: {_options(profile)}")


@printer.command("list")
def list_command() -> None:
    """List the saved profiles, and one line for each file in the profiles folder that
    cannot be used (which 'printer delete NAME' removes)."""
    found = profiles.survey()
    if not found:
        click.echo(f"no printer profiles in {profiles.config_dir() / 'printers'}")
    for name, profile in found:
        if isinstance(profile, Profile):
            click.echo(f"{name:<20}  {_options(profile)}")
        else:
            click.echo(f"{one_line(f'{name:<20}  unusable: {profile}')}")


@printer.command("show")
@click.argument("name")
def show_command(name: str) -> None:
    """Show one profile's settings."""
    profile = profiles.load(name)    # before any output: an error is then the only line
    click.echo(f"printer {name}")
    for line in _describe(profile):
        click.echo(f"  {line}")


@printer.command("delete")
@click.argument("name")
def delete_command(name: str) -> None:
    """Delete one profile."""
    click.echo(f"deleted {profiles.delete(name)}")
