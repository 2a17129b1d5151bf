"""One player's deck cycle: put-back policies, the exact deck-cycle Markov chain and the best
put-back strategy (a Markov decision process).
"""
