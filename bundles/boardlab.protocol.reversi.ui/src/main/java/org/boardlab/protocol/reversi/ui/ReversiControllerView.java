package org.boardlab.protocol.reversi.ui;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.inject.Inject;
import javax.inject.Named;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.core.Registry;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.protocol.reversi.ControllerDisplay;
import org.boardlab.protocol.reversi.ReversiCodec;
import org.boardlab.protocol.reversi.ReversiMessage;
import org.boardlab.protocol.reversi.ReversiPositions;
import org.boardlab.workbench.BoardRenderer;
import org.boardlab.workbench.BoardWidget;
import org.boardlab.workbench.WorkbenchView;
import org.eclipse.sisu.inject.BeanLocator;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;

/**
 * Seed 004's graphic Game Controller as a workbench view (tab "Reversi GC"): connect to any Game
 * Master's controller port (boardlab's own, 127.0.0.1:14002 by default, or a team's), and it shows
 * both players' names, last moves, points and times, the board (the Othello board view) and the
 * scores, live; the buttons are the seed's: Continuous Mode, Step by Step Mode (each press one more
 * move), Board Size (at the next (re)start), (re)Start and Quit. The state lives in a
 * {@link RemoteController}; this view only draws it.
 *
 * <p>Below the address, the view can also seat players of its own on the GM's black and white ports
 * ({@link RemoteSeat}): a loaded player, or a person who plays by clicking on this board when it is
 * that colour's turn. So boardlab stands in for a team's missing player as well as for its GC.
 */
@Named("reversi-gc")
public final class ReversiControllerView implements WorkbenchView {

    private final Supplier<BoardRenderer> renderer;
    private final RemoteController model = new RemoteController();
    private Display display;
    private Text address;
    private Button connect;
    private final Label[] names = new Label[2];
    private final Label[] lastMoves = new Label[2];
    private final Label[] points = new Label[2];
    private final Label[] times = new Label[2];
    private Label scores;
    private Label message;
    private Spinner size;
    private BoardWidget board;
    private boolean refreshQueued;
    private final Supplier<List<String>> playerIds;
    private final Function<String, Player> players;
    private final RemoteSeat[] seats = new RemoteSeat[2];
    private final Combo[] seatChoice = new Combo[2];
    private final Text[] seatPort = new Text[2];
    private final Button[] seatButton = new Button[2];
    private final Label[] seatMessage = new Label[2];

    /** A seat's choice for a person at this board. */
    static final String PERSON = "a person at this board";
    /** A seat's choice for nobody. */
    static final String NOBODY = "nobody";
    /** How long a seated loaded player may think about one move (the seed's GM allows 10 s). */
    static final Duration THINKING = Duration.ofSeconds(2);

    @Inject
    public ReversiControllerView(BeanLocator locator, Registry registry) {
        this(() -> {
            Iterator<? extends org.eclipse.sisu.BeanEntry<?, BoardRenderer>> it = locator
                    .locate(com.google.inject.Key.get(BoardRenderer.class, com.google.inject.name.Names.named("othello")))
                    .iterator();
            return it.hasNext() ? it.next().getValue() : null;
        }, () -> othelloPlayers(registry), id -> registry.player(id).map(c -> c.get()).orElse(null));
    }

    /**
     * @param playerIds the loaded players that can play Othello, by id
     * @param players   a fresh player for an id, or {@code null} if it is not loaded
     */
    ReversiControllerView(Supplier<BoardRenderer> renderer, Supplier<List<String>> playerIds, Function<String, Player> players) {
        this.renderer = renderer;
        this.playerIds = playerIds;
        this.players = players;
    }

    private static List<String> othelloPlayers(Registry registry) {
        return registry.playerIdsFor(registry.game("othello").map(c -> c.get()).orElse(null));
    }

    RemoteController model() {
        return model;
    }

    @Override
    public String id() {
        return "reversi-gc";
    }

    @Override
    public String title() {
        return "Reversi GC";
    }

    @Override
    public int order() {
        return 60;
    }

