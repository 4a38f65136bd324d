"""Thin backends that translate scene Pages into PDF, SVG and PNG bytes."""
