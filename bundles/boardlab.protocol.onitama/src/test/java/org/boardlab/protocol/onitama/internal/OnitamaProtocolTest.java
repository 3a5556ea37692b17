package org.boardlab.protocol.onitama.internal;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.junit.jupiter.api.Test;

/** The inspector's decoding of every kind of message, and of bytes that are none. */
class OnitamaProtocolTest {

    private final OnitamaProtocol protocol = new OnitamaProtocol();

    private DecodedMessage client(String bytes) {
        return protocol.describe(bytes.getBytes(ISO_8859_1), true);
    }

    private DecodedMessage server(String bytes) {
        return protocol.describe(bytes.getBytes(ISO_8859_1), false);
    }

    private static String field(DecodedMessage m, String name) {
        return m.fields().stream().filter(f -> f.name().equals(name)).map(MessageField::value).findFirst().orElse(null);
    }

    @Test
    void aClientsNumberIsShownWithEveryMeaningItCanHave() {
        DecodedMessage one = client("1");
        assertThat(one.type()).isEqualTo("number");
        assertThat(one.summary()).isEqualTo("1: mode PvP / difficulty Normal / table 1");
        assertThat(one.error()).isNull();
        assertThat(field(one, "terminator")).isEqualTo("none");
        assertThat(client("-1\0").summary()).isEqualTo("-1: mode -1 (unknown: 24) / difficulty -1 (wrong: 26) / table -1 (any)");
        assertThat(field(client("-1\0"), "terminator")).isEqualTo("NUL");
        DecodedMessage named = client("0 ann");
        assertThat(named.summary()).isEqualTo("0 ann: mode PvE");
        assertThat(field(named, "name")).isEqualTo("ann");
    }

    @Test
    void aMoveIsShownInNotationAndABadOneSaysWhy() {
        DecodedMessage move = client("4 2 3 2 4");
        assertThat(move.type()).isEqualTo("move");
        assertThat(move.summary()).isEqualTo("move 4 2 3 2 4 = crane:c1-c2");
        assertThat(field(move, "card")).isEqualTo("4 (crane)");
        DecodedMessage bad = client("4 2 3 2 16");
        assertThat(bad.summary()).isEqualTo("move 4 2 3 2 16 (not a move: 27 or 28)");
        assertThat(field(bad, "card")).isEqualTo("16 (no such card: 28)");
        assertThat(client("9 9 9 9 1").summary()).endsWith("(not a move: 27 or 28)");
    }

    @Test
    void serverMessagesAreNamedAndRefusalsMarked() {
        assertThat(server("0\0").type()).isEqualTo("OK");
        assertThat(server("0\0").refused()).isNull();
        DecodedMessage wrong = server("27\0");
        assertThat(wrong.type()).isEqualTo("WRONG_MOVEMENT");
        assertThat(wrong.refused()).contains("not legal");
        DecodedMessage setup = server("1 3 6 0 4 7\0");
        assertThat(setup.type()).isEqualTo("SETUP");
        assertThat(setup.summary()).isEqualTo("you are red; cards eel, cobra; mantis, crane; monkey");
        DecodedMessage moved = server("0 0 1 0 14\0");
        assertThat(moved.type()).isEqualTo("MOVE");
        assertThat(moved.summary()).isEqualTo("opponent's move 0 0 1 0 14 = crab:a5-a4");
        assertThat(server("2").error()).contains("one NUL byte");
        assertThat(server("2\0" + "0 1 2 3 4 5\0").error()).contains("more than one message");
        assertThat(server("1 2 3\0").error()).contains("1, 5 or 6 numbers");
    }

    @Test
    void randomBytesNeverThrow() {
        Random random = new Random(11);
        for (int i = 0; i < 5_000; i++) {
            byte[] b = new byte[random.nextInt(80)];
            random.nextBytes(b);
            assertThat(protocol.describe(b, random.nextBoolean())).isNotNull();
        }
        assertThat(protocol.describe(null, true).error()).isEqualTo("no frame");
        assertThat(client("\u00ff").error()).contains("not printable ASCII");
    }
}
