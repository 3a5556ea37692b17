package org.boardlab.protocol.othello;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.boardlab.api.Side;
import org.boardlab.protocol.othello.ClientMessage.CMov;
import org.boardlab.protocol.othello.ClientMessage.CName;
import org.boardlab.protocol.othello.ClientMessage.CPing;
import org.boardlab.protocol.othello.ServerMessage.SEndG;
import org.boardlab.protocol.othello.ServerMessage.SGameI;
import org.boardlab.protocol.othello.ServerMessage.SMov;
import org.boardlab.protocol.othello.ServerMessage.SRecov;
import org.boardlab.protocol.othello.ServerMessage.SStartG;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The message records without Netty: exact lines, parsing, and every refusal with its reason. */
class MessagesTest {

    @Test
    void theSamplesCoverEveryTypeOfTheSpec() {
        assertThat(Samples.all().stream().map(OthelloMessage::type).distinct().collect(Collectors.toList()))
                .containsExactlyElementsOf(Samples.ALL_TYPES);
    }

    @Test
    void everyMessageEncodesToItsExactLine() {
        for (Map<OthelloMessage, String> samples : java.util.List.of(Samples.CLIENT, Samples.SERVER)) {
            samples.forEach((message, line) -> assertThat(message.encode()).as(message.type()).isEqualTo(line));
        }
    }

    @Test
    void everyLineParsesBackToAnEqualMessage() {
        Samples.CLIENT.forEach((message, line) -> {
            assertThat(ClientMessage.parse(line)).contains((ClientMessage) message);
            assertThat(OthelloMessage.parse(line)).contains(message);
        });
        Samples.SERVER.forEach((message, line) -> {
            assertThat(ServerMessage.parse(line)).contains((ServerMessage) message);
            assertThat(OthelloMessage.parse(line)).contains(message);
        });
    }

    @Test
    void eachRecordHasItsOwnParserThatRefusesOtherTypes() {
        assertThat(CMov.parse("CMOV~3~2")).isEqualTo(new CMov(3, 2));
        assertThat(SRecov.parse(Samples.SERVER.entrySet().stream()
                .filter(e -> e.getKey() instanceof SRecov).findFirst().orElseThrow().getValue()).opponent())
                .contains("bob");
        assertThatThrownBy(() -> CMov.parse("CPING")).isInstanceOf(MalformedMessageException.class)
                .hasMessage("expected a CMOV message, not CPING");
        assertThatThrownBy(() -> CName.parse("SPONG")).isInstanceOf(MalformedMessageException.class)
                .hasMessage("a line of this direction starts with C, not 'SPONG'");
    }

