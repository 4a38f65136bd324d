import pytest

from generator.model.units import mm_to_pt, parse_length


@pytest.mark.parametrize(("text", "mm"), [("25mm", 25.0), ("2.5cm", 25.0), ("0.125in", 3.175),
                                          ("9pt", 3.175), (25, 25.0), (0.5, 0.5), (" 3 mm ", 3.0)])
def test_parse_length(text, mm):
    assert parse_length(text) == pytest.approx(mm, abs=1e-9)


@pytest.mark.parametrize("text", ["25", "25 furlongs", "mm", True, None, [25]])
def test_parse_length_rejects(text):
    with pytest.raises(ValueError):
        parse_length(text)


def test_mm_to_pt():
    assert mm_to_pt(25.4) == pytest.approx(72.0)
