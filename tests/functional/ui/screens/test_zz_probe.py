from mazegame.games.setup import GameSetup
from mazegame.ui.app import MazeApp
from mazegame.ui.screens.editor_dialogs import FieldsScreen

async def test_enter(helpers, tmp_path):
    app = MazeApp(GameSetup("editor"), warm_up=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await helpers.settle(pilot)
        await pilot.press("ctrl+s")
        await helpers.settle(pilot)
        s = app.screen
        print(type(s), app.focused)
        app.screen.query_one("#field-folder").value = str(tmp_path)
        await pilot.click("#field-id")
        await pilot.press(*"abc")
        print("id", app.screen.query_one("#field-id").value, app.focused)
        await pilot.press("enter")
        await helpers.settle(pilot)
        print(type(app.screen), list(tmp_path.iterdir()))
        print(str(app.screen.query_one("#setup-error").render()) if isinstance(app.screen, FieldsScreen) else "")
