"""The drawing layer: model and style in, backend-neutral scenes in millimetres out
(``art/``), and thin backends that translate scenes to PDF, SVG and PNG (``backends/``).
"""
