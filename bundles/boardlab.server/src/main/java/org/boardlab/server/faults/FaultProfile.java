package org.boardlab.server.faults;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The faults injected on a connection, each direction on its own, written as a short text:
 * <pre>
 *   delay=20ms,jitter=10ms             both directions: every write held 20..30 ms
 *   to-client:split,to-server:flip=0.001
 *   bandwidth=2000,drop-after=5000,seed=7
 * </pre>
 * Items are separated by commas or spaces; an item is {@code [to-server:|to-client:]name[=value]}, and
 * without a direction it applies to both. The names:
 * <table>
 * <caption>fault items</caption>
 * <tr><td>{@code delay=T}</td><td>hold every write T (e.g. {@code 20ms}, {@code 1.5s}; a bare number is milliseconds)</td></tr>
 * <tr><td>{@code jitter=T}</td><td>and a further random 0..T (order is kept)</td></tr>
 * <tr><td>{@code bandwidth=N}</td><td>at most N bytes a second</td></tr>
 * <tr><td>{@code drop-after=N}</td><td>close the connection once N bytes went that way</td></tr>
 * <tr><td>{@code drop-rate=P}</td><td>close the connection at a write, with chance P (0..1) for each write</td></tr>
 * <tr><td>{@code split}</td><td>send every write as 1-byte writes</td></tr>
 * <tr><td>{@code merge=T}</td><td>hold writes T and send them together as one</td></tr>
 * <tr><td>{@code flip=P}</td><td>flip one bit of a byte, with chance P for each byte</td></tr>
 * <tr><td>{@code pause}</td><td>send nothing that way until the profile changes (held, then sent in order)</td></tr>
 * <tr><td>{@code seed=N}</td><td>the seed of the random choices (jitter, drop-rate, flip), so a run can be repeated</td></tr>
 * </table>
 * {@code none} (or an empty text) is no fault.
 *
 * @param toServer what is done to the bytes the client sends
 * @param toClient what is done to the bytes the server sends
 * @param seed     the seed of the random choices
 */
public record FaultProfile(Faults toServer, Faults toClient, long seed) {

    /** No fault in either direction. */
    public static final FaultProfile NONE = new FaultProfile(Faults.NONE, Faults.NONE, 1);

    /** The names a profile knows, in the order of the help text. */
    public static final List<String> NAMES = List.of("delay", "jitter", "bandwidth", "drop-after", "drop-rate", "split",
            "merge", "flip", "pause", "seed");

    /** The faults of one direction. */
    public Faults faults(Direction direction) {
        return direction == Direction.TO_SERVER ? toServer : toClient;
    }

    /** This profile with {@code faults} for {@code direction}. */
    public FaultProfile with(Direction direction, Faults faults) {
        return direction == Direction.TO_SERVER ? new FaultProfile(faults, toClient, seed)
                : new FaultProfile(toServer, faults, seed);
    }

    public FaultProfile withSeed(long seed) {
        return new FaultProfile(toServer, toClient, seed);
    }

    /** {@code true} if no fault is injected either way. */
    public boolean none() {
        return toServer.none() && toClient.none();
    }

