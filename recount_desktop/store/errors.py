class ElectionFileError(Exception):
    """An election file that cannot be created, opened or changed; the message names the file."""
