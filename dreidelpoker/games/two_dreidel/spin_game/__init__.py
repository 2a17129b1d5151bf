"""The heads-up spin game (one spin's call/fold and betting), its exact solver, and the
``equilibrium`` bot that plays its solution in whole games.
"""
