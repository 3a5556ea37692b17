package org.boardlab.protocol.othello.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.boardlab.protocol.othello.ClientMessage;
import org.boardlab.protocol.othello.ClientMessage.CMov;
import org.boardlab.protocol.othello.ClientMessage.CName;
import org.boardlab.protocol.othello.ClientMessage.CPing;
import org.boardlab.protocol.othello.ClientMessage.CRes;
import org.boardlab.protocol.othello.ClientMessage.CReq;
import org.boardlab.protocol.othello.ClientMessage.CReqC;
import org.boardlab.protocol.othello.ClientMessage.CEndGame;
import org.boardlab.protocol.othello.ClientMessage.CExit;
import org.boardlab.protocol.othello.Answer;
import org.boardlab.protocol.othello.Board;
import org.boardlab.protocol.othello.OthelloMessage;
import org.boardlab.protocol.othello.ServerMessage;
import org.junit.jupiter.api.Test;

/** The inspector's describer: every message, every kind of bad frame. */
class OthelloProtocolTest {

    private final OthelloProtocol protocol = new OthelloProtocol();

    private DecodedMessage client(String frame) {
        return protocol.describe(frame.getBytes(StandardCharsets.ISO_8859_1), true);
    }

    private DecodedMessage server(String frame) {
        return protocol.describe(frame.getBytes(StandardCharsets.ISO_8859_1), false);
    }

    private static String field(DecodedMessage m, String name) {
        return m.fields().stream().filter(f -> f.name().equals(name)).findFirst().map(MessageField::value)
                .orElseThrow(() -> new AssertionError("no field " + name + " in " + m));
    }

    @Test
    void identity() {
        assertThat(protocol.id()).isEqualTo("othello");
        assertThat(protocol.gameId()).isEqualTo("othello");
        assertThat(protocol.name()).isEqualTo("Othello text protocol (seed 000)");
        assertThat(protocol.defaultPort()).isEqualTo(10000);
    }

    @Test
    void aMoveShowsCoordinatesAndSquare() {
        DecodedMessage m = client("CMOV~3~2\n");
        assertThat(m.error()).isNull();
        assertThat(m.type()).isEqualTo("CMOV");
        assertThat(m.summary()).isEqualTo("move d3 (x=3, y=2)");
        assertThat(field(m, "x")).isEqualTo("3");
        assertThat(field(m, "y")).isEqualTo("2");
        assertThat(field(m, "square")).isEqualTo("d3");
    }

    @Test
    void everyClientMessageIsDescribedWithItsTypeAndSummary() {
        List<ClientMessage> all = List.of(new CName("alice"), new CPing(), new CMov(7, 0), new CReq("bob"),
                new CRes("bob", Answer.DECLINE), new CReqC("bob"), new CEndGame(), new CExit());
        List<String> summaries = all.stream().map(c -> {
            DecodedMessage m = client(c.encode() + "\r\n");
            assertThat(m.error()).as(c.encode()).isNull();
            assertThat(m.type()).isEqualTo(c.type());
            return m.summary();
        }).collect(Collectors.toList());
        assertThat(summaries).containsExactly("log in as alice", "ping: is the server there?", "move h1 (x=7, y=0)",
                "invite bob to a game", "decline the invitation from bob", "withdraw the invitation to bob",
                "leave the game early", "quit: close the connection");
    }

    @Test
    void refusalsAndReportedViolationsAreMarkedWithTheirReason() {
        DecodedMessage refusedMove = server("SMOVERR~0~0~square a1 is not empty");
        assertThat(refusedMove.refused()).isEqualTo("square a1 is not empty");
        assertThat(refusedMove.violation()).isNull();
        assertThat(refusedMove.error()).isNull();
        assertThat(server("SNAMEERR~the name 'ann' is taken").refused()).isEqualTo("the name 'ann' is taken");
        DecodedMessage err = server("SERR~log in with CNAME first");
        assertThat(err.violation()).isEqualTo("log in with CNAME first");
        assertThat(err.refused()).isNull();
        assertThat(server("SMOV~3~2~BLACK~WHITE~" + Board.start().cells()).refused()).as("an ordinary move").isNull();
        assertThat(client("CMOV~3~2\n").refused()).isNull();
    }

    @Test
    void serverMessagesAreDescribedInWords() {
        assertThat(server("SSTARTG~bob~BLACK").summary())
                .isEqualTo("the game against bob starts; you play black and move first");
        assertThat(server("SSTARTG~bob").summary()).isEqualTo("the game against bob starts");
        assertThat(server("SENDG~40~24~BLACK~NORMAL").summary())
                .isEqualTo("game over, neither player can move: black 40, white 24, black wins");
        assertThat(server("SENDG~20~30~BLACK~TIMEOUT").summary())
                .isEqualTo("game over, a player ran out of time: black 20, white 30, black wins");
        assertThat(server("SPASS~WHITE").summary()).isEqualTo("white has no move and passes; black moves again");
        assertThat(server("SMOVERR~0~0~a1 flips no disc").summary()).isEqualTo("move a1 refused: a1 flips no disc");
        assertThat(server("SUPS~bob~BUSY").summary()).isEqualTo("bob is busy (invited or playing)");
        assertThat(server("SRES~bob~ACCEPT").summary()).isEqualTo("bob accepted your invitation");
        assertThat(server("SERR~the name is empty").summary())
                .isEqualTo("protocol error, the server closes the connection: the name is empty");
    }

