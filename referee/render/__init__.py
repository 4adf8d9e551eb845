"""Rich renderings of each game's position (the only place that knows about rich)."""
