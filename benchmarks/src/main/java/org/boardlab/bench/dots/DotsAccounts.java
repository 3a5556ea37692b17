package org.boardlab.bench.dots;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.boardlab.store.Store;
import org.boardlab.store.Stores;
import org.boardlab.store.rating.SeedElo;

/**
 * Makes, once, the accounts of the Dots load generator ({@code benchmarks/node/dots-load.js}) in the data folder
 * of a {@code boardlab serve --protocol dots} that is not running, and logs them in, so that every later run of
 * the server in that folder (or a copy of it) takes them without a password hash:
 * <pre>
 *   java -cp benchmarks/target/benchmarks.jar org.boardlab.bench.dots.DotsAccounts --folder DIR --clients 10000 \
 *        [--prefix b] --accounts ACCOUNTS.json
 * </pre>
 * {@code DIR/data/boardlab.mv.db} gets the users {@code la<prefix>N} and {@code lb<prefix>N} (N from 0 to
 * clients/2 - 1, the two players of pair N), {@code DIR/data/dots-logins.txt} their login tokens' SHA-256 (the
 * server's own logins file, read when its port opens), and {@code ACCOUNTS.json} their ids and tokens,
 * {@code {"la<prefix>0":{"id":"1","token":"..."},...}}, for the generator.
 *
 * <p>What is cheaper than 10,000 logins at the server, and why it weakens nothing the product stores: every one
 * of these accounts has the password {@value #PASSWORD} and the same stored hash, made once by the store's own
 * {@code register} (PBKDF2-SHA-512, 210,000 iterations, a random salt) and copied to the other rows; 10,000
 * hashes of 0.2 s of a core each are not made. Only this data set shares a salt; the product's hashing, its
 * iteration count and its checks are untouched, and no password is stored. The tokens are made as the server
 * makes them (10 random bytes, 20 hex digits), good for 24 h after their last use, as any login.
 */
public final class DotsAccounts {

    /** The password of every account this makes. */
    static final String PASSWORD = "dots-load-benchmark";

    private DotsAccounts() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opt = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                usage("not an option: " + args[i]);
            }
            opt.put(args[i].substring(2), args[i + 1]);
        }
        if (args.length % 2 != 0 || !opt.containsKey("folder") || !opt.containsKey("clients") || !opt.containsKey("accounts")) {
            usage("--folder, --clients and --accounts are needed");
        }
        int clients;
        try {
            clients = Integer.parseInt(opt.get("clients"));
        } catch (NumberFormatException e) {
            clients = -1;
        }
        if (clients < 2 || clients % 2 != 0) {
            usage("--clients is an even number of at least 2, not " + opt.get("clients"));
        }
        String prefix = opt.getOrDefault("prefix", "b");
        Path data = Path.of(opt.get("folder")).resolve("data");
        Files.createDirectories(data);
        long start = System.nanoTime();
        List<String> names = new ArrayList<>();
        for (int n = 0; n < clients / 2; n++) {
            names.add("la" + prefix + n);
            names.add("lb" + prefix + n);
        }
        String url = Stores.h2File(data.resolve("boardlab"));
        Map<String, Long> ids = new LinkedHashMap<>();
        try (Store store = Store.open(url)) { // the schema made or brought up to date, as the server would
            if (store.user(names.get(0)).isEmpty()) {
                store.register(names.get(0), PASSWORD.toCharArray(), SeedElo.START);
            }
            long first = store.user(names.get(0)).orElseThrow().id();
            // the store's own settings for this file (Database.open): its user, and no background compaction
            try (Connection c = DriverManager.getConnection(url + ";AUTO_COMPACT_FILL_RATE=0", "sa", "")) {
                c.setAutoCommit(false);
                Set<String> present = new HashSet<>();
                try (PreparedStatement p = c.prepareStatement("SELECT name FROM users");
                        ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        present.add(r.getString(1));
                    }
                }
                try (PreparedStatement p = c.prepareStatement("INSERT INTO users (name, password_hash, rating, games, created_at) "
                        + "SELECT ?, password_hash, rating, 0, created_at FROM users WHERE id = ?")) {
                    int batched = 0;
                    for (String name : names) {
                        if (present.contains(name)) {
                            continue;
                        }
                        p.setString(1, name);
                        p.setLong(2, first);
                        p.addBatch();
                        if (++batched % 1000 == 0) {
                            p.executeBatch();
                        }
                    }
                    p.executeBatch();
                }
                c.commit();
                Set<String> wanted = new HashSet<>(names);
                Map<String, Long> found = new HashMap<>();
                try (PreparedStatement p = c.prepareStatement("SELECT name, id FROM users");
                        ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        if (wanted.contains(r.getString(1))) {
                            found.put(r.getString(1), r.getLong(2));
                        }
                    }
                }
                for (String name : names) {
                    ids.put(name, found.get(name));
                }
            }
        }
        SecureRandom random = new SecureRandom();
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        HexFormat hex = HexFormat.of();
        long now = System.currentTimeMillis();
        Path logins = data.resolve("dots-logins.txt");
        Set<String> ours = new HashSet<>();
        for (long id : ids.values()) {
            ours.add(String.valueOf(id));
        }
        StringBuilder file = new StringBuilder();
        if (Files.exists(logins)) {
            for (String line : Files.readAllLines(logins, StandardCharsets.US_ASCII)) {
                if (!line.isBlank() && !ours.contains(line.split(" ")[0])) {
                    file.append(line).append('\n'); // the comment and other users' logins stay
                }
            }
        } else {
            file.append("# boardlab dots logins: user id, SHA-256 of the token (hex), last use (ms since 1970)\n");
        }
        StringBuilder json = new StringBuilder("{");
        for (Map.Entry<String, Long> e : ids.entrySet()) {
            byte[] bytes = new byte[10];
            random.nextBytes(bytes);
            String token = hex.formatHex(bytes);
            file.append(e.getValue()).append(' ').append(hex.formatHex(sha.digest(token.getBytes(StandardCharsets.UTF_8))))
                    .append(' ').append(now).append('\n');
            json.append(json.length() > 1 ? "," : "").append('"').append(e.getKey()).append("\":{\"id\":\"").append(e.getValue())
                    .append("\",\"token\":\"").append(token).append("\"}");
        }
        json.append('}');
        Files.writeString(logins, file, StandardCharsets.US_ASCII);
        Files.writeString(Path.of(opt.get("accounts")), json, StandardCharsets.UTF_8);
        System.out.printf("%d accounts (password %s) in %s, logged in: %s and %s; %.1f s%n", ids.size(), PASSWORD, url,
                logins, opt.get("accounts"), (System.nanoTime() - start) / 1e9);
    }

    private static void usage(String problem) {
        System.err.println(problem + "\nusage: DotsAccounts --folder DIR --clients N [--prefix P] --accounts FILE.json");
        System.exit(2);
    }
}
