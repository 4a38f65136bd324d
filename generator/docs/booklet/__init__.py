"""Rule booklets: the flow of a booklet's blocks into pages with a contents list
(:mod:`.flow`; a line's typography in :mod:`.typography`, the units and geometry in
:mod:`.units`, blocks set as units in :mod:`.setter`, the index in :mod:`.index`, units
placed on pages in :mod:`.makeup`), the figures drawn by the figure code and checked by the rule engine
(:mod:`.figures`), saddle imposition (:mod:`.impose`) and the job tying them to the PDF
backend (:mod:`.build`). The content model is :mod:`generator.model.booklet`, its loader
:mod:`generator.io.booklets`, line breaking :mod:`generator.draw.text`."""
