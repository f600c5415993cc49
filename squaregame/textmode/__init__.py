"""Text mode (``squaregame --text``): a game played line by line over the same game layer
and catalogs as the screens, for a screen reader, a pipe or a plain terminal.

It stands between the interface and the families: it never imports Textual, a widget or a
screen, and knows the families only through the registry it is handed."""
