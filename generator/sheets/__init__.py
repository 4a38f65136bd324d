"""Sheets and jobs: the sheet spec, n-up card sheets, board pieces, marks, the calibration
sheet (pure geometry), and the jobs that write files: the kit build, render, export, preview.
"""
