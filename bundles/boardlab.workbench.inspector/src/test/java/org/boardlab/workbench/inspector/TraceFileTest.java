package org.boardlab.workbench.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.boardlab.api.event.WireEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceFileTest {

    @TempDir
    Path dir;

    static void assertSame(WireEvent actual, WireEvent expected) {
        assertThat(actual.timeMicros()).isEqualTo(expected.timeMicros());
        assertThat(actual.sequence()).isEqualTo(expected.sequence());
        assertThat(actual.connectionId()).isEqualTo(expected.connectionId());
        assertThat(actual.remote()).isEqualTo(expected.remote());
        assertThat(actual.player()).isEqualTo(expected.player());
        assertThat(actual.protocol()).isEqualTo(expected.protocol());
        assertThat(actual.fromClient()).isEqualTo(expected.fromClient());
        assertThat(actual.raw()).isEqualTo(expected.raw());
        assertThat(actual.decoded()).isEqualTo(expected.decoded());
        assertThat(actual.matchId()).isEqualTo(expected.matchId());
        assertThat(actual.fault()).isEqualTo(expected.fault());
    }

    @Test
    void whatIsWrittenReadsBackTheSame() throws Exception {
        List<WireEvent> events = List.of(Frames.login(1, 1, "alice"), Frames.board(2, 1, "alice", 7),
                Frames.refused(3, 1, "alice", 3, 4, "d5 flips nothing", 7), Frames.violation(4, 2, null, "CMOV~9", "CMOV needs x and y"),
                Frames.place(5, 3, "carol", 7, 7, 8), Frames.fault(8, 3, "delay", "6 bytes to the server held 20.3 ms (delay=20ms)"),
                Frames.serverError(7, 2, null, "CMOV needs x and y"),
                Frames.event(6, 3, "carol", false, "gomoku", "",
                        new DecodedMessage("ping", "ünïcödé \"quoted\" \\ text", List.of(), null), 0));
        Path file = dir.resolve("trace.jsonl");

        TraceFile.write(file, events);
        TraceFile.Loaded loaded = TraceFile.read(file);

        assertThat(Files.readAllLines(file)).hasSize(events.size());
        assertThat(loaded.skipped()).isZero();
        assertThat(loaded.events()).hasSize(events.size());
        for (int i = 0; i < events.size(); i++) {
            assertSame(loaded.events().get(i), events.get(i));
        }
    }

    @Test
    void writesTheKeysOfTheServersTraceInItsOrder() throws Exception {
        Path file = dir.resolve("one.jsonl");

        TraceFile.write(file, List.of(Frames.login(1, 4, "alice")));

        assertThat(Files.readString(file)).isEqualTo("{\"time_us\":1709294400001000,\"seq\":1,\"connection\":4,"
                + "\"remote\":\"127.0.0.1:50004\",\"player\":null,\"protocol\":\"othello\",\"direction\":\"in\",\"match\":0,"
                + "\"raw\":\"Q0xPR0lOfmFsaWNlDQo=\",\"type\":\"CLOGIN\",\"summary\":\"login as alice\","
                + "\"fields\":[{\"name\":\"name\",\"value\":\"alice\"}],\"error\":null,\"refused\":null,\"violation\":null}\n");
    }

    @Test
    void readsALineAsTheServerWritesIt() throws Exception {
        // as boardlab serve --trace writes it (TraceWriter): children only where there are some
        Path file = dir.resolve("server.jsonl");
        Files.writeString(file, "{\"time_us\":1709294400000000,\"seq\":17,\"connection\":2,\"remote\":\"10.0.0.5:41234\","
                + "\"player\":\"bob\",\"protocol\":\"gomoku\",\"direction\":\"out\",\"match\":3,\"raw\":\"R01LVXt9\","
                + "\"type\":\"update\",\"summary\":\"board after h8\",\"fields\":[{\"name\":\"board\",\"value\":\"15x15\","
                + "\"children\":[{\"name\":\"h8\",\"value\":\"black\"}]}],\"error\":null}\n", StandardCharsets.UTF_8);

        WireEvent e = TraceFile.read(file).events().get(0);

        assertThat(e.player()).isEqualTo("bob");
        assertThat(e.fromClient()).isFalse();
        assertThat(e.matchId()).isEqualTo(3);
        assertThat(new String(e.raw(), StandardCharsets.US_ASCII)).isEqualTo("GMKU{}");
        assertThat(e.decoded()).isEqualTo(new DecodedMessage("update", "board after h8",
                List.of(new MessageField("board", "15x15", List.of(MessageField.of("h8", "black")))), null));
    }

    @Test
    void readsWhatAMessageRefusesOrReportsAsAViolation() throws Exception {
        Path file = dir.resolve("marked.jsonl");
        String start = "{\"time_us\":1,\"connection\":1,\"direction\":\"out\",\"raw\":\"QQ==\",";
        Files.writeString(file, String.join("\n",
                start + "\"type\":\"SMOVERR\",\"refused\":\"a1 flips nothing\",\"violation\":null}",
                start + "\"type\":\"SERR\",\"refused\":null,\"violation\":\"CMOV needs x and y\"}",
                start + "\"type\":\"SMOVERR\"}"), StandardCharsets.UTF_8);

        List<WireEvent> events = TraceFile.read(file).events();

        assertThat(events.get(0).decoded().refused()).isEqualTo("a1 flips nothing");
        assertThat(Severity.of(events.get(0).decoded())).isEqualTo(Severity.REFUSAL);
        assertThat(events.get(1).decoded().violation()).isEqualTo("CMOV needs x and y");
        assertThat(Severity.of(events.get(1).decoded())).isEqualTo(Severity.VIOLATION);
        assertThat(events.get(2).decoded().refused()).as("a trace from before the key").isNull();
    }

    @Test
    void skipsLinesThatAreNotMessagesAndSaysWhich() throws Exception {
        Path file = dir.resolve("bad.jsonl");
        String good = "{\"time_us\":1,\"connection\":1,\"direction\":\"in\",\"raw\":\"QQ==\",\"type\":\"CMOV\"}";
        Files.writeString(file, String.join("\n", good,
                "this is not json",
                "{\"time_us\":1,\"connection\":1,\"direction\":\"in\",\"raw\":\"%%%\"}",
                "",
                "{\"time_us\":1,\"connection\":1,\"direction\":\"sideways\",\"raw\":\"QQ==\"}",
                "{\"time_us\":1,\"direction\":\"in\",\"raw\":\"QQ==\"}",
                "[1, 2]",
                "{\"time_us\":1,\"connection\":1,\"direction\":\"in\",\"raw\":\"QQ==\",\"fields\":[{\"value\":\"x\"}]}",
                "{\"time_us\":\"soon\",\"connection\":1,\"direction\":\"in\",\"raw\":\"QQ==\"}",
                good), StandardCharsets.UTF_8);

        TraceFile.Loaded loaded = TraceFile.read(file);

        assertThat(loaded.events()).hasSize(2);
        assertThat(loaded.skipped()).isEqualTo(7);
        assertThat(loaded.problems()).hasSize(7);
        assertThat(loaded.problems().get(0)).startsWith("line 2: not JSON (");
        assertThat(loaded.problems().subList(1, 7)).containsExactly(
                "line 3: \"raw\" is not base64 (Illegal base64 character 25)",
                "line 5: \"direction\" must be \"in\" or \"out\", not \"sideways\"",
                "line 6: \"connection\" is missing",
                "line 7: not a JSON object",
                "line 8: \"fields[0]\" has no \"name\"",
                "line 9: \"time_us\" must be a whole number, not \"soon\"");
        WireEvent first = loaded.events().get(0);
        assertThat(first.decoded()).isEqualTo(new DecodedMessage("CMOV", "", List.of(), null));
        assertThat(first.player()).isNull();
    }
}
