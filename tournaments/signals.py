"""What the results app tells the layers above it, without importing them."""

from django.dispatch import Signal

# Sent inside the transaction that saves a tournament's results (a results file, a
# manual entry) or the facts its awards read, with ``tournament_id`` and ``version``
# (the report version the pipeline runs for). The pipeline's wiring (config.pipeline)
# queues its steps once the transaction commits.
results_changed = Signal()

# Sent inside the transaction that withdraws a report, with ``tournament``, before it
# goes: the apps above take back what they derived from it and bring its players'
# state to where it would be without it (config.pipeline.on_results_withdrawn).
results_withdrawn = Signal()
