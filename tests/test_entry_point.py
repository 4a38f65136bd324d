"""Importing the package changes no process state; the ``opencards`` entry point owns
Ctrl-C (issue 24)."""
from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from processes import default_ctrl_c


def _handlers_after(imports: str, argv0: str) -> str:
    """What importing *imports* changed in the process's signal handlers, in a fresh
    interpreter whose ``sys.argv[0]`` is *argv0* (the command's name, as the console
    script sets it, once made the package install a handler)."""
    script = textwrap.dedent(f"""
        import signal, sys
        sys.argv = [{argv0!r}, "list"]
        def handlers():
            found = {{}}
            for sig in signal.valid_signals():
                try:
                    found[int(sig)] = signal.getsignal(sig)
                except (OSError, ValueError):
                    pass
            return found
        before = handlers()
        {imports}
        after = handlers()
        print(sorted(sig for sig in before if before[sig] is not after.get(sig)))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          preexec_fn=default_ctrl_c,
                          timeout=120, check=True)
    return done.stdout.strip()


@pytest.mark.parametrize("argv0", ["opencards", "/usr/local/bin/opencards", "-c"])
@pytest.mark.parametrize("imports", [
    "import generator",
    "import generator.cli, generator.app",
    "from generator import Card, Pack, __version__",
    "import generator.__main__",
])
def test_importing_changes_no_signal_handler(imports: str, argv0: str) -> None:
    assert _handlers_after(imports, argv0) == "[]"


def test_the_check_sees_a_changed_handler() -> None:
    assert _handlers_after("signal.signal(signal.SIGINT, signal.SIG_IGN)", "-c") == "[2]"


def test_the_root_still_hands_on_the_model() -> None:
    import generator
    from generator.model.cards import Card
    assert generator.Card is Card
    assert "Card" in dir(generator) and "Card" in generator.__all__
    with pytest.raises(AttributeError):
        generator.Nothing  # noqa: B018
