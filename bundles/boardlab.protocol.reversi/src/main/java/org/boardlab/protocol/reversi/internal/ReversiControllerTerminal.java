package org.boardlab.protocol.reversi.internal;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.protocol.reversi.ControllerDisplay;
import org.boardlab.protocol.reversi.ReversiClient;
import org.boardlab.protocol.reversi.ReversiCodec;
import org.boardlab.protocol.reversi.ReversiMessage;
import org.boardlab.protocol.reversi.ReversiMessage.Control;
import org.boardlab.client.TerminalClient;
import org.boardlab.client.TerminalLoop;

/**
 * {@code boardlab gc HOST:PORT}: the seed's ASCII Game Controller. After every Status it prints both
 * players' names, last moves, points and times and the board (columns A.., rows 1.., N/B/W), then the
 * commands: (s) step, (c) continuous, (ch) change board size (asked on the next line, or {@code ch 10}),
 * (r) restart, (q) quit; at each End the line {@code Scores : White=... Black=...}. It runs until
 * (q), the end of the typed input, or the Game Master closes the connection.
 */
@Named("reversi-gc")
@Singleton
public final class ReversiControllerTerminal implements TerminalClient {

    @Override
    public int run(String host, int port, String name, AutoPlay autoPlay, BufferedReader in, PrintWriter out)
            throws Exception {
        if (autoPlay != null) {
            throw new IllegalArgumentException("the Game Controller has no player: --player goes with client reversi");
        }
        int p = port < 0 ? ReversiCodec.DEFAULT_PORT + 2 : port;
        ControllerDisplay display = new ControllerDisplay();
        TerminalLoop loop = new TerminalLoop("reversi-gc-keyboard");
        ReversiClient client = new ReversiClient(new ReversiClient.Listener() {
            @Override
            public void status(ReversiMessage.Board board, ReversiMessage.Status2 status) {
                display.status(board, status);
                ReversiTerminalClient.say(out, display.draw().stripTrailing());
            }

            @Override
            public void end(ReversiMessage.End end) {
                display.end(end);
                ReversiTerminalClient.say(out, ControllerDisplay.scores(end));
            }

            @Override
            public void controlAnswered(boolean ok) {
                ReversiTerminalClient.say(out, ok ? "OK" : "NOK: the Game Master refused the command");
            }

            @Override
            public void closed(org.boardlab.client.CloseReason reason) {
                ReversiTerminalClient.say(out, "disconnected: " + reason.detail());
                loop.connectionEnded();
            }
        });
        try {
            client.connect(host, p).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            ReversiTerminalClient.say(out, "cannot connect to the Game Controller port " + host + ":" + p + ": "
                    + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()));
            return 1;
        }
        ReversiTerminalClient.say(out, "connected to the Game Master's controller port " + host + ":" + p);
        ReversiTerminalClient.say(out, display.draw().stripTrailing());
        int[] mode = {Control.CONTINUOUS};
        boolean[] askingSize = {false};
        try {
            return loop.run(in, line -> {
                String l = line.toLowerCase(Locale.ROOT);
                if (askingSize[0] || l.startsWith("ch")) {
                    String rest = askingSize[0] ? l : l.substring(2).trim();
                    if (rest.isEmpty()) {
                        askingSize[0] = true;
                        ReversiTerminalClient.say(out, "new board size (even, 4..16; applies at the next restart):");
                        return false;
                    }
                    askingSize[0] = false;
                    try {
                        int n = Integer.parseInt(rest.replaceAll("x.*", "").trim());
                        if (n < 0 || n > 255) {
                            throw new NumberFormatException();
                        }
                        client.control(new Control(n, n, mode[0], 0));
                    } catch (NumberFormatException e) {
                        ReversiTerminalClient.say(out, "a board size is a number such as 10");
                    }
                    return false;
                }
                switch (l) {
                    case "s" -> {
                        mode[0] = Control.STEP;
                        client.control(new Control(0, 0, Control.STEP, 0));
                    }
                    case "c" -> {
                        mode[0] = Control.CONTINUOUS;
                        client.control(new Control(0, 0, Control.CONTINUOUS, 0));
                    }
                    case "r" -> client.control(new Control(0, 0, mode[0], 1));
                    case "q" -> {
                        return true;
                    }
                    case "" -> {
                    }
                    default -> ReversiTerminalClient.say(out, "commands: s, c, ch, r, q");
                }
                return false;
            }, () -> { }, () -> {
                client.close();
                client.closeFuture().completeOnTimeout(null, 5, TimeUnit.SECONDS).join();
                return 0;
            });
        } finally {
            client.close();
        }
    }
}
