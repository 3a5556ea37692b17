package org.boardlab.protocol.dots.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.client.TerminalClient;
import org.boardlab.client.TerminalLoop;

/**
 * {@code boardlab client dots}: seed 002's web game from a terminal or a script, over HTTP and Bayeux
 * long-polling ({@link DotsWebClient}), against boardlab's server or the original html5-dots server.
 *
 * <p>Without {@code --name} the user types {@code register NAME PASSWORD} and {@code login NAME
 * PASSWORD}. With {@code --name NAME} the first line of the input is the password: the client logs in,
 * and if the server does not know the name it registers it first (so a script's bot needs no setup).
 * Once logged in the client is in the lobby and sends a heartbeat every 5 s.
 *
 * <p>Commands: {@code who [TEXT]} (the lobby, by rating; only names containing TEXT), {@code invite
 * NAME}, {@code cancel}, {@code accept}, {@code decline}; in a game {@code COLUMN,ROW} (or {@code move
 * COLUMN,ROW}; columns 0 to 38 from the left, rows 0 to 31 from the top, boardlab's notation),
 * {@code draw} (offer a draw), {@code end} (offer to end the game at the current score), {@code
 * accept}/{@code decline} (the opponent's offer), {@code board}, {@code leave} (a loss); {@code help},
 * {@code quit}.
 *
 * <p>With {@code --player ID} a loaded player moves on the user's turns, accepts every invitation (or,
 * with {@code --invite NAME}, invites NAME whenever both are in the lobby, or accepts NAME's invitation
 * instead; when the two invite each other, the one with the lower user id accepts the other's and takes
 * back its own, so that two such clients make one game on any server) and declines offers; the client
 * quits after {@code --games N} games.
 */
@Named("dots")
@Singleton
public final class DotsTerminalClient implements TerminalClient {

    static final String COMMANDS = "register NAME PASSWORD, login NAME PASSWORD, who [TEXT], invite NAME, cancel, accept, "
            + "decline, COLUMN,ROW (a move, e.g. 12,7), draw, end, board, leave, help, quit";

    private static final Pattern POINT = Pattern.compile("(?:move\\s+)?(-?\\d+)\\s*,\\s*(-?\\d+)");

    private final Duration heartbeat;
    private final Duration gameoverGrace;

    /** The client Sisu builds: a heartbeat every 5 s, as the seed's page sends. */
    public DotsTerminalClient() {
        this(DotsWebClient.HEARTBEAT);
    }

    /** For tests: heartbeats at another interval. */
    DotsTerminalClient(Duration heartbeat) {
        this(heartbeat, DotsWebClient.GAMEOVER_GRACE);
    }

    /** For tests: heartbeats at another interval, and the longest a gameover waits for a move still on its way. */
    DotsTerminalClient(Duration heartbeat, Duration gameoverGrace) {
        this.heartbeat = heartbeat;
        this.gameoverGrace = gameoverGrace;
    }

    @Override
    public int run(String host, int port, String name, AutoPlay autoPlay, BufferedReader in, PrintWriter out) throws Exception {
        if (autoPlay != null && (name == null || name.isBlank())) {
            throw new IllegalArgumentException("--player needs --name NAME: the player logs in as NAME (the password is the first line of the input)");
        }
        if (autoPlay != null && autoPlay.invite() != null && autoPlay.invite().equals(name)) {
            throw new IllegalArgumentException("--invite " + autoPlay.invite() + ": you cannot invite yourself");
        }
        if (name != null && (name.isBlank() || name.length() > org.boardlab.protocol.dots.DotsWire.MAX_NAME)) {
            throw new IllegalArgumentException("--name must have 1 to " + org.boardlab.protocol.dots.DotsWire.MAX_NAME + " characters");
        }
        return new Session(out, autoPlay).run(host, port < 0 ? DotsProtocol.DEFAULT_PORT : port, name, in);
    }

    /** One run of the client. */
    private final class Session implements DotsWebClient.Listener {
        private final PrintWriter out;
        private final AutoPlay autoPlay;
        private final TerminalLoop loop = new TerminalLoop("dots-client-keyboard");
        private DotsWebClient client;

        Session(PrintWriter out, AutoPlay autoPlay) {
            this.out = out;
            this.autoPlay = autoPlay;
            if (autoPlay != null) {
                loop.playOnWhenTypingEnds();
            }
        }

        @Override
        public synchronized void said(String text) {
            out.println(text);
            out.flush();
        }

        @Override
        public void closed(String why) {
            if (why != null) {
                said(why);
                loop.connectionEnded();
            }
        }

