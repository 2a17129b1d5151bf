"""Duel, a toy game from outside dreidelpoker: every player gets one card from a deck of
``deck_size`` distinct cards; seat 1 raises or checks, then both seats reveal "stay" or
"leave" together, and the higher card among those who stay wins the stake. Its showdown
alone (the highest card wins) is the analysis side.

It is the example of docs/architecture.md, "Adding a game": a package, a manifest and one
entry point in its own ``pyproject.toml``.
"""
