"""The master points rules as plain Python: no Django, no I/O, no clock.

``core`` holds what every rulebook shares (colours, the facts of a competition,
awards with their reasons); each federation's rulebook is a package beside it
(``sbf`` for the Swedish Bridge Federation; the EBU's comes next) exposing one
object that satisfies :class:`awards.domain.core.Rulebook`.
"""
