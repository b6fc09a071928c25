"""Clash of Cultures (original 2012 edition): state, map, rules and content."""
