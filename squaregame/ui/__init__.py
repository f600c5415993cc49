"""The Textual app: screens and widgets. The only layer that imports textual."""
