"""piles."""
