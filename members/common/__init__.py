"""Plumbing every app shares, importing no app: bulk writes (``bulk``), the locked
state change of a workflow step (``transitions``) and the parts one app adds to
another's page (``pages``)."""
