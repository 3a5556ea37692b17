package org.boardlab.protocol.othello;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.boardlab.protocol.othello.ClientMessage.CEndGame;
import org.boardlab.protocol.othello.ClientMessage.CExit;
import org.boardlab.protocol.othello.ClientMessage.CMov;
import org.boardlab.protocol.othello.ClientMessage.CName;
import org.boardlab.protocol.othello.ClientMessage.CPing;
import org.boardlab.protocol.othello.ClientMessage.CReq;
import org.boardlab.protocol.othello.ClientMessage.CReqC;
import org.boardlab.protocol.othello.ClientMessage.CRes;
import org.boardlab.protocol.othello.ServerMessage.SAddP;
import org.boardlab.protocol.othello.ServerMessage.SDelP;
import org.boardlab.protocol.othello.ServerMessage.SEndG;
import org.boardlab.protocol.othello.ServerMessage.SErr;
import org.boardlab.protocol.othello.ServerMessage.SGameEC;
import org.boardlab.protocol.othello.ServerMessage.SGameI;
import org.boardlab.protocol.othello.ServerMessage.SMov;
import org.boardlab.protocol.othello.ServerMessage.SMovErr;
import org.boardlab.protocol.othello.ServerMessage.SNameErr;
import org.boardlab.protocol.othello.ServerMessage.SNameOk;
import org.boardlab.protocol.othello.ServerMessage.SPass;
import org.boardlab.protocol.othello.ServerMessage.SPong;
import org.boardlab.protocol.othello.ServerMessage.SRecov;
import org.boardlab.protocol.othello.ServerMessage.SReq;
import org.boardlab.protocol.othello.ServerMessage.SReqC;
import org.boardlab.protocol.othello.ServerMessage.SRes;
import org.boardlab.protocol.othello.ServerMessage.SStartG;
import org.boardlab.protocol.othello.ServerMessage.SUps;

/** One or more example of every message, each with the exact line it must encode to. */
final class Samples {

    /** The board after black's d3 from the start: d3, d4, d5 black, e5 white. */
    static final Board AFTER_D3 = Board.ofRows(
            "........",
            "........",
            "...B....",
            "...BB...",
            "...BW...",
            "........",
            "........",
            "........");

    static final Map<OthelloMessage, String> CLIENT = ordered(
            new CName("Daniel"), "CNAME~Daniel",
            new CName("a_b-9"), "CNAME~a_b-9",
            new CPing(), "CPING",
            new CMov(3, 2), "CMOV~3~2",
            new CMov(Square.of("h8")), "CMOV~7~7",
            new CMov(0, 0), "CMOV~0~0",
            new CReq("bob"), "CREQ~bob",
            new CRes("bob", Answer.ACCEPT), "CRES~bob~ACCEPT",
            new CRes("bob", Answer.DECLINE), "CRES~bob~DECLINE",
            new CReqC("bob"), "CREQC~bob",
            new CEndGame(), "CENDGAME",
            new CExit(), "CEXIT");

    static final Map<OthelloMessage, String> SERVER = ordered(
            new SAddP("alice"), "SADDP~alice",
            new SDelP("alice"), "SDELP~alice",
            new SUps("alice", Status.READY), "SUPS~alice~READY",
            new SUps("alice", Status.BUSY), "SUPS~alice~BUSY",
            new SReqC("alice"), "SREQC~alice",
            new SPong(), "SPONG",
            new SStartG("bob", Colour.BLACK), "SSTARTG~bob~BLACK",
            new SStartG("bob", Colour.WHITE), "SSTARTG~bob~WHITE",
            new SStartG("bob", Optional.empty()), "SSTARTG~bob",
            new SGameEC(), "SGAMEEC~GameHasBeenCanceled",
            new SGameI("bob lost the connection; he has 60 s to come back"),
            "SGAMEI~bob lost the connection; he has 60 s to come back",
            new SRecov(AFTER_D3, Colour.WHITE, Colour.BLACK, "bob"),
            "SRECOV~...................B.......BB......BW...........................~1~1~bob",
            new SRecov(Board.start(), false, false, Optional.empty()),
            "SRECOV~...........................WB......BW...........................~0~0",
            new SReq("alice"), "SREQ~alice",
            new SRes("bob", Answer.ACCEPT), "SRES~bob~ACCEPT",
            new SRes("bob", Answer.DECLINE), "SRES~bob~DECLINE",
            new SMov(new Square(3, 2), Colour.BLACK, Optional.of(Colour.WHITE), AFTER_D3),
            "SMOV~3~2~BLACK~WHITE~...................B.......BB......BW...........................",
            new SMov(new Square(3, 2), Colour.BLACK, Optional.empty(), AFTER_D3),
            "SMOV~3~2~BLACK~NONE~...................B.......BB......BW...........................",
            new SPass(Colour.WHITE), "SPASS~WHITE",
            new SEndG(40, 24, Winner.BLACK, EndReason.NORMAL), "SENDG~40~24~BLACK~NORMAL",
            new SEndG(32, 32, Winner.DRAW, EndReason.DISCONNECT), "SENDG~32~32~DRAW~DISCONNECT",
            new SEndG(2, 3, Winner.BLACK, EndReason.TIMEOUT), "SENDG~2~3~BLACK~TIMEOUT",
            new SEndG(0, 64, Winner.BLACK, EndReason.OUTOFTURN), "SENDG~0~64~BLACK~OUTOFTURN",
            new SMovErr(new Square(0, 0), "a1 flips no disc"), "SMOVERR~0~0~a1 flips no disc",
            new SNameOk(), "SNAMEOK",
            new SNameErr("the name bob is taken"), "SNAMEERR~the name bob is taken",
            new SErr("CMOV takes 2 fields: <x>, <y> (got 1)"), "SERR~CMOV takes 2 fields: <x>, <y> (got 1)");

    /** Every type of the spec, client first. */
    static final List<String> ALL_TYPES = List.of(
            "CNAME", "CPING", "CMOV", "CREQ", "CRES", "CREQC", "CENDGAME", "CEXIT",
            "SADDP", "SDELP", "SUPS", "SREQC", "SPONG", "SSTARTG", "SGAMEEC", "SGAMEI", "SRECOV",
            "SREQ", "SRES", "SMOV", "SPASS", "SENDG", "SMOVERR", "SNAMEOK", "SNAMEERR", "SERR");

    private Samples() {
    }

    static List<OthelloMessage> all() {
        return Stream.concat(CLIENT.keySet().stream(), SERVER.keySet().stream()).collect(Collectors.toList());
    }

    private static Map<OthelloMessage, String> ordered(Object... pairs) {
        Map<OthelloMessage, String> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((OthelloMessage) pairs[i], (String) pairs[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(m);
    }
}
