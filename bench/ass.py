"""Times the Ass trick resolver: python bench/ass.py. The issue asks for under 1 ms a trick."""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.model.traditional import Suit, full_pack  # noqa: E402
from generator.ass import TrumpSetup, resolve  # noqa: E402


def main() -> None:
    rng = random.Random(1)
    pack = list(full_pack(6))
    tricks = []
    for _ in range(2000):
        rng.shuffle(pack)
        tricks.append(pack[: rng.randint(2, 4)])
    setups = [TrumpSetup.of(2), TrumpSetup.of(3, [Suit.HEARTS])]
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for setup in setups:
            for trick in tricks:
                resolve(trick, setup)
        best = min(best, (time.perf_counter() - start) / (len(tricks) * len(setups)))
    print(f"Ass trick resolver: {best * 1e6:.1f} µs a trick (best of 5, "
          f"{len(tricks) * len(setups)} random tricks of 2-4 cards)")


if __name__ == "__main__":
    main()