    @Test
    void aRecoveryShowsTheBoardRowByRow() {
        String board = Board.start().cells();
        DecodedMessage m = server("SRECOV~" + board + "~1~0~alice\n");
        assertThat(m.error()).isNull();
        assertThat(m.type()).isEqualTo("SRECOV");
        assertThat(m.summary()).isEqualTo("back in the game against alice: you play white, white to move, black 2 white 2");
        MessageField b = m.fields().get(0);
        assertThat(b.name()).isEqualTo("board");
        assertThat(b.value()).isEqualTo(board);
        assertThat(b.children()).hasSize(8);
        assertThat(b.children().get(3)).isEqualTo(MessageField.of("4", ". . . W B . . ."));
        assertThat(field(m, "whiteToMove")).isEqualTo("1 (white to move)");
        assertThat(field(m, "host")).isEqualTo("0 (you play white)");
        assertThat(field(m, "opponent")).isEqualTo("alice");
    }

    @Test
    void everySampleOfBothDirectionsIsDescribedWithoutError() {
        for (String line : List.of("SADDP~a", "SDELP~a", "SUPS~a~READY", "SREQC~a", "SPONG", "SSTARTG~a~WHITE",
                "SGAMEEC~GameHasBeenCanceled", "SGAMEI~hello there", "SREQ~a", "SRES~a~DECLINE",
                "SMOV~3~2~BLACK~WHITE~...................B.......BB......BW...........................",
                "SPASS~BLACK", "SENDG~1~2~WHITE~DISCONNECT", "SMOVERR~1~1~no", "SNAMEOK", "SNAMEERR~taken",
                "SERR~bye")) {
            DecodedMessage m = server(line);
            assertThat(m.error()).as(line).isNull();
            OthelloMessage parsed = ServerMessage.parse(line).orElseThrow();
            assertThat(m).isEqualTo(parsed.describe());
            assertThat(m.type()).isEqualTo(line.split("~")[0]);
        }
    }

    @Test
    void malformedFramesCarryTheDecodersReason() {
        assertThat(client("CMOV~3\n").error()).isEqualTo("CMOV takes 2 fields: <x>, <y> (got 1)");
        assertThat(client("CMOV~3\n").type()).isEqualTo("CMOV");
        assertThat(client("CMOV~a~2").error()).isEqualTo("x must be one digit 0..7, not 'a'");
        assertThat(client("CNAME~").error()).isEqualTo("the name is empty");
        assertThat(client("CNAME~bob smith").error()).startsWith("the name may hold only");
        assertThat(client("CNAME~" + "a".repeat(21)).error()).isEqualTo("the name is longer than 20 characters");
        DecodedMessage unknown = client("CHELLO~x");
        assertThat(unknown.type()).isEqualTo("CHELLO");
        assertThat(unknown.error()).isEqualTo("unknown message type 'CHELLO'");
        assertThat(unknown.fields()).containsExactly(MessageField.of("line", "CHELLO~x"));
        assertThat(server("SMOV~3~2~BLACK~WHITE~" + Board.start().cells()).error())
                .isEqualTo("the board after the move must show a black disc on d3");
    }

    @Test
    void aLineWithTheWrongPrefixIsMarkedAsIgnored() {
        DecodedMessage fromClient = client("SPONG\n");
        assertThat(fromClient.type()).isEqualTo("SPONG");
        assertThat(fromClient.error()).isEqualTo("a line from a client must start with C; the receiver ignores this one");
        assertThat(server("CPING").error())
                .isEqualTo("a line from the server must start with S; the receiver ignores this one");
        DecodedMessage empty = client("\n");
        assertThat(empty.type()).isEqualTo("?");
        assertThat(empty.summary()).isEqualTo("(empty line)");
        assertThat(empty.error()).isNotNull();
    }

    @Test
    void framesTheDecoderWouldNeverPassAreMarked() {
        assertThat(client("CNAME~" + "a".repeat(1100) + "\n").error()).isEqualTo("the line is longer than 1024 bytes");
        assertThat(client("CPING\nCPING\n").error()).isEqualTo("the frame holds more than one line");
        assertThat(client("CPING\rx").error()).isEqualTo("character 0x0D at position 5 is not printable ASCII");
        DecodedMessage binary = protocol.describe(new byte[] {'C', 'N', 'A', 'M', 'E', '~', (byte) 0xC3, (byte) 0xA9}, true);
        assertThat(binary.error()).isEqualTo("character 0xC3 at position 6 is not printable ASCII");
        assertThat(binary.summary()).isEqualTo("CNAME~\\xC3\\xA9");
        assertThat(protocol.describe(null, true).error()).isEqualTo("no frame");
        assertThat(protocol.describe(new byte[0], false).error()).isNotNull();
    }

    @Test
    void crLfAndBareFramesAreTheSame() {
        assertThat(client("CPING\r\n")).isEqualTo(client("CPING")).isEqualTo(client("CPING\n"));
    }
}
