"""The Swedish Bridge Federation's master points rulebook, "Svenska mästarpoäng 2014-2015".

Source: ``000_18af0e66f52a62b2.txt``, chapters 2, 5 and 9. One module per table (or
table family) holds its printed rows, its principle, its minimum field and boards and
the options it reads; ``rules`` holds the rules several tables share, ``pairs`` and
``teams`` the awards of a whole event, ``rulebook`` the object that names the tables.
``docs/awards.md`` maps each table to its module.
"""

from .options import OPTION_NAMES, OptionName
from .rulebook import SBF, TABLE_NAMES, SbfRulebook

__all__ = ["OPTION_NAMES", "SBF", "TABLE_NAMES", "OptionName", "SbfRulebook"]
