"""Silver and gold sanctions: the club's application, the district's and the
office's decisions, and the level a reported event reaches (issue #7).

The rules themselves are in ``tournaments.domain.sanctions``; this package maps
rows to them (``services``), moves applications through their states
(``workflow``) and serves the pages (``forms``, ``views``, ``tables``, ``urls``).
"""
