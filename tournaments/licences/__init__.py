"""EBU licences (issue #8): organisations apply, the office approves with a status
level, conditions and a fee, and follows the post-event duties.

The rules are in ``tournaments.domain.licences``; ``workflow`` moves a licence
through its states; ``forms``, ``views``, ``tables``, ``filters`` and ``urls``
serve the pages.
"""
