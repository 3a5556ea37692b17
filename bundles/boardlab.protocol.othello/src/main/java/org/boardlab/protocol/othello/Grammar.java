package org.boardlab.protocol.othello;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The message types of one direction, each with its number of fields and its field parser: turns a
 * line into a message. Internal: the public entry points are {@link ClientMessage#parse} and
 * {@link ServerMessage#parse}.
 */
final class Grammar<M extends OthelloMessage> {

    private record Rule<M>(int minFields, int maxFields, String usage, Function<List<String>, ? extends M> parser) {
    }

    private final char prefix;
    private final Map<String, Rule<M>> rules = new HashMap<>();

    Grammar(char prefix) {
        this.prefix = prefix;
    }

    /** Adds a type; {@code usage} is the line's pattern, e.g. {@code CMOV~<x>~<y>}. */
    Grammar<M> add(String usage, int minFields, int maxFields, Function<List<String>, ? extends M> parser) {
        String type = usage.split("~", 2)[0];
        if (type.charAt(0) != prefix || rules.put(type, new Rule<>(minFields, maxFields, usage, parser)) != null) {
            throw new IllegalStateException(usage);
        }
        return this;
    }

    /** Adds a type with a fixed number of fields. */
    Grammar<M> add(String usage, int fields, Function<List<String>, ? extends M> parser) {
        return add(usage, fields, fields, parser);
    }

    /** The line's message, or empty when its first character is not this direction's prefix. */
    Optional<M> parse(String line) {
        if (line.isEmpty() || line.charAt(0) != prefix) {
            return Optional.empty();
        }
        Wire.requirePrintable(line);
        List<String> parts = Wire.split(line);
        String type = parts.get(0);
        Rule<M> rule = rules.get(type);
        if (rule == null) {
            throw new MalformedMessageException("unknown message type " + Wire.quote(type));
        }
        int n = parts.size() - 1;
        if (n < rule.minFields() || n > rule.maxFields()) {
            String wanted = rule.minFields() == rule.maxFields()
                    ? fields(rule.minFields())
                    : rule.minFields() + " or " + fields(rule.maxFields());
            throw new MalformedMessageException(type + " takes " + wanted + fieldNames(rule.usage()) + " (got " + n + ")");
        }
        return Optional.of(rule.parser().apply(List.copyOf(parts.subList(1, parts.size()))));
    }

    /** Parses a line that must be a message of type {@code kind}. */
    <T extends M> T parse(String line, Class<T> kind) {
        M m = parse(line).orElseThrow(() -> new MalformedMessageException(
                "a line of this direction starts with " + prefix + ", not " + Wire.quote(line)));
        if (!kind.isInstance(m)) {
            throw new MalformedMessageException("expected a " + kind.getSimpleName().toUpperCase(java.util.Locale.ROOT)
                    + " message, not " + m.type());
        }
        return kind.cast(m);
    }

    /** The usage's fields without the separator, which a reason may not hold: {@code ": <x>, <y>"}. */
    private static String fieldNames(String usage) {
        List<String> parts = Wire.split(usage);
        return parts.size() == 1 ? "" : ": " + String.join(", ", parts.subList(1, parts.size()));
    }

    private static String fields(int n) {
        return n == 0 ? "no field" : n == 1 ? "1 field" : n + " fields";
    }
}
