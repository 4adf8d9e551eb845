"""The rules database: rule and ruling entries for the five games, indexed for search."""
