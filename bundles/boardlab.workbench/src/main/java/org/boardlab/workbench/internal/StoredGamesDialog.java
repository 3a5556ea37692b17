package org.boardlab.workbench.internal;

import static org.boardlab.workbench.internal.Widgets.tag;

import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.boardlab.store.StoredGame;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;

/**
 * The Match view's "Open stored game" dialog: the filters of {@link StoredGames} (player, game,
 * tournament, result, since a day) above the games they let through, newest first; Open (or a
 * double-click) loads the chosen game with its moves and hands it on, and the dialog closes. It does
 * not block: the window stays modal to the workbench until it is closed. Widgets are tagged under
 * {@link MatchView#ID} (the dialog's shell {@code stored-games}).
 */
final class StoredGamesDialog {

    private final StoredGames model;
    private final Consumer<StoredGame> opened;
    private final Shell shell;
    private final Table table;
    private final Label summary;
    private List<StoredGames.Row> rows = List.of();

    private StoredGamesDialog(Shell parent, StoredGames model, List<String> games, Consumer<StoredGame> opened) {
        this.model = model;
        this.opened = opened;
        shell = tag(new Shell(parent, SWT.DIALOG_TRIM | SWT.RESIZE | SWT.APPLICATION_MODAL), "stored-games");
        shell.setText("Open a stored game");
        shell.setLayout(new GridLayout(1, false));

        Composite filters = Widgets.bar(shell, 11);
        Text player = text(filters, "Player:", "filter-player", 110, "either side");
        player.addListener(SWT.Modify, e -> model.setPlayer(player.getText()));
        Combo game = tag(new Combo(Widgets.label(filters, "Game:"), SWT.READ_ONLY), "filter-game");
        game.add("");
        games.forEach(game::add);
        game.addListener(SWT.Selection, e -> {
            model.setGame(game.getText());
            refresh();
        });
        Text tournament = text(filters, "Tournament:", "filter-tournament", 110, "its name");
        tournament.addListener(SWT.Modify, e -> model.setTournament(tournament.getText()));
        Combo result = tag(new Combo(Widgets.label(filters, "Result:"), SWT.READ_ONLY), "filter-result");
        StoredGames.RESULTS.forEach(r -> result.add(r));
        result.addListener(SWT.Selection, e -> {
            model.setResult(result.getText());
            refresh();
        });
        Text since = text(filters, "Since:", "filter-since", 90, "2026-11-28");
        since.addListener(SWT.Modify, e -> model.setSince(since.getText()));
        for (Text t : List.of(player, tournament, since)) {
            t.addListener(SWT.DefaultSelection, e -> refresh()); // Enter in a field lists again
        }
        Widgets.button(filters, "filter", "List", this::refresh);

        summary = tag(new Label(shell, SWT.NONE), "stored-summary");
        summary.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        table = tag(new Table(shell, SWT.BORDER | SWT.FULL_SELECTION | SWT.SINGLE | SWT.V_SCROLL), "stored-list");
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        GridData td = new GridData(SWT.FILL, SWT.FILL, true, true);
        td.heightHint = 320;
        table.setLayoutData(td);
        String[][] columns = {{"#", "56"}, {"Ended", "130"}, {"Game", "80"}, {"First", "120"}, {"Second", "120"}, {"Score", "50"},
            {"Moves", "52"}, {"Tournament", "110"}, {"Played in", "80"}, {"Result", "420"}};
        for (String[] c : columns) {
            TableColumn column = new TableColumn(table, SWT.NONE);
            column.setText(c[0]);
            column.setWidth(Integer.parseInt(c[1]));
        }
        table.addListener(SWT.DefaultSelection, e -> openChosen());

        Composite buttons = Widgets.bar(shell, 2);
        ((GridData) buttons.getLayoutData()).horizontalAlignment = SWT.END;
        ((GridData) buttons.getLayoutData()).grabExcessHorizontalSpace = true;
        Button open = Widgets.button(buttons, "open-stored-game", "Open", this::openChosen);
        Widgets.button(buttons, "cancel", "Cancel", shell::close);
        shell.setDefaultButton(open);
        refresh();
        shell.setSize(1240, 520);
        shell.setLocation(parent.getLocation().x + 40, parent.getLocation().y + 60);
    }

    /** Opens the dialog over {@code parent}; {@code opened} gets the game chosen (with its moves). */
    static Shell open(Shell parent, StoredGames model, List<String> games, Consumer<StoredGame> opened) {
        StoredGamesDialog dialog = new StoredGamesDialog(parent, model, games, opened);
        dialog.shell.open();
        return dialog.shell;
    }

    private static Text text(Composite bar, String label, String role, int width, String hint) {
        Text t = tag(new Text(Widgets.label(bar, label), SWT.BORDER), role);
        t.setMessage(hint);
        t.setLayoutData(new GridData(width, SWT.DEFAULT));
        return t;
    }

    /** Lists the games the filters let through again. */
    private void refresh() {
        table.removeAll();
        try {
            rows = model.rows();
            summary.setText(StoredGames.summary(rows));
        } catch (RuntimeException e) {
            rows = List.of();
            summary.setText("Cannot list the games: " + e.getMessage());
        }
        for (StoredGames.Row r : rows) {
            TableItem item = new TableItem(table, SWT.NONE);
            item.setText(new String[] {Long.toString(r.id()), r.ended(), r.game(), r.first(), r.second(), r.score(),
                Integer.toString(r.plies()), r.tournament(), r.origin(), r.result()});
        }
        if (!rows.isEmpty()) {
            table.select(0);
        }
    }

    private void openChosen() {
        int index = table.getSelectionIndex();
        if (index < 0 || index >= rows.size()) {
            summary.setText("Choose a game in the list first.");
            return;
        }
        long id = rows.get(index).id();
        StoredGame game;
        try {
            game = model.open(id);
        } catch (RuntimeException e) {
            summary.setText(String.format(Locale.ROOT, "Cannot open game %d: %s", id, e.getMessage()));
            return;
        }
        shell.close();
        opened.accept(game);
    }
}
