"""The district official's pages: heats, registrations, confirming the final's places, replacements, and the audit trail."""