    /**
     * Reads a profile (see the class comment).
     *
     * @throws IllegalArgumentException with the reason, naming the item, if the text is not a profile
     */
    public static FaultProfile parse(String text) {
        FaultProfile profile = NONE;
        String trimmed = text == null ? "" : text.trim();
        if (trimmed.isEmpty() || trimmed.equals("none")) {
            return profile;
        }
        for (String item : trimmed.split("[,\\s]+")) {
            if (item.isEmpty()) {
                continue;
            }
            List<Direction> directions = List.of(Direction.values());
            String rest = item;
            int colon = item.indexOf(':');
            if (colon >= 0) {
                String d = item.substring(0, colon);
                directions = switch (d) {
                    case "to-server" -> List.of(Direction.TO_SERVER);
                    case "to-client" -> List.of(Direction.TO_CLIENT);
                    default -> throw new IllegalArgumentException("'" + item + "': the direction is to-server or to-client, not '" + d + "'");
                };
                rest = item.substring(colon + 1);
            }
            int eq = rest.indexOf('=');
            String name = (eq < 0 ? rest : rest.substring(0, eq)).toLowerCase(Locale.ROOT);
            String value = eq < 0 ? null : rest.substring(eq + 1);
            if (name.equals("seed")) {
                if (colon >= 0) {
                    throw new IllegalArgumentException("'" + item + "': the seed is for the whole connection, not one direction");
                }
                profile = profile.withSeed(count(item, value));
                continue;
            }
            for (Direction direction : directions) {
                Faults f = profile.faults(direction);
                f = switch (name) {
                    case "delay" -> f.withDelay(millis(item, value));
                    case "jitter" -> f.withJitter(millis(item, value));
                    case "bandwidth" -> f.withBandwidth(positive(item, value));
                    case "drop-after" -> f.withDropAfter(count(item, value));
                    case "drop-rate" -> f.withDropRate(rate(item, value));
                    case "split" -> f.withSplit(flag(item, value));
                    case "merge" -> f.withMerge(millis(item, value));
                    case "flip" -> f.withFlip(rate(item, value));
                    case "pause" -> f.withPaused(flag(item, value));
                    default -> throw new IllegalArgumentException("'" + item + "': there is no fault '" + name
                            + "'; the faults are " + String.join(", ", NAMES));
                };
                profile = profile.with(direction, f);
            }
        }
        return profile;
    }

    /** The profile as text that {@link #parse} reads back; {@code none} for no fault. */
    @Override
    public String toString() {
        List<String> items = new ArrayList<>();
        List<String> up = toServer.items();
        List<String> down = toClient.items();
        for (String i : up) {
            if (down.contains(i)) {
                items.add(i);
            } else {
                items.add("to-server:" + i);
            }
        }
        for (String i : down) {
            if (!up.contains(i)) {
                items.add("to-client:" + i);
            }
        }
        if (items.isEmpty()) {
            return "none";
        }
        if (seed != NONE.seed && (toServer.jitterMillis() > 0 || toClient.jitterMillis() > 0 || toServer.dropRate() > 0
                || toClient.dropRate() > 0 || toServer.flipRate() > 0 || toClient.flipRate() > 0)) {
            items.add("seed=" + seed);
        }
        return String.join(",", items);
    }

    private static String need(String item, String value) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("'" + item + "' needs a value, e.g. " + item + "=" + example(item));
        }
        return value;
    }

    private static String example(String item) {
        String name = item.substring(item.indexOf(':') + 1);
        return switch (name) {
            case "delay", "jitter", "merge" -> "20ms";
            case "drop-rate", "flip" -> "0.01";
            default -> "1000";
        };
    }

    private static long millis(String item, String value) {
        String v = need(item, value).toLowerCase(Locale.ROOT);
        double factor = 1;
        if (v.endsWith("ms")) {
            v = v.substring(0, v.length() - 2);
        } else if (v.endsWith("s")) {
            v = v.substring(0, v.length() - 1);
            factor = 1000;
        }
        try {
            double ms = Double.parseDouble(v) * factor;
            if (!(ms >= 0) || ms > 3_600_000) {
                throw new NumberFormatException();
            }
            return Math.round(ms);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + item + "': a time is milliseconds (20, 20ms) or seconds (1.5s), up to an hour");
        }
    }

    private static long count(String item, String value) {
        try {
            long n = Long.parseLong(need(item, value));
            if (n < 0) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + item + "': the value is a whole number, 0 or more");
        }
    }

    private static long positive(String item, String value) {
        long n = count(item, value);
        if (n == 0) {
            throw new IllegalArgumentException("'" + item + "': the bandwidth is at least 1 byte a second");
        }
        return n;
    }

    private static double rate(String item, String value) {
        try {
            double p = Double.parseDouble(need(item, value));
            if (!(p >= 0 && p <= 1)) {
                throw new NumberFormatException();
            }
            return p;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + item + "': a rate is a chance between 0 and 1, e.g. 0.01");
        }
    }

    private static boolean flag(String item, String value) {
        if (value == null || value.equals("on") || value.equals("true")) {
            return true;
        }
        if (value.equals("off") || value.equals("false")) {
            return false;
        }
        throw new IllegalArgumentException("'" + item + "': write it alone (or =on, =off)");
    }
}
