"""DM Lag: heat and team checks, the semifinal draw, the final and the SM semifinal places."""
