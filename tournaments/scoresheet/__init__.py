"""The rubber and Chicago score sheet: a public page that scores deals as they are
played and prints the classic "We / They" sheet. Nothing is stored: the deals travel
in the page's form. The scoring itself is ``tournaments.domain.rubber``."""
