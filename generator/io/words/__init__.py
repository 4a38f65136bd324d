"""The word lists the word games use, shipped as data (``en.txt``, ``ru.txt``: one word a
line, most frequent first), and :mod:`.build`, which makes them (see README.md here)."""
