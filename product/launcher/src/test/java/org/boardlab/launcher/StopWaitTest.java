package org.boardlab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.felix.framework.Felix;
import org.boardlab.launcher.slowstop.SlowStop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher gives the bundles' stop a bounded time ({@code -Dboardlab.stopWaitMs}, 10 s by
 * default), except while the store compacts an H2 file (a thread named {@code boardlab-store-compaction}
 * runs): then it waits for the compaction to end and says so. A product jar whose one bundle's stop
 * takes 3 s ({@link SlowStop}) runs in a child JVM with a stop wait of 300 ms.
 */
class StopWaitTest {

    @TempDir
    Path dir;

    @Test
    void aCompactionThatOutlastsTheStopWaitIsWaitedForAndSaidSo() throws Exception {
        Path marker = dir.resolve("stopped");
        Process p = launcher(marker, Main.COMPACTION_THREAD, 3_000).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(marker).as("the stop ended before the process did: %s", out).exists();
        assertThat(out).containsOnlyOnce("boardlab: still compacting the database's file (H2's SHUTDOWN COMPACT, a copy of its live data); "
                + "waiting for it to end. Stopping it now is safe, the file stays whole, but the compaction would start again next time.");
    }

    @Test
    void anyOtherStopThatOutlastsTheWaitIsCutShort() throws Exception {
        Path marker = dir.resolve("stopped");
        Process p = launcher(marker, "some-bundle-stopping", 600_000).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8); // until the process exits
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the process exits without waiting 10 minutes").isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(marker).doesNotExist();
        assertThat(out).doesNotContain("compacting");
    }

    private ProcessBuilder launcher(Path marker, String threadName, long stopMs) throws Exception {
        Path product = product(dir.resolve("boardlab.jar"));
        String classpath = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI()) + File.pathSeparator
                + Path.of(Felix.class.getProtectionDomain().getCodeSource().getLocation().toURI()) + File.pathSeparator
                + Path.of(picocli.CommandLine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        return new ProcessBuilder(java, "-cp", classpath, "-Dboardlab.product=" + product, "-Dboardlab.cache=" + dir.resolve("cache"),
                "-Djava.io.tmpdir=" + tmp, "-Dboardlab.stopWaitMs=300", "-Dslowstop.thread=" + threadName, "-Dslowstop.ms=" + stopMs,
                "-Dslowstop.marker=" + marker, Main.class.getName(), "stop-test").redirectErrorStream(true);
    }

    /** A product jar whose one bundle is {@link SlowStop}'s. */
    private static Path product(Path file) throws IOException {
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
            zip.putNextEntry(new ZipEntry("launcher.properties"));
            zip.write("launch.bundles=jar/boardlab.cli-1.2.3.jar\n".getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
            zip.putNextEntry(new ZipEntry("jar/boardlab.cli-1.2.3.jar"));
            zip.write(bundle());
            zip.closeEntry();
        }
        return file;
    }

    private static byte[] bundle() throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", "boardlab.cli");
        main.putValue("Bundle-Version", "1.2.3");
        main.putValue("Bundle-Activator", SlowStop.class.getName());
        main.putValue("Import-Package", "org.osgi.framework");
        String entry = SlowStop.class.getName().replace('.', '/') + ".class";
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, manifest); java.io.InputStream in = SlowStop.class.getResourceAsStream("/" + entry)) {
            jar.putNextEntry(new JarEntry(entry));
            in.transferTo(jar);
            jar.closeEntry();
        }
        return bytes.toByteArray();
    }
}
