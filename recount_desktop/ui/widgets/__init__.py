"""Building blocks the pages and the window share: widgets, dialogs, table models; none writes to the
election file."""
