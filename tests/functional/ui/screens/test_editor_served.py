"""The level editor of a game served to a browser (`MAZEGAME_SERVED`, as `mazegame serve`
sets it), driven by Pilot: a Folder outside the data folder is refused on screen and no file
appears (an existing one is not offered for overwriting); inside the data folder it saves."""

import pytest

from mazegame.games.setup import GameSetup
from mazegame.locations import SERVED_VARIABLE
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.editor import EditorScreen
from mazegame.ui.screens.editor_dialogs import FieldsScreen


@pytest.fixture
def data(tmp_path, monkeypatch):
    """The game served, with a data folder of its own."""
    folder = tmp_path / "data"
    monkeypatch.setenv("MAZEGAME_DATA_DIR", str(folder))
    monkeypatch.setenv(SERVED_VARIABLE, "1")
    return folder


def editor_app(**options) -> MazeApp:
    """The app opened on the editor."""
    return MazeApp(GameSetup("editor", options=tuple(options.items())), warm_up=False)


async def save_in(pilot, helpers, folder) -> None:
    """Type this folder in the fields dialog's Folder and press Enter (Save)."""
    field = pilot.app.screen.query_one("#field-folder")
    field.focus()
    field.value = str(folder)
    await pilot.press("enter")
    await helpers.settle(pilot)


async def fill_and_save(pilot, helpers, level_id: str, folder) -> None:
    """ctrl+s on a new level: the fields dialog, an id and a folder, Save."""
    await pilot.press("ctrl+s")
    await helpers.settle(pilot)
    dialog = pilot.app.screen
    assert isinstance(dialog, FieldsScreen)
    dialog.query_one("#field-id").value = level_id
    await save_in(pilot, helpers, folder)


async def test_a_folder_outside_the_data_folder_is_refused_on_screen(helpers, data, tmp_path):
    outside = tmp_path / "project" / "sub"
    async with editor_app().run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        await fill_and_save(pilot, helpers, "my-level", outside)
        dialog = pilot.app.screen
        assert isinstance(dialog, FieldsScreen)  # still asking
        said = str(dialog.query_one("#setup-error").render())
        assert "only inside its data folder" in said.replace("\n", " ")
        assert not (tmp_path / "project").exists()
        await save_in(pilot, helpers, data / "levels" / ".." / ".." / "project")
        assert isinstance(pilot.app.screen, FieldsScreen)  # `..` out of the data folder
        said = str(dialog.query_one("#setup-error").render())
        assert said.endswith(f"not {tmp_path / 'project'}")  # resolved
        assert not (tmp_path / "project").exists()
        await save_in(pilot, helpers, data / "levels")
        assert isinstance(pilot.app.screen, EditorScreen)
        assert (data / "levels" / "my-level.toml").is_file()
        assert "saved" in pilot.app.screen.message


async def test_an_existing_file_outside_is_neither_offered_nor_overwritten(helpers, data,
                                                                            tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text("mine")
    # a level file opened outside (as `--new` would): ctrl+s saves without the dialog
    async with editor_app(new=str(project / "pyproject.toml")).run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        screen = pilot.app.screen
        await pilot.press("shift+right", "ctrl+s")
        await helpers.settle(pilot)
        assert pilot.app.screen is screen  # no "Overwrite it?" for the remote player to answer
        assert screen.message.startswith("not saved: ")
        assert "only inside its data folder" in screen.message
    assert (project / "pyproject.toml").read_text() == "mine"
    assert sorted(p.name for p in project.iterdir()) == ["pyproject.toml"]
