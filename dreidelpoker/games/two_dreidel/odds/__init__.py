"""Exact odds and equity: kept-hand odds, equity against opponents, what a player knows of an
opponent from the discards, equity at the table and spin decisions.
"""
