"""Files in and out: TOML reading with key paths, the template Library, game and layout
loading, word lists, where the shipped data lives, atomic writes.
"""
