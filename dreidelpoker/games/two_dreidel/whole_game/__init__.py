"""Whole games of Two Dreidel played to the last chip, and the bots that play them.
"""
