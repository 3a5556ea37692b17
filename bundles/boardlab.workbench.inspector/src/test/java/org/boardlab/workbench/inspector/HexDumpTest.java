package org.boardlab.workbench.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HexDumpTest {

    @Test
    void showsSixteenBytesALineWithOffsetsHexAndAscii() {
        byte[] bytes = "SMOVERR~3~4~d5 flips nothing\r\n".getBytes(StandardCharsets.US_ASCII);

        assertThat(HexDump.of(bytes)).isEqualTo(
                "0000  53 4d 4f 56 45 52 52 7e  33 7e 34 7e 64 35 20 66  SMOVERR~3~4~d5 f\n"
              + "0010  6c 69 70 73 20 6e 6f 74  68 69 6e 67 0d 0a        lips nothing..");
    }

    @Test
    void printsADotForBytesThatAreNotPrintableAscii() {
        assertThat(HexDump.of(new byte[] {0, (byte) 0xff, 0x41, 0x7f})).isEqualTo(
                "0000  00 ff 41 7f                                       ..A.");
    }

    @Test
    void stopsAtTheLimitAndSaysHowMuchIsLeft() {
        byte[] bytes = new byte[HexDump.LIMIT + 10];

        String dump = HexDump.of(bytes);

        assertThat(dump.lines().count()).isEqualTo(4096 + 1);
        assertThat(dump.lines().skip(4095).findFirst()).hasValueSatisfying(l -> assertThat(l).startsWith("fff0  00"));
        assertThat(dump).endsWith("\n... 10 more bytes not shown (65546 in all)");
        assertThat(HexDump.of(new byte[0])).isEmpty();
    }
}
