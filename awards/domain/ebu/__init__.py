"""The English Bridge Union's master points rulebook (seed ``001_4cb9a3c6036a851e.txt``,
the Licensing and Master Points Handbook, chapters 2-6 and the Appendix). ``core``
holds what every part shares; each other module one section of the Handbook;
``docs/awards-ebu.md`` maps each section to its module.
"""
