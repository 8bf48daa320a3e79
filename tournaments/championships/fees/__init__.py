"""Fees: entry and table fees, the junior discount, "Nykomlingen", statements per club and team."""
