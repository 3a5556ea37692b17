package org.boardlab.workbench.internal;

import static org.boardlab.workbench.internal.Widgets.bar;
import static org.boardlab.workbench.internal.Widgets.button;
import static org.boardlab.workbench.internal.Widgets.combo;
import static org.boardlab.workbench.internal.Widgets.label;
import static org.boardlab.workbench.internal.Widgets.setItems;
import static org.boardlab.workbench.internal.Widgets.setText;
import static org.boardlab.workbench.internal.Widgets.spinner;
import static org.boardlab.workbench.internal.Widgets.tag;

import java.util.List;
import org.boardlab.api.Side;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;

/**
 * The Match view's three bars above the board, bound to its {@link MatchModel}: the game, its options
 * and who plays each side (its {@link MatchSetup}); the server to play on for a side that is the
 * opponent on a server (its {@link RemoteGame}); and the match's controls (time, delay, step, pause,
 * restart, stop, records, live). The buttons that open dialogs run what the view gives.
 */
final class MatchBars {

    private final MatchModel model;
    private final Combo gameCombo;
    private final Text optionsText;
    private final Combo[] sideCombos = new Combo[2];
    private final Button stepMode;
    private final Button pauseButton;

    /**
     * @param exportRecord what the Export button does (a file dialog, then {@link MatchModel#writeRecord})
     * @param importRecord what the Import button does
     * @param openStored   what the Open stored button does (the stored games' dialog)
     */
    MatchBars(Composite root, MatchModel model, Runnable exportRecord, Runnable importRecord, Runnable openStored) {
        this.model = model;
        MatchSetup setup = model.setup();
        Composite choices = bar(root, 9);
        gameCombo = combo(choices, "Game:", "game", 120);
        gameCombo.addListener(SWT.Selection, e -> model.chooseGame(gameCombo.getText()));
        optionsText = tag(new Text(label(choices, "Options:"), SWT.BORDER), "options");
        optionsText.setMessage("e.g. size=10");
        optionsText.setLayoutData(new GridData(110, SWT.DEFAULT));
        optionsText.addListener(SWT.Modify, e -> model.setOptions(optionsText.getText()));
        for (Side side : Side.values()) {
            Combo combo = combo(choices, side == Side.FIRST ? "First:" : "Second:", side == Side.FIRST ? "first" : "second", 210);
            combo.addListener(SWT.Selection, e -> setup.choose(side, combo.getText()));
            sideCombos[side.index()] = combo;
        }
        button(choices, "start", "Start", model::start);

        // the side here plays on somebody's server, when the other side is "the opponent on a server (...)"
        RemoteGame remote = model.remote();
        Composite remoteBar = bar(root, 8);
        Text address = tag(new Text(label(remoteBar, "Server (for an opponent on a server):"), SWT.BORDER), "remote-address");
        address.setText(remote.address());
        address.setMessage("HOST:PORT");
        address.setToolTipText("The server to play on: a team's, or boardlab's own (127.0.0.1:10000 Othello, 127.0.0.1:23334 Gomoku, 127.0.0.1:8888 Dots)");
        address.setLayoutData(new GridData(160, SWT.DEFAULT));
        address.addListener(SWT.Modify, e -> remote.setAddress(address.getText()));
        Text name = tag(new Text(label(remoteBar, "Name:"), SWT.BORDER), "remote-name");
        name.setText(remote.name());
        name.setToolTipText("The name to log in with (Othello, Dots: a name the server does not know is registered); "
                + "Gomoku's protocol has no names");
        name.setLayoutData(new GridData(110, SWT.DEFAULT));
        name.addListener(SWT.Modify, e -> remote.setName(name.getText()));
        // a field of its own that shows no characters: the password is never on the screen (it was typed after the name)
        Text password = tag(new Text(label(remoteBar, "Password:"), SWT.BORDER | SWT.PASSWORD), "remote-password");
        password.setToolTipText("Dots: the account's password (at least 6 characters); empty: 'workbench'. Shown nowhere");
        password.setLayoutData(new GridData(90, SWT.DEFAULT));
        password.addListener(SWT.Modify, e -> remote.setPassword(password.getText()));
        Text invite = tag(new Text(label(remoteBar, "Invite:"), SWT.BORDER), "remote-invite");
        invite.setMessage("empty: accept an invitation");
        invite.setToolTipText("Othello, Dots: the name to invite on the server; empty: accept the first invitation. "
                + "Gomoku: the server pairs the players itself");
        invite.setLayoutData(new GridData(150, SWT.DEFAULT));
        invite.addListener(SWT.Modify, e -> remote.setInvite(invite.getText()));

        Composite controls = bar(root, 13);
        Spinner time = spinner(controls, "Time per move (s):", "time", 10, 1, 3600, 1);
        time.addListener(SWT.Selection, e -> setup.setSecondsPerMove(time.getSelection()));
        Spinner delay = spinner(controls, "Delay (ms):", "delay", 300, 0, 5000, 100);
        delay.addListener(SWT.Selection, e -> setup.setDelayMillis(delay.getSelection()));
        stepMode = tag(new Button(controls, SWT.CHECK), "step-mode");
        stepMode.setText("Step by step");
        stepMode.addListener(SWT.Selection, e -> model.setStepMode(stepMode.getSelection()));
        button(controls, "step", "Step", model::step);
        pauseButton = button(controls, "pause", "Pause", model::togglePause);
        button(controls, "restart", "Restart", model::restart).setToolTipText("Start the game again; new options (e.g. size=10) apply now");
        button(controls, "stop", "Stop", model::stop);
        button(controls, "export", "Export…", exportRecord);
        button(controls, "import", "Import…", importRecord);
        button(controls, "open-stored", "Open stored…", openStored)
                .setToolTipText("Open a game from the store (every game played here, in matches, tournaments and on the server)");
        button(controls, "live", "Live", model::live);
    }

    /**
     * Widens a side's combo to show its longest choice whole ("the opponent on a server (othello)" was
     * cut at 210 px); it never narrows again, so the bar does not move as games are chosen.
     */
    private static void wideEnough(Combo combo) {
        GridData data = (GridData) combo.getLayoutData();
        int needed = combo.computeSize(SWT.DEFAULT, SWT.DEFAULT, true).x;
        if (needed > data.widthHint) {
            data.widthHint = needed;
            combo.getParent().layout(true);
        }
    }

    /** Shows the games, the side choices and the choices made, and the chosen players' limits in {@code limits}. */
    void showChoices(Label limits) {
        MatchSetup setup = model.setup();
        setText(limits, setup.limitsText());
        setItems(gameCombo, setup.games(), setup.chosenGame());
        List<String> choices = setup.sideChoices();
        for (Side s : Side.values()) {
            setItems(sideCombos[s.index()], choices, setup.chosen(s));
            wideEnough(sideCombos[s.index()]);
        }
        if (!optionsText.getText().trim().equals(setup.optionsText())) {
            optionsText.setText(setup.optionsText());
        }
    }

    /** Shows paused or not, step by step or not. */
    void showMode() {
        pauseButton.setText(model.paused() ? "Resume" : "Pause");
        stepMode.setSelection(model.stepMode());
    }
}
