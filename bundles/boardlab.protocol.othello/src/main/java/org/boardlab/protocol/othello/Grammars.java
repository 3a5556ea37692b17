package org.boardlab.protocol.othello;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.boardlab.api.MessageField;
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

/** The two grammars, one line per message type: the whole syntax in one place. Internal. */
final class Grammars {

    /** Lines from clients. */
    static final Grammar<ClientMessage> CLIENT = new Grammar<ClientMessage>(ClientMessage.PREFIX)
            .add("CNAME~<name>", 1, f -> new CName(f.get(0)))
            .add("CPING", 0, f -> new CPing())
            .add("CMOV~<x>~<y>", 2, f -> new CMov(Square.parse(f.get(0), f.get(1))))
            .add("CREQ~<name>", 1, f -> new CReq(f.get(0)))
            .add("CRES~<name>~ACCEPT|DECLINE", 2, f -> new CRes(f.get(0), Answer.parse(f.get(1))))
            .add("CREQC~<name>", 1, f -> new CReqC(f.get(0)))
            .add("CENDGAME", 0, f -> new CEndGame())
            .add("CEXIT", 0, f -> new CExit());

    /** Lines from the server. */
    static final Grammar<ServerMessage> SERVER = new Grammar<ServerMessage>(ServerMessage.PREFIX)
            .add("SADDP~<name>", 1, f -> new SAddP(f.get(0)))
            .add("SDELP~<name>", 1, f -> new SDelP(f.get(0)))
            .add("SUPS~<name>~READY|BUSY", 2, f -> new SUps(f.get(0), Status.parse(f.get(1))))
            .add("SREQC~<name>", 1, f -> new SReqC(f.get(0)))
            .add("SPONG", 0, f -> new SPong())
            .add("SSTARTG~<opponent>~[BLACK|WHITE]", 1, 2, f -> new SStartG(f.get(0),
                    f.size() == 2 ? Optional.of(Colour.parse(f.get(1), "the colour")) : Optional.empty()))
            .add("SGAMEEC~GameHasBeenCanceled", 1, f -> {
                if (!f.get(0).equals(SGameEC.TEXT)) {
                    throw new MalformedMessageException("SGAMEEC's field must be " + SGameEC.TEXT + ", not "
                            + Wire.quote(f.get(0)));
                }
                return new SGameEC();
            })
            .add("SGAMEI~<text>", 1, f -> new SGameI(f.get(0)))
            .add("SRECOV~<board>~<white to move 0|1>~<host 0|1>~[<opponent>]", 3, 4, f -> new SRecov(new Board(f.get(0)),
                    Wire.flag(f.get(1), "white-to-move"), Wire.flag(f.get(2), "host"),
                    f.size() == 4 ? Optional.of(f.get(3)) : Optional.empty()))
            .add("SREQ~<name>", 1, f -> new SReq(f.get(0)))
            .add("SRES~<name>~ACCEPT|DECLINE", 2, f -> new SRes(f.get(0), Answer.parse(f.get(1))))
            .add("SMOV~<x>~<y>~<colour>~<next>~<board>", 5, f -> new SMov(Square.parse(f.get(0), f.get(1)),
                    Colour.parse(f.get(2), "the colour"),
                    f.get(3).equals("NONE") ? Optional.empty() : Optional.of(nextColour(f.get(3))),
                    new Board(f.get(4))))
            .add("SPASS~<colour>", 1, f -> new SPass(Colour.parse(f.get(0), "the colour")))
            .add("SENDG~<black>~<white>~<winner>~<reason>", 4, f -> new SEndG(Wire.count(f.get(0), "black's score"),
                    Wire.count(f.get(1), "white's score"), Winner.parse(f.get(2)), EndReason.parse(f.get(3))))
            .add("SMOVERR~<x>~<y>~<reason>", 3, f -> new SMovErr(Square.parse(f.get(0), f.get(1)), f.get(2)))
            .add("SNAMEOK", 0, f -> new SNameOk())
            .add("SNAMEERR~<reason>", 1, f -> new SNameErr(f.get(0)))
            .add("SERR~<reason>", 1, f -> new SErr(f.get(0)));

    private Grammars() {
    }

    private static Colour nextColour(String field) {
        if (!field.equals("BLACK") && !field.equals("WHITE")) {
            throw new MalformedMessageException("the next colour must be BLACK, WHITE or NONE, not " + Wire.quote(field));
        }
        return Colour.valueOf(field);
    }

    /** A board as an inspector field: the 64 characters, with one child per row ("1" .. "8"). */
    static MessageField boardField(Board board) {
        List<MessageField> rows = new ArrayList<>();
        List<String> texts = board.rows();
        for (int y = 0; y < texts.size(); y++) {
            rows.add(MessageField.of(Integer.toString(y + 1), String.join(" ", texts.get(y).split(""))));
        }
        return new MessageField("board", board.cells(), rows);
    }
}
