"""The bonus a DM final pays its best three, as the championship's page shows it.

Source: seed ``000_18af0e66f52a62b2.txt``, "Bonus för DM-finaler" (lines 1736-1771) and
seed ``003_796cec548aee39db.txt`` (lines 327-345, 471). The rulebook that pays it is
``awards/domain/sbf/dm_bonus.py``, above this app: the championship cannot import it, so
the page shows the seed's table from here, keyed like the award option ``dm_final``
(a test holds the two equal).
"""

from __future__ import annotations

from typing import Final

# Silver points per player for places 1, 2, 3, with the seed lines (English, Swedish).
BONUS: Final[dict[str, tuple[tuple[int, int, int], tuple[str, str]]]] = {
    "open": (
        (60, 40, 30),
        ("000 lines 1747-1750; 003 lines 335-339", "000 rad 1747-1750; 003 rad 335-339"),
    ),
    "other": (
        (10, 5, 3),
        ("000 lines 1752-1755; 003 lines 327-333", "000 rad 1752-1755; 003 rad 327-333"),
    ),
    "hcp30": ((10, 5, 3), ("003 lines 341-345", "003 rad 341-345")),
    "teams": (
        (42, 30, 21),
        ("000 lines 1738-1741; 003 line 471", "000 rad 1738-1741; 003 rad 471"),
    ),
}
HCP30_MIN_BOARDS: Final = 40  # 003 line 345