    @Test
    void aLineWithAnotherPrefixIsIgnoredNotRefused() {
        assertThat(ClientMessage.parse("SPONG")).isEmpty();
        assertThat(ClientMessage.parse("")).isEmpty();
        assertThat(ClientMessage.parse("cPING")).isEmpty();
        assertThat(ClientMessage.parse("XMOV~3~2")).isEmpty();
        assertThat(ServerMessage.parse("CPING")).isEmpty();
        assertThat(OthelloMessage.parse("hello")).isEmpty();
        assertThat(OthelloMessage.parse(" CPING")).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '"', value = {
        "CMOV~3             => CMOV takes 2 fields: <x>, <y> (got 1)",
        "CMOV~3~2~1         => CMOV takes 2 fields: <x>, <y> (got 3)",
        "CMOV~a~2           => x must be one digit 0..7, not 'a'",
        "CMOV~3~b           => y must be one digit 0..7, not 'b'",
        "CMOV~8~2           => x must be one digit 0..7, not '8'",
        "CMOV~3~-1          => y must be one digit 0..7, not '-1'",
        "CMOV~03~2          => x must be one digit 0..7, not '03'",
        "\"CMOV~ 3~2\"      => x must be one digit 0..7, not ' 3'",
        "CMOV~~2            => x must be one digit 0..7, not ''",
        "CNAME              => CNAME takes 1 field: <name> (got 0)",
        "CNAME~             => the name is empty",
        "CNAME~bob smith    => the name may hold only letters A-Z a-z, digits, _ and - (found ' ')",
        "CNAME~bob.smith    => the name may hold only letters A-Z a-z, digits, _ and - (found '.')",
        "CNAME~abcdefghijklmnopqrstu => the name is longer than 20 characters",
        "CNAME~a~b          => CNAME takes 1 field: <name> (got 2)",
        "CPING~             => CPING takes no field (got 1)",
        "CPING~x            => CPING takes no field (got 1)",
        "CEXIT~now          => CEXIT takes no field (got 1)",
        "CFOO               => unknown message type 'CFOO'",
        "C                  => unknown message type 'C'",
        "Cping              => unknown message type 'Cping'",
        "\"CPING \"         => unknown message type 'CPING '",
        "CMOVE~3~2          => unknown message type 'CMOVE'",
        "CRES~bob~YES       => the answer must be ACCEPT or DECLINE, not 'YES'",
        "CRES~bob~accept    => the answer must be ACCEPT or DECLINE, not 'accept'",
        "CREQ~              => the opponent's name is empty",
        "CREQC~a b          => the invited player's name may hold only letters A-Z a-z, digits, _ and - (found ' ')",
    })
    void malformedClientLinesAreRefusedWithAReason(String line, String reason) {
        assertThatThrownBy(() -> ClientMessage.parse(line)).isInstanceOf(MalformedMessageException.class)
                .hasMessage(reason);
        // the reason goes back to the client as SERR~<reason>: it must be a valid text field as it is
        assertThat(new ServerMessage.SErr(reason).encode()).isEqualTo("SERR~" + reason);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", value = {
        "SSTARTG~bob~RED    => the colour must be BLACK or WHITE, not 'RED'",
        "SSTARTG~bob~BLACK~x => SSTARTG takes 1 or 2 fields: <opponent>, [BLACK|WHITE] (got 3)",
        "SSTARTG            => SSTARTG takes 1 or 2 fields: <opponent>, [BLACK|WHITE] (got 0)",
        "SRECOV~........~0~1 => the board must be 64 characters of B, W and . (got 8)",
        "SRECOV~...........................WB......BW...........................~2~1 => white-to-move must be 0 or 1, not '2'",
        "SRECOV~...........................WB......BW...........................~0~yes => host must be 0 or 1, not 'yes'",
        "SRECOV~...........................Wb......BW...........................~0~1 => the board may hold only B, W and . (found 'b' at index 28)",
        "SMOV~3~2~BLACK~WHITE~...........................WB......BW........................... => the board after the move must show a black disc on d3",
        "SMOV~3~2~BLACK~PURPLE~...................B.......BB......BW........................... => the next colour must be BLACK, WHITE or NONE, not 'PURPLE'",
        "SENDG~40~30~BLACK~NORMAL => the scores must be 0..64 and add up to at most 64, not 40 and 30",
        "SENDG~040~3~BLACK~NORMAL => black's score must be a number 0..64, not '040'",
        "SENDG~65~0~BLACK~NORMAL  => black's score must be a number 0..64, not '65'",
        "SENDG~4~x~BLACK~NORMAL   => white's score must be a number 0..64, not 'x'",
        "SENDG~4~3~NOBODY~NORMAL  => the winner must be BLACK, WHITE or DRAW, not 'NOBODY'",
        "SENDG~4~3~BLACK~RAIN     => the end reason must be NORMAL, TIMEOUT, OUTOFTURN or DISCONNECT, not 'RAIN'",
        "SGAMEEC~Cancelled        => SGAMEEC's field must be GameHasBeenCanceled, not 'Cancelled'",
        "SGAMEEC                  => SGAMEEC takes 1 field: GameHasBeenCanceled (got 0)",
        "SGAMEI~                  => the text is empty",
        "SMOVERR~3~2~             => the reason is empty",
        "SPASS~black              => the colour must be BLACK or WHITE, not 'black'",
        "SUPS~bob~IDLE            => the status must be READY or BUSY, not 'IDLE'",
        "SFOO                     => unknown message type 'SFOO'",
    })
    void malformedServerLinesAreRefusedWithAReason(String line, String reason) {
        assertThatThrownBy(() -> ServerMessage.parse(line)).isInstanceOf(MalformedMessageException.class)
                .hasMessage(reason);
        assertThat(new ServerMessage.SErr(reason).encode()).isEqualTo("SERR~" + reason);
    }

    @Test
    void controlAndNonAsciiCharactersAreRefusedWithTheirPosition() {
        assertThatThrownBy(() -> ClientMessage.parse("CNAME~b\u00f3b"))
                .hasMessage("character 0xF3 at position 7 is not printable ASCII");
        assertThatThrownBy(() -> ClientMessage.parse("CPING\tx"))
                .hasMessage("character 0x09 at position 5 is not printable ASCII");
        assertThatThrownBy(() -> ClientMessage.parse("CPING\rCPING"))
                .hasMessage("character 0x0D at position 5 is not printable ASCII");
    }

    @Test
    void aReasonNeverHoldsTheSeparatorOrALineBreak() {
        assertThatThrownBy(() -> ClientMessage.parse("CRES~bob~A~B"))
                .hasMessage("CRES takes 2 fields: <name>, ACCEPT|DECLINE (got 3)");
        // the reason is sent back in SERR~<reason>: it must itself be a valid text field
        for (String bad : new String[] {"CNAME~\u007f", "CMOV~\u0000~1", "CFOO~bar\u00ff", "C~~~"}) {
            try {
                ClientMessage.parse(bad);
            } catch (MalformedMessageException e) {
                assertThat(OthelloMessage.cleanText(e.reason())).isEqualTo(e.reason());
                continue;
            }
            throw new AssertionError("accepted " + bad);
        }
        assertThat(OthelloMessage.cleanText("a~b\nc\u00e9")).isEqualTo("a?b?c?");
        assertThat(OthelloMessage.cleanText("")).isEqualTo("-");
        assertThat(OthelloMessage.cleanText("x".repeat(300))).hasSize(200);
    }

    @Test
    void recordsRefuseValuesTheLineCouldNotCarry() {
        assertThatThrownBy(() -> new CName("two words")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CName("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SGameI("a~b")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the text may hold only printable ASCII without ~ (found '\\x7E')");
        assertThatThrownBy(() -> new SGameI("line\nbreak")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SGameI("x".repeat(201))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CMov(8, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SEndG(-1, 3, Winner.WHITE, EndReason.NORMAL))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SStartG("bob", (Optional<Colour>) null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void coordinatesAreColumnThenRowFromTheTopLeftCountedFromZero() {
        assertThat(CMov.parse("CMOV~3~2").square().notation()).isEqualTo("d3");
        assertThat(CMov.parse("CMOV~0~0").square().notation()).isEqualTo("a1");
        assertThat(CMov.parse("CMOV~7~0").square().notation()).isEqualTo("h1");
        assertThat(CMov.parse("CMOV~0~7").square().notation()).isEqualTo("a8");
        assertThat(Square.of("D3")).isEqualTo(new Square(3, 2));
        assertThat(Square.of("e6").index()).isEqualTo(5 * 8 + 4);
        assertThatThrownBy(() -> Square.of("i1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Square.of("a9")).isInstanceOf(IllegalArgumentException.class);
        // black's four opening moves are d3, c4, f5, e6: their coordinates
        assertThat(new CMov(Square.of("c4")).encode()).isEqualTo("CMOV~2~3");
        assertThat(new CMov(Square.of("f5")).encode()).isEqualTo("CMOV~5~4");
    }

    @Test
    void theBoardFieldIsRowsFromTheTopWithBlackWhiteAndDot() {
        Board start = Board.start();
        assertThat(start.at(Square.of("d4"))).contains(Colour.WHITE);
        assertThat(start.at(Square.of("e4"))).contains(Colour.BLACK);
        assertThat(start.at(Square.of("d5"))).contains(Colour.BLACK);
        assertThat(start.at(Square.of("e5"))).contains(Colour.WHITE);
        assertThat(start.at(Square.of("d3"))).isEmpty();
        assertThat(start.rows().get(3)).isEqualTo("...WB...");
        assertThat(start.count(Colour.BLACK)).isEqualTo(2);
        assertThat(Samples.AFTER_D3.count(Colour.BLACK)).isEqualTo(4);
        assertThat(Samples.AFTER_D3.count(Colour.WHITE)).isEqualTo(1);
        assertThat(Board.ofRows(". . . . . . . .", "........", "........", "...WB...", "...BW...",
                "........", "........", "........")).isEqualTo(start);
    }

    @Test
    void recoveryAndStartTellTheColourFromTheHostFlag() {
        SRecov hostWhiteToMove = SRecov.parse("SRECOV~" + Samples.AFTER_D3 + "~1~1");
        assertThat(hostWhiteToMove.colour()).isEqualTo(Colour.BLACK);
        assertThat(hostWhiteToMove.toMove()).isEqualTo(Colour.WHITE);
        assertThat(hostWhiteToMove.opponent()).isEmpty();
        SRecov guest = SRecov.parse("SRECOV~" + Samples.AFTER_D3 + "~0~0~alice");
        assertThat(guest.colour()).isEqualTo(Colour.WHITE);
        assertThat(guest.toMove()).isEqualTo(Colour.BLACK);
        assertThat(SStartG.parse("SSTARTG~bob").colour()).isEmpty();
        assertThat(SStartG.parse("SSTARTG~bob~WHITE").colour()).contains(Colour.WHITE);
        assertThat(Colour.BLACK.side()).isEqualTo(Side.FIRST);
        assertThat(Colour.of(Side.SECOND)).isEqualTo(Colour.WHITE);
        assertThat(Winner.of(Colour.WHITE).colour()).contains(Colour.WHITE);
        assertThat(Winner.DRAW.colour()).isEmpty();
    }

    @Test
    void aMoveTellsWhoMovesNext() {
        SMov normal = SMov.parse("SMOV~3~2~BLACK~WHITE~" + Samples.AFTER_D3);
        assertThat(normal.next()).contains(Colour.WHITE);
        assertThat(normal.summary()).isEqualTo("black played d3; white to move");
        SMov again = SMov.parse("SMOV~3~2~BLACK~BLACK~" + Samples.AFTER_D3);
        assertThat(again.summary()).isEqualTo("black played d3; white must pass, black moves again");
        SMov last = SMov.parse("SMOV~3~2~BLACK~NONE~" + Samples.AFTER_D3);
        assertThat(last.next()).isEmpty();
        assertThat(last.summary()).isEqualTo("black played d3; the game is over");
    }

    @Test
    void zeroFieldMessagesAreValues() {
        assertThat(new CPing()).isEqualTo(new CPing()).hasSameHashCodeAs(new CPing());
        assertThat(CPing.parse("CPING")).isEqualTo(new CPing());
    }
}
