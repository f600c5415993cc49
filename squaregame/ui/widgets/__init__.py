"""Widgets: each renders immutable position information and posts intent messages."""
