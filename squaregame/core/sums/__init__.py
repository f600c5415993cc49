"""sums."""
