"""Card, letter and board art: model + style -> scene groups in millimetres."""
