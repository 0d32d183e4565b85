"""The main window's pages, one module each, and the modules only one page uses."""