    @Override
    public Control createControl(Composite parent) {
        display = parent.getDisplay();
        Composite top = new Composite(parent, SWT.NONE);
        top.setLayout(new GridLayout(3, false));

        Composite connection = new Composite(top, SWT.NONE);
        connection.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false, 3, 1));
        connection.setLayout(new GridLayout(3, false));
        new Label(connection, SWT.NONE).setText("Game Master's controller port:");
        address = new Text(connection, SWT.BORDER);
        address.setText("127.0.0.1:" + (ReversiCodec.DEFAULT_PORT + 2));
        address.setLayoutData(new GridData(180, SWT.DEFAULT));
        connect = button(connection, "Connect", this::connectOrDisconnect);

        Composite seatRow = new Composite(top, SWT.NONE);
        seatRow.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false, 3, 1));
        seatRow.setLayout(new GridLayout(5, false));
        seatControls(seatRow, 0, "Seat on black port:", ReversiCodec.DEFAULT_PORT);
        seatControls(seatRow, 1, "Seat on white port:", ReversiCodec.DEFAULT_PORT + 1);

        player(top, 0, "Black Player:");
        Composite middle = new Composite(top, SWT.NONE);
        middle.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        middle.setLayout(new GridLayout(1, false));
        BoardRenderer r = renderer.get();
        if (r != null) {
            board = r.create(middle);
            board.control().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
            board.onMove(this::clicked);
        } else {
            new Label(middle, SWT.WRAP).setText("(the Othello board view is not loaded)");
        }
        player(top, 1, "White Player:");

        Composite buttons = new Composite(top, SWT.NONE);
        buttons.setLayoutData(new GridData(SWT.CENTER, SWT.TOP, true, false, 3, 1));
        buttons.setLayout(new GridLayout(7, false));
        button(buttons, "Continuous Mode", model::continuous);
        button(buttons, "Step by Step Mode", model::step);
        size = new Spinner(buttons, SWT.BORDER);
        size.setValues(8, 4, 16, 0, 2, 2);
        button(buttons, "Board Size", () -> model.boardSize(size.getSelection()));
        button(buttons, "(re)Start", model::restart);
        button(buttons, "Quit", model::disconnect);

        scores = new Label(top, SWT.NONE);
        scores.setLayoutData(new GridData(SWT.CENTER, SWT.TOP, true, false, 3, 1));
        message = new Label(top, SWT.NONE);
        message.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false, 3, 1));
        model.onChange(this::queueRefresh);
        refresh();
        return top;
    }

    private void seatControls(Composite parent, int i, String title, int port) {
        new Label(parent, SWT.NONE).setText(title);
        seatPort[i] = new Text(parent, SWT.BORDER);
        seatPort[i].setText(Integer.toString(port));
        seatPort[i].setLayoutData(new GridData(60, SWT.DEFAULT));
        seatChoice[i] = new Combo(parent, SWT.READ_ONLY);
        seatChoice[i].setData("id", i == 0 ? "black-seat" : "white-seat");
        seatChoice[i].addListener(SWT.MouseDown, e -> fillSeatChoices(i));
        fillSeatChoices(i);
        seatButton[i] = button(parent, "Seat", () -> seatOrLeave(i));
        seatMessage[i] = new Label(parent, SWT.NONE);
        seatMessage[i].setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
    }

    private void fillSeatChoices(int i) {
        String chosen = seatChoice[i].getText();
        List<String> items = new ArrayList<>(List.of(NOBODY, PERSON));
        items.addAll(playerIds.get());
        seatChoice[i].setItems(items.toArray(String[]::new));
        int at = items.indexOf(chosen);
        seatChoice[i].select(at < 0 ? 0 : at);
    }

    /** Seats the chosen player on colour {@code i}'s port of the GM's host, or takes it away. */
    void seatOrLeave(int i) {
        RemoteSeat seat = seats[i];
        if (seat != null && !seat.view().over()) {
            seat.close();
            return;
        }
        String choice = seatChoice[i].getText();
        if (choice.isEmpty() || choice.equals(NOBODY)) {
            seatMessage[i].setText("choose who sits here first");
            return;
        }
        String text = address.getText().trim();
        int colon = text.lastIndexOf(':');
        String host = colon > 0 ? text.substring(0, colon) : "127.0.0.1";
        int port;
        try {
            port = Integer.parseInt(seatPort[i].getText().trim());
        } catch (NumberFormatException e) {
            seatMessage[i].setText("the port is a number, e.g. " + (ReversiCodec.DEFAULT_PORT + i));
            return;
        }
        seat(i, choice, host, port);
    }

    /** Seats {@code choice} ({@link #PERSON} or a player id) on {@code host:port}; for the view and its tests. */
    RemoteSeat seat(int i, String choice, String host, int port) {
        boolean person = choice.equals(PERSON);
        String name = person ? System.getProperty("user.name", "person") : choice;
        RemoteSeat seat = new RemoteSeat(name, person ? null : () -> {
            Player p = players.apply(choice);
            if (p == null) {
                throw new IllegalStateException("the player " + choice + " is not loaded");
            }
            return p;
        }, THINKING, this::queueRefresh);
        RemoteSeat old = seats[i];
        if (old != null) {
            old.close();
        }
        seats[i] = seat;
        if (seatChoice[i] != null && !seatChoice[i].isDisposed()) {
            fillSeatChoices(i);
            int at = seatChoice[i].indexOf(choice);
            if (at >= 0) {
                seatChoice[i].select(at);
            }
        }
        seat.connect(host, port);
        return seat;
    }

    /** A move clicked on the board: the move of the seated person whose turn it is, if any. */
    void clicked(org.boardlab.api.Move move) {
        if (!(move instanceof OthelloMove m)) {
            return;
        }
        for (RemoteSeat seat : seats) {
            if (seat != null && seat.person() && seat.view().turn() != null) {
                seat.play(m.col(), m.row());
                queueRefresh();
                return;
            }
        }
    }

    private void player(Composite parent, int i, String title) {
        Group g = new Group(parent, SWT.NONE);
        g.setText(title);
        g.setLayoutData(new GridData(SWT.FILL, SWT.TOP, false, false));
        g.setLayout(new GridLayout(1, false));
        names[i] = label(g);
        lastMoves[i] = label(g);
        points[i] = label(g);
        times[i] = label(g);
    }

    private static Label label(Composite parent) {
        Label l = new Label(parent, SWT.NONE);
        l.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        return l;
    }

    private static Button button(Composite parent, String text, Runnable action) {
        Button b = new Button(parent, SWT.PUSH);
        b.setText(text);
        b.addListener(SWT.Selection, e -> action.run());
        return b;
    }

    private void connectOrDisconnect() {
        if (model.view().connected()) {
            model.disconnect();
            return;
        }
        String text = address.getText().trim();
        int colon = text.lastIndexOf(':');
        try {
            model.connect(text.substring(0, colon), Integer.parseInt(text.substring(colon + 1)));
        } catch (RuntimeException e) {
            message.setText("give the controller port as HOST:PORT, e.g. 127.0.0.1:14002");
        }
    }

    /** From the connection's thread: one refresh on the UI thread, however many changes came meanwhile. */
    private void queueRefresh() {
        synchronized (this) {
            if (refreshQueued) {
                return;
            }
            refreshQueued = true;
        }
        Display d = display;
        if (d != null && !d.isDisposed()) {
            d.asyncExec(() -> {
                synchronized (this) {
                    refreshQueued = false;
                }
                if (scores != null && !scores.isDisposed()) {
                    refresh();
                }
            });
        }
    }

    /** Draws the model's view; on the UI thread. */
    void refresh() {
        RemoteController.View v = model.view();
        connect.setText(v.connected() ? "Disconnect" : "Connect");
        ReversiMessage.Status2 s = v.status();
        String[] last = {v.blackLastMove(), v.whiteLastMove()};
        long[] ms = {v.blackMillis(), v.whiteMillis()};
        for (int i = 0; i < 2; i++) {
            ReversiMessage.PlayerStatus p = s == null ? null : i == 0 ? s.black() : s.white();
            names[i].setText(p == null ? "-" : p.text());
            lastMoves[i].setText("Last Move:" + last[i]);
            points[i].setText("Points: " + (p == null ? "-" : p.points()));
            times[i].setText("Time: " + ms[i] + "ms");
        }
        ReversiMessage.End end = v.end();
        scores.setText(end == null ? "Scores : White=XXX Black=XXX" : ControllerDisplay.scores(end));
        message.setText((v.stepMode() ? "step by step; " : "continuous; ") + v.message());
        RemoteSeat.View waiting = null;
        ReversiMessage.Board seatBoard = null;
        for (int i = 0; i < 2; i++) {
            RemoteSeat seat = seats[i];
            RemoteSeat.View sv = seat == null ? null : seat.view();
            seatButton[i].setText(sv != null && !sv.over() ? "Leave" : "Seat");
            seatMessage[i].setText(sv == null ? "" : sv.name() + ": " + sv.message());
            if (sv != null && sv.turn() != null && sv.colour() != null) {
                waiting = sv;
            }
            if (sv != null && sv.lastBoard() != null) {
                seatBoard = sv.lastBoard();
            }
        }
        if (board != null && waiting != null) {
            // a person's turn: the board of the Next Turn, clickable for that colour
            ReversiMessage.Board b = waiting.turn();
            try {
                board.show(ReversiPositions.position(b, waiting.colour()), b.noLastMove() ? null : OthelloMove.at(b.lastX(), b.lastY()),
                        waiting.colour());
                if (s != null) {
                    board.setPlayerNames(s.black().text(), s.white().text());
                }
            } catch (RuntimeException e) {
                message.setText("cannot draw this board: " + e.getMessage());
            }
        } else if (board != null && v.board() == null && seatBoard != null) {
            ReversiMessage.Board b = seatBoard;
            try {
                board.show(ReversiPositions.position(b, Side.FIRST), b.noLastMove() ? null : OthelloMove.at(b.lastX(), b.lastY()), null);
            } catch (RuntimeException e) {
                message.setText("cannot draw this board: " + e.getMessage());
            }
        } else if (board != null && v.board() != null) {
            ReversiMessage.Board b = v.board();
            try {
                board.show(ReversiPositions.position(b, Side.FIRST), b.noLastMove() ? null : OthelloMove.at(b.lastX(), b.lastY()), null);
                if (s != null) {
                    board.setPlayerNames(s.black().text(), s.white().text());
                }
            } catch (RuntimeException e) {
                message.setText("cannot draw this board: " + e.getMessage());
            }
        }
        scores.getParent().layout(true, true);
    }

    /** For tests: the texts shown. */
    String shown() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 2; i++) {
            b.append(names[i].getText()).append('|').append(lastMoves[i].getText()).append('|').append(points[i].getText())
                    .append('|').append(times[i].getText()).append('\n');
        }
        return b.append(scores.getText()).append('\n').append(message.getText()).toString();
    }

    /** For tests: the seat on colour {@code i}'s port, or {@code null}. */
    RemoteSeat seat(int i) {
        return seats[i];
    }

    @Override
    public void dispose() {
        model.disconnect();
        for (RemoteSeat seat : seats) {
            if (seat != null) {
                seat.close();
            }
        }
    }
}
