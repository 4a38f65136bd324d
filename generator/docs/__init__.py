"""Documents about the games: figures of positions and moves (checked by the rule engine),
their gallery, and later the rule booklets.
"""
