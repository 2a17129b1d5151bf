"""The rules of Two Dreidel and its family: the rules object, hand ranking, deck states,
deck sizes and the chip rules of one hand.
"""
