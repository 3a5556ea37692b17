package org.boardlab.protocol.dots.internal;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The login rate limit: at most {@link #FAILURES} failed logins a minute per name, and
 * {@link #FAILURES_PER_ADDRESS} per address (a lab's machines may share one address behind a NAT);
 * past either, logins of that name or from that address are refused until the minute has passed,
 * good password or not ({@code 429 Too many attempts}).
 */
final class LoginLimiter {

    static final int FAILURES = 10;
    static final int FAILURES_PER_ADDRESS = 100;
    private static final long WINDOW_NANOS = 60_000_000_000L;
    private static final int MAX_KEYS = 100_000;

    private final Map<String, Deque<Long>> failures = new ConcurrentHashMap<>();

    boolean blocked(String name, String address) {
        return count("n:" + name) >= FAILURES || count("a:" + address) >= FAILURES_PER_ADDRESS;
    }

    void failed(String name, String address) {
        if (failures.size() > MAX_KEYS) {
            failures.clear(); // a flood of made-up names must not fill the memory
        }
        add("n:" + name);
        add("a:" + address);
    }

    private int count(String key) {
        Deque<Long> times = failures.get(key);
        if (times == null) {
            return 0;
        }
        synchronized (times) {
            long now = System.nanoTime();
            while (!times.isEmpty() && now - times.peekFirst() > WINDOW_NANOS) {
                times.pollFirst();
            }
            return times.size();
        }
    }

    private void add(String key) {
        Deque<Long> times = failures.computeIfAbsent(key, k -> new ArrayDeque<>());
        synchronized (times) {
            times.addLast(System.nanoTime());
            while (times.size() > FAILURES_PER_ADDRESS * 2) {
                times.pollFirst();
            }
        }
    }
}
