package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.Side;
import org.boardlab.client.RemotePlay;
import org.boardlab.game.dots.Dots;
import org.boardlab.protocol.dots.DotsWire;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The workbench's web player ({@link DotsRemotePlay}, the Match view's "the opponent on a server
 * (dots)") against the real server: its own Bayeux messages, both ways, reach the request's message
 * tap one message each, and the dots protocol's decoder reads every one (as the inspector shows
 * them); the password goes in its own field, never in the Name, and never into a Bayeux message.
 */
class DotsRemotePlayTest {

    /** The seed's clocks: the web player sends the seed's heartbeat, every 5 s. */
    private final DotsTestServer server = new DotsTestServer(DotsWire.Timers.SEED);
    private final List<AutoCloseable> closing = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : closing) {
            c.close();
        }
        server.close();
    }

    /** A message the tap got. */
    private record Tapped(boolean fromClient, String json, DecodedMessage decoded) {
    }

    /** What the web player tells the workbench. */
    private static final class Told implements RemotePlay.Events {
        final List<String> lines = new CopyOnWriteArrayList<>();

        @Override
        public void started(Side mine, String opponent) {
            lines.add("started " + mine + " against " + opponent);
        }

        @Override
        public void moved(Side side, String move) {
            lines.add("moved " + side + " " + move);
        }

        @Override
        public void ended(String result) {
            lines.add("ended " + result);
        }

        @Override
        public void said(String text) {
            lines.add("said " + text);
        }

        @Override
        public void closed(String why) {
            lines.add("closed " + why);
        }

        boolean has(String prefix) {
            return lines.stream().anyMatch(l -> l.startsWith(prefix));
        }
    }

    /** {@code boardlab client dots} typed to, on a thread of its own. */
    private final class Typist implements AutoCloseable {
        final PipedWriter keyboard = new PipedWriter();
        final PrintWriter typing = new PrintWriter(keyboard, true);
        final StringWriter screen = new StringWriter();
        final CompletableFuture<Integer> exit;

        Typist(String name, String password) throws IOException {
            BufferedReader typed = new BufferedReader(new PipedReader(keyboard, 1 << 16));
            typing.println(password);
            DotsTerminalClient client = new DotsTerminalClient(Duration.ofSeconds(1));
            exit = CompletableFuture.supplyAsync(() -> {
                try {
                    return client.run("127.0.0.1", server.port(), name, null, typed, new PrintWriter(screen, true));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            closing.add(this);
        }

        void type(String line) {
            typing.println(line);
        }

        void await(String text) throws InterruptedException {
            DotsRemotePlayTest.await("the screen to show '" + text + "'; it shows:\n" + screen, () -> screen.toString().contains(text));
        }

        @Override
        public void close() throws IOException {
            keyboard.close();
        }
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("waited 30 s for " + what);
            }
            Thread.sleep(10);
        }
    }

    private RemotePlay.Request request(String name, String password, RemotePlay.MessageTap tap) {
        return new RemotePlay.Request("127.0.0.1", server.port(), name, password, null, new RandomPlayer(), new Dots(), Duration.ofSeconds(5),
                pipeline -> {
                }, tap);
    }

    @Test
    void theWebPlayersOwnBayeuxMessagesBothWaysGoToTheTapEachReadByTheDotsDecoder() throws Exception {
        DotsProtocol protocol = new DotsProtocol();
        List<Tapped> tapped = new CopyOnWriteArrayList<>();
        Told told = new Told();
        RemotePlay.Session web = new DotsRemotePlay().open(request("web", "secret-web", (fromClient, raw) -> {
            String json = new String(raw, StandardCharsets.UTF_8);
            tapped.add(new Tapped(fromClient, json, protocol.describe(raw, fromClient)));
        }), told);
        closing.add(web);
        web.connected().get(30, TimeUnit.SECONDS);

        Typist ann = new Typist("ann", "secret-ann");
        ann.await("web (1600) is in the lobby");
        ann.type("invite web");
        ann.await("; you are red");
        await("the game's start on the web player", () -> told.has("started SECOND against ann"));
        ann.type("6,5");
        await("ann's move and the web player's answer", () -> told.has("moved FIRST 6,5") && told.has("moved SECOND "));
        // the seed's heartbeat, every 5 s in a game
        await("a heartbeat in the game", () -> tapped.stream().anyMatch(t -> t.fromClient() && t.decoded().type().equals("game heartbeat")));
        ann.type("leave");
        await("the game's end", () -> told.has("ended web wins"));
        await("the gameover tapped", () -> tapped.stream().anyMatch(t -> !t.fromClient() && t.decoded().type().equals("game gameover")));

        assertThat(tapped.get(0).fromClient()).isTrue();
        assertThat(tapped.get(0).decoded().type()).as("the first message: the handshake").isEqualTo("meta handshake");
        assertThat(tapped.stream().filter(Tapped::fromClient).map(t -> t.decoded().type()))
                .contains("meta handshake", "meta connect", "meta subscribe", "queue accept", "game move", "game heartbeat");
        assertThat(tapped.stream().filter(t -> !t.fromClient()).map(t -> t.decoded().type()))
                .contains("meta handshake", "meta connect", "meta subscribe", "queue request", "queue newgame", "game move", "game gameover");
        assertThat(tapped).allSatisfy(t -> {
            assertThat(t.decoded().error()).as(t.json()).isNull();
            assertThat(t.json()).startsWith("{").doesNotContain("secret-web");
        });
        // what the web player publishes and subscribes carries the seed's auth, as it went out
        assertThat(tapped.stream().filter(t -> t.fromClient() && (t.decoded().type().startsWith("game ")
                || t.decoded().type().startsWith("queue ") || t.decoded().type().equals("meta subscribe"))))
                .isNotEmpty().allSatisfy(t -> assertThat(t.json()).containsPattern("\"auth\":\\{\"id\":\"\\d+\",\"token\":\"[0-9a-f]{20}\"\\}"));
        // the web player's move and ann's, both ways: ann's as the server published it, the web player's as it sent it and as it came back
        assertThat(tapped.stream().filter(t -> !t.fromClient() && t.decoded().type().equals("game move")).map(t -> t.decoded().summary()))
                .anyMatch(s -> s.contains("point x=5 y=6"));
        assertThat(tapped.stream().filter(t -> t.fromClient() && t.decoded().type().equals("game move"))).hasSize(1);
    }

    @Test
    void aPasswordTypedAfterTheNameIsRefusedAndAShortOneToo() {
        DotsRemotePlay play = new DotsRemotePlay();
        Told told = new Told();
        assertThatThrownBy(() -> play.open(request("web secret-web", null, RemotePlay.MessageTap.NONE), told))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the password goes in the Password field, which shows no characters, not after the name");
        assertThatThrownBy(() -> play.open(request("web", "12345", RemotePlay.MessageTap.NONE), told))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("the password must have at least 6 characters");
        assertThat(play.playerName("web")).isEqualTo("web");
        assertThat(told.lines).isEmpty();
    }
}
