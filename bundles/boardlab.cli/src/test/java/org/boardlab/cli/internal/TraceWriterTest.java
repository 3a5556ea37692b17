package org.boardlab.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.boardlab.api.event.WireEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The trace of {@code boardlab serve --trace}: one JSON object per frame, as the README documents it. */
class TraceWriterTest {

    @TempDir
    Path dir;

    private static WireEvent event(long seq, boolean in, String line, DecodedMessage decoded) {
        return new WireEvent(1_700_000_000_000_000L + seq, seq, 7, "127.0.0.1:5000", "ann", "othello", in,
                line.getBytes(StandardCharsets.US_ASCII), decoded, 42);
    }

    @Test
    void everyFrameIsOneLineWithItsDecodedFieldsAndItsMarks() throws Exception {
        Path file = dir.resolve("traces/run.jsonl");
        try (TraceWriter writer = new TraceWriter(file)) {
            writer.onEvent(event(1, true, "CMOV~0~0\n", new DecodedMessage("CMOV", "move a1", List.of(MessageField.of("x", "0"),
                    MessageField.of("y", "0")), null)));
            writer.onEvent(event(2, false, "SMOVERR~0~0~square a1 is not empty\n", new DecodedMessage("SMOVERR",
                    "move a1 refused", List.of(), null).withRefused("square a1 is not empty")));
            writer.onEvent(event(3, false, "SERR~log in first\n", new DecodedMessage("SERR", "protocol error", List.of(), null)
                    .withViolation("log in first")));
        }
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(3);
        ObjectMapper json = new ObjectMapper();
        JsonNode move = json.readTree(lines.get(0));
        assertThat(move.get("seq").asLong()).isEqualTo(1);
        assertThat(move.get("direction").asText()).isEqualTo("in");
        assertThat(move.get("player").asText()).isEqualTo("ann");
        assertThat(move.get("match").asLong()).isEqualTo(42);
        assertThat(new String(Base64.getDecoder().decode(move.get("raw").asText()), StandardCharsets.US_ASCII))
                .isEqualTo("CMOV~0~0\n");
        assertThat(move.get("fields").get(1).get("name").asText()).isEqualTo("y");
        assertThat(move.get("refused").isNull()).isTrue();
        JsonNode refused = json.readTree(lines.get(1));
        assertThat(refused.get("direction").asText()).isEqualTo("out");
        assertThat(refused.get("refused").asText()).isEqualTo("square a1 is not empty");
        assertThat(refused.get("violation").isNull()).isTrue();
        assertThat(json.readTree(lines.get(2)).get("violation").asText()).isEqualTo("log in first");
    }

    /** The file's bytes once they hold {@code lines} line ends, or what they held when 10 s ran out. */
    private static String awaitLines(Path file, int lines) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        String text = "";
        while (System.nanoTime() < deadline) {
            text = Files.readString(file, StandardCharsets.UTF_8);
            if (text.chars().filter(c -> c == '\n').count() >= lines) {
                return text;
            }
            Thread.sleep(5);
        }
        return text;
    }

    @Test
    void aFrameIsInTheFileAsSoonAsItIsTracedNotWhenMoreCome() throws Exception {
        // tail -f on a quiet server: one login, and nothing after it for a while
        Path file = dir.resolve("quiet.jsonl");
        try (TraceWriter writer = new TraceWriter(file)) {
            writer.onEvent(event(1, true, "CLOGIN~ann\n", new DecodedMessage("CLOGIN", "login ann", List.of(), null)));
            String text = awaitLines(file, 1);
            assertThat(text).as("the file while the writer is still open").endsWith("\n");
            assertThat(text.lines()).hasSize(1);
            assertThat(new ObjectMapper().readTree(text).get("summary").asText()).isEqualTo("login ann");
        }
    }

    @Test
    void aBurstEndsInTheFileOnAWholeLineWhileTheWriterIsOpen() throws Exception {
        // 1,001 frames of 300 bytes and more: more than any buffer's worth, and not a round number of them
        Path file = dir.resolve("burst.jsonl");
        int frames = 1_001;
        try (TraceWriter writer = new TraceWriter(file)) {
            for (int i = 1; i <= frames; i++) {
                writer.onEvent(event(i, i % 2 == 0, "CMOV~" + i + "~" + "x".repeat(200 + i % 97) + "\n",
                        new DecodedMessage("CMOV", "move " + i, List.of(MessageField.of("x", String.valueOf(i))), null)));
            }
            String text = awaitLines(file, frames);
            assertThat(text).endsWith("\n");
            List<String> lines = text.lines().toList();
            assertThat(lines).hasSize(frames);
            ObjectMapper json = new ObjectMapper();
            for (int i = 0; i < frames; i++) {
                assertThat(json.readTree(lines.get(i)).get("seq").asLong()).isEqualTo(i + 1);
            }
            assertThat(writer.lines()).isEqualTo(frames);
            assertThat(writer.writes()).isBetween(1L, (long) frames);
        }
    }

    @Test
    void framesAfterCloseAreDroppedAndEverythingBeforeIsWritten() throws Exception {
        Path file = dir.resolve("closed.jsonl");
        TraceWriter writer = new TraceWriter(file);
        for (int i = 1; i <= 500; i++) {
            writer.onEvent(event(i, true, "CMOV~0~0\n", new DecodedMessage("CMOV", "move a1", List.of(), null)));
        }
        writer.close();
        writer.onEvent(event(501, true, "CMOV~0~0\n", new DecodedMessage("CMOV", "move a1", List.of(), null)));
        assertThat(Files.readAllLines(file)).hasSize(500);
        assertThat(writer.lines()).isEqualTo(500);
    }

    @Test
    void aTraceThatCannotBeWrittenSaysWhy() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        assertThatThrownBy(() -> TraceWriter.open(file.resolve("run.jsonl")))
                .hasMessage("cannot write the trace to " + file.resolve("run.jsonl") + ": cannot make the folder " + file + " ("
                        + file + " is a file, not a folder)");
        Path folder = Files.createDirectories(dir.resolve("a-folder"));
        assertThatThrownBy(() -> TraceWriter.open(folder)).hasMessageStartingWith("cannot write the trace to " + folder + " (")
                .hasMessageContaining("is a directory");
    }
}
