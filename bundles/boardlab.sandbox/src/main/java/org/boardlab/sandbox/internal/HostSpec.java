package org.boardlab.sandbox.internal;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.boardlab.core.PlayerLimits;

/**
 * What a player host runs: one player class from one version of one bundle, under limits. Hosts of
 * equal specs are interchangeable, so a warm one can serve the next game.
 *
 * @param playerId  the player's id
 * @param bundleKey the bundle's id, version and last modification, so a new version never gets an old host
 * @param className the player's class
 * @param playerJar the player's bundle as a jar (a copy of what the framework loaded)
 * @param classPath the host's class path: the host's own classes and the bundles the player's bundle wires to
 * @param limits    the limits
 */
record HostSpec(String playerId, String bundleKey, String className, Path playerJar, List<Path> classPath,
        PlayerLimits limits) {

    /** The JVM's command line; {@code threadLimit} > 0 makes the host count its own threads. */
    List<String> command(int threadLimit) {
        List<String> c = new ArrayList<>();
        c.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        c.add("-Xmx" + limits.heapMegabytes() + "m");
        c.add("-Xms16m");
        c.add("-XX:+UseSerialGC");
        c.add("-XX:ActiveProcessorCount=1");
        c.add("-XX:+ExitOnOutOfMemoryError");
        c.add("-XX:MaxMetaspaceSize=128m");
        c.add("-XX:ReservedCodeCacheSize=48m");
        c.add("-XX:MaxDirectMemorySize=32m");
        c.add("-XX:-UsePerfData");
        c.add("-XX:TieredStopAtLevel=4");
        c.add("-Xshare:auto");
        c.add("-Djava.io.tmpdir=/tmp");
        c.add("-cp");
        c.add(String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList()));
        c.add("org.boardlab.sandbox.host.HostMain");
        c.add(playerJar.toString());
        c.add(className);
        c.add(Integer.toString(threadLimit));
        return c;
    }

    /** What the host reads: the JDK and its jars. */
    List<Path> readOnly() {
        List<Path> r = new ArrayList<>(classPath);
        r.add(playerJar);
        r.add(Path.of(System.getProperty("java.home")));
        Path conf = Path.of(System.getProperty("java.home"), "conf");
        r.add(conf);
        for (String file : List.of("security/java.security", "logging.properties", "net.properties")) {
            try {
                Path real = conf.resolve(file).toRealPath(); // Debian links these to /etc/java-NN-openjdk
                r.add(file.contains("/") ? real.getParent().getParent() : real.getParent());
            } catch (java.io.IOException e) {
                // not there
            }
        }
        return r;
    }
}
