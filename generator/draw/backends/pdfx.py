"""PDF/X-1a:2003 files for print shops: pages drawn by the PDF backend in CMYK through a
profile, then given what the standard asks for and reportlab has no call for (pikepdf,
over qpdf): the OutputIntent with the profile embedded, the PDF/X version key, and a PDF
1.4 file without object streams.

What PDF/X-1a:2003 asks, and where it is met: every colour CMYK (the inks given to the
PDF backend turn every ``#rrggbb`` into CMYK, text included, and nothing is RGB); fonts
embedded (the backend embeds TrueType subsets); no transparency (the scene has none);
TrimBox and BleedBox on every page, inside the MediaBox; Title, CreationDate, ModDate and
Trapped in the document info; an ID in the trailer; PDF 1.4 at most. No preflight tool
(veraPDF, Acrobat) runs here: tests/test_shop.py checks each of these points itself.
"""
from __future__ import annotations

import io
from collections.abc import Sequence

import pikepdf

from . import pdf
from .colour import IccProfile, ProfiledInks
from ..scene import Page

#: What the files claim, in the document info's GTS_PDFXVersion.
PDFX_VERSION = "PDF/X-1a:2003"


def render(pages: Sequence[Page], profile: IccProfile, *, title: str,
           inks: ProfiledInks | None = None, overprint_black: bool = False) -> bytes:
    """*pages* as a PDF/X-1a:2003 file for the printing condition of *profile*; the same
    pages and profile always give the same bytes. *inks* may be passed to share one
    conversion (and its cache) between files. With *overprint_black*, solid black
    overprints (OP, op and OPM 1 in the graphics state, which PDF/X-1a allows). Lines
    thinner than :data:`.colour.THIN_LINE` print on one plate
    (:meth:`.ProfiledInks.one_plate`)."""
    inks = inks or ProfiledInks(profile)
    # Lines under 0.5 mm print on one plate (issue 43): a preflight refuses thin lines
    # that four plates out of register would blur.
    drawn = pdf.render(pages, title=title, inks=inks, overprint_black=overprint_black,
                       thin_inks=inks.one_plate)
    return conform(drawn, profile)


def conform(data: bytes, profile: IccProfile) -> bytes:
    """A PDF drawn in CMYK, with the OutputIntent for *profile* and the PDF/X keys added."""
    with pikepdf.open(io.BytesIO(data)) as doc:
        icc = pikepdf.Stream(doc, profile.data)
        icc.N = 4   # a CMYK profile: four components
        intent = pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String(profile.identifier),
            OutputCondition=pikepdf.String(profile.condition),
            Info=pikepdf.String(profile.description),
            DestOutputProfile=doc.make_indirect(icc))
        if profile.registry:
            intent.RegistryName = pikepdf.String(profile.registry)
        doc.Root.OutputIntents = pikepdf.Array([doc.make_indirect(intent)])
        for page in doc.pages:
            # reportlab writes an empty slide-show transition: nothing a press should see.
            if "/Trans" in page.obj:
                del page.obj["/Trans"]
        info = doc.docinfo
        info.GTS_PDFXVersion = pikepdf.String(PDFX_VERSION)
        info.Trapped = pikepdf.Name("/False")   # no trapping done: the shop may trap
        # reportlab's fixed date (the files are reproducible) is kept for both dates.
        info.ModDate = info.CreationDate
        out = io.BytesIO()
        # The ID is worked out from the content, so the same file gets the same bytes.
        doc.save(out, deterministic_id=True, force_version="1.4",
                 object_stream_mode=pikepdf.ObjectStreamMode.disable, compress_streams=True)
    return out.getvalue()
