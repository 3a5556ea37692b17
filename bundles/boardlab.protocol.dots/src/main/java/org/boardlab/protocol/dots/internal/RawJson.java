package org.boardlab.protocol.dots.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.eclipse.jetty.util.ajax.JSON;

/**
 * A value already written as JSON text, put into a message as it is: CometD's server JSON (Jetty's
 * {@link JSON}) appends a {@link JSON.Generator} verbatim, and Jackson (the inspector's copy, the
 * {@code /gamedata} field) writes a {@link JsonSerializable} that writes raw text. So the bytes on the
 * wire are exactly those of the structure the text was made from (made by {@link Json#write}, which
 * writes lists, maps, numbers and arrays of numbers as Jetty's JSON does: compact, in order), while the
 * structure is encoded once rather than once per message.
 */
final class RawJson implements JSON.Generator, JsonSerializable {

    private final String text;

    RawJson(String text) {
        this.text = text;
    }

    /** {@code value} written as JSON once, to be sent many times. */
    static RawJson of(Object value) {
        return new RawJson(Json.write(value));
    }

    String text() {
        return text;
    }

    @Override
    public void addJSON(Appendable buffer) {
        try {
            buffer.append(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void serialize(JsonGenerator gen, SerializerProvider serializers) throws IOException {
        gen.writeRawValue(text);
    }

    @Override
    public void serializeWithType(JsonGenerator gen, SerializerProvider serializers, TypeSerializer typeSer) throws IOException {
        serialize(gen, serializers);
    }

    @Override
    public String toString() {
        return text;
    }
}
