"""The model of the card system: cards, packs, letter sets, boards, layouts, lengths.

Standard library only; it knows nothing of files, drawing or the command line.
"""
