"""``opencards serve``: the board editor in the browser.

The top part of the package, beside :mod:`generator.cli`: it may import every part below
it, and nothing imports it. :mod:`.app` is the ASGI app and its JSON API, :mod:`.boards`
one board being set up and played, :mod:`.calls` every call into the library; the page
itself is plain HTML, CSS and JavaScript in ``static/``.
"""
