"""Two Cards: a toy fifth game that lives in the test suite only.

It walks docs/architecture.md's "How to add a game": everything it needs is in this folder
(the rules in ``game``, a heuristic bot in ``heuristic``, its declaration in ``spec``) and
the tests register it with one line (``registered(SPEC)``); no file outside this folder
knows it.
"""
