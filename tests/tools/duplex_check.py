#!/usr/bin/env python3
# The outside duplex judge, kept beside the tests so that a bare clone runs them (issue 28):
# a copy of the registration check the project was given with its brief (shared/tools).
"""Measure front/back registration of a duplex PDF from its pixels.

Pages are taken in pairs (1,2), (3,4), ...: the way a duplex printer pairs them.
The back page is mirrored as the sheet turns (long edge: left-right, short edge:
top-bottom). Horizontal edges (card tops and bottoms, mark arms) are projected onto
the y axis and vertical edges onto the x axis; the shift that best lines up each pair
of profiles is the back's misregistration. Prints one line per pair: dx dy in mm.
Usage: duplex_check.py FILE.pdf long|short [DPI]   (needs pypdfium2 and numpy)
A correct duplex file reads dx = dy = 0 (within 0.05 mm); with --back-offset X,Y it reads
the offset as it lands after the sheet turns.
"""
import sys
import numpy as np
import pypdfium2 as pdfium

path, flip = sys.argv[1], sys.argv[2]
dpi = float(sys.argv[3]) if len(sys.argv) > 3 else 200.0
mm_per_px = 25.4 / dpi


def profiles(page, flip_x=False, flip_y=False):
    img = page.render(scale=dpi / 72.0).to_numpy().astype(np.float32)[..., :3]
    if flip_x: img = img[:, ::-1]
    if flip_y: img = img[::-1, :]
    gx = (np.abs(np.diff(img, axis=1)).sum(axis=2) > 60).astype(np.float32)  # vertical edges
    gy = (np.abs(np.diff(img, axis=0)).sum(axis=2) > 60).astype(np.float32)  # horizontal edges
    return blur(gx.sum(axis=0)), blur(gy.sum(axis=1))


def blur(p, sigma=2.0):
    """Edges land on one pixel or the next; smoothing lets fractional shifts still meet."""
    k = np.exp(-0.5 * (np.arange(-8, 9) / sigma) ** 2)
    return np.convolve(p, k / k.sum(), mode="same")


def shift(a, b):
    """Shift t (pixels) maximising sum a(x) b(x + t), sub-pixel by parabola fit; and its score."""
    n = len(a) + len(b)
    c = np.real(np.fft.ifft(np.fft.fft(b, n) * np.conj(np.fft.fft(a, n))))
    i = int(np.argmax(c))
    cm, c0, cp = c[i - 1], c[i], c[(i + 1) % n]
    d = cm - 2 * c0 + cp
    t = i + (0.0 if d == 0 else 0.5 * (cm - cp) / d)
    if t > n / 2: t -= n
    return t, c0 / max(1e-9, np.sqrt((a * a).sum() * (b * b).sum()))


pdf = pdfium.PdfDocument(path)
n = len(pdf)
if n < 2 or n % 2:
    print(f"{path}: {n} pages; a duplex file needs front/back pairs")
    sys.exit(1)
for i in range(0, n, 2):
    fx, fy = profiles(pdf[i])
    bx, by = profiles(pdf[i + 1], flip_x=(flip == "long"), flip_y=(flip == "short"))
    if len(fx) != len(bx) or len(fy) != len(by):
        print(f"pages {i+1}/{i+2}: sizes differ"); sys.exit(1)
    dx, sx = shift(fx, bx)
    dy, sy = shift(fy, by)
    # pixel rows grow downward; report dy upward like PDF coordinates
    print(f"pair {i+1}/{i+2}: dx={dx*mm_per_px:+.3f} mm dy={-dy*mm_per_px:+.3f} mm match={min(sx, sy):.2f}")
