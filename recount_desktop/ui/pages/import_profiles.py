"""Saved layout profiles in the wizard: the list to pick from, and saving a correction under a name.

The profiles are the importer's TOML files (``importers.profiles``) in the user's data folder
(platformdirs, through ``appstate``; the folder is passed in, so the importer need not know it),
the same files ``import --profile FILE`` reads.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtWidgets import QComboBox

from recount_desktop import appstate
from recount_desktop.importers.profiles import (
    LayoutProfile,
    ProfileError,
    list_profiles,
    load_profile,
    save_profile,
)

NO_PROFILE = "(none: find the layout)"
FOLDER_NAME = "layout-profiles"


def profiles_folder() -> Path:
    """``layout-profiles`` in the user's data folder (platformdirs, as for the app's other files)."""
    folder = appstate.app_dir("data") / FOLDER_NAME
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def profile_file(name: str, folder: Path | None = None) -> Path:
    """``Alamosa County abstract`` -> ``alamosa-county-abstract.toml`` in the profiles folder."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "profile"
    return (folder or profiles_folder()) / f"{slug}.toml"


def save_named_profile(profile: LayoutProfile) -> Path:
    """Write the profile to the user's profiles folder (a profile of the same name is replaced)."""
    return save_profile(profile, profile_file(profile.name))


class ProfilePicker(QComboBox):
    """The saved profiles by name; the item's data is the file, so the wizard can load it."""

    def __init__(self) -> None:
        super().__init__(objectName="profilePicker")
        self.refresh()

    def refresh(self, chosen: Path | None = None) -> None:
        self.blockSignals(True)
        self.clear()
        self.addItem(NO_PROFILE, None)
        for path in list_profiles(profiles_folder()):
            try:
                name = load_profile(path).name
            except ProfileError:
                name = f"{path.stem} (cannot be read)"
            self.addItem(name, str(path))
            if chosen is not None and path == chosen:
                self.setCurrentIndex(self.count() - 1)
        self.blockSignals(False)

    def chosen_path(self) -> Path | None:
        data = self.currentData()
        return Path(data) if data else None