        int run(String host, int port, String name, BufferedReader in) throws InterruptedException, IOException {
            client = new DotsWebClient(host, port, heartbeat, gameoverGrace, this);
            try {
                said("dots client for " + client.base() + "; commands: " + COMMANDS);
                if (name != null) {
                    said("password for " + name + " (the first line of the input; the account is made if the name is new):");
                    String password = in.readLine();
                    if (password == null) {
                        said("no password given: the input ended");
                        return 1;
                    }
                    if (!logInOrRegister(name, password)) {
                        return 1;
                    }
                }
                if (autoPlay != null) {
                    client.play(new DotsWebClient.Seat(autoPlay.player(), autoPlay.timePerMove(), autoPlay.invite(),
                            autoPlay.games(), autoPlay.invite() == null, 1));
                    client.seatDone().thenRun(loop::gamesPlayed);
                    said(autoPlay.playerId() + " plays for you: " + (autoPlay.invite() == null ? "it accepts every invitation"
                            : "it invites " + autoPlay.invite() + " whenever you are both in the lobby, or accepts "
                            + autoPlay.invite() + "'s invitation")
                            + (autoPlay.games() == 0 ? "" : ", for " + autoPlay.games() + " game" + (autoPlay.games() == 1 ? "" : "s")));
                }
                return loop.run(in, this::typed, () -> said("played " + client.seatDone().join() + " game"
                        + (client.seatDone().join() == 1 ? "" : "s") + "; bye"), () -> 0);
            } catch (IllegalStateException e) {
                said(e.getMessage());
                return 1;
            } finally {
                client.close();
            }
        }

        /** Logs in; a name the server does not know is registered first. */
        private boolean logInOrRegister(String name, String password) {
            DotsWebClient.Answer a = client.login(name, password);
            if (a.status() == 401) {
                DotsWebClient.Answer r = client.register(name, password);
                if (r.ok()) {
                    said("registered " + name);
                    a = client.login(name, password);
                } else if (r.status() == 406 && r.body().contains("Already exists")) {
                    said("cannot log in as " + name + ": wrong password (" + a.text() + ")");
                    return false;
                } else {
                    said("cannot register " + name + ": " + r.text());
                    return false;
                }
            }
            if (!a.ok()) {
                said("cannot log in as " + name + ": " + a.text());
                return false;
            }
            said("logged in as " + name + " (id " + client.userId() + ")");
            return true;
        }

        private boolean typed(String line) {
            if (line.isEmpty()) {
                return false;
            }
            String[] words = line.split("\\s+");
            String word = words[0].toLowerCase(Locale.ROOT);
            try {
                Matcher point = POINT.matcher(line);
                if (point.matches()) {
                    client.move(Integer.parseInt(point.group(1)), Integer.parseInt(point.group(2)));
                    return false;
                }
                switch (word) {
                    case "quit", "exit" -> {
                        return true;
                    }
                    case "help" -> said("commands: " + COMMANDS);
                    case "register", "login" -> {
                        if (words.length != 3) {
                            said("give " + word + " NAME PASSWORD (a name without spaces)");
                        } else if (word.equals("register")) {
                            DotsWebClient.Answer a = client.register(words[1], words[2]);
                            said(a.ok() ? "registered " + words[1] + "; now login " + words[1] + " PASSWORD"
                                    : "cannot register " + words[1] + ": " + a.text());
                        } else if (client.userId() != null) {
                            said("already logged in as " + client.userName());
                        } else {
                            DotsWebClient.Answer a = client.login(words[1], words[2]);
                            said(a.ok() ? "logged in as " + words[1] + " (id " + client.userId() + ")"
                                    : "cannot log in as " + words[1] + ": " + a.text());
                        }
                    }
                    case "who" -> {
                        List<DotsWebClient.Member> members = client.queue(words.length > 1 ? line.substring(line.indexOf(' ') + 1).trim() : null);
                        if (members.isEmpty()) {
                            said("nobody else is in the lobby");
                        } else {
                            StringBuilder b = new StringBuilder("in the lobby (" + members.size() + "):");
                            members.stream().sorted(Comparator.comparingInt(DotsWebClient.Member::rating))
                                    .forEach(m -> b.append("\n  ").append(m.name()).append("  ").append(m.rating()));
                            said(b.toString());
                        }
                    }
                    case "invite" -> {
                        if (words.length != 2) {
                            said("give invite NAME");
                        } else {
                            client.invite(words[1]);
                        }
                    }
                    case "cancel" -> client.cancel();
                    case "accept" -> client.accept();
                    case "decline" -> client.decline();
                    case "draw" -> client.offer("draw");
                    case "end" -> client.offer("surrender");
                    case "leave" -> client.leave();
                    case "board" -> {
                        String board = client.board();
                        said(board == null ? "you are not in a game" : board);
                    }
                    case "move" -> said("give the point as COLUMN,ROW, e.g. 12,7 (columns 0 to 38, rows 0 to 31)");
                    default -> said("unknown command '" + line + "'; commands: " + COMMANDS);
                }
            } catch (IllegalStateException e) {
                said("not sent: " + e.getMessage());
            }
            return false;
        }
    }
}
