package org.boardlab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.felix.framework.Felix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The framework cache as a user meets it: the launcher runs in a child JVM on a small product jar
 * (three bundles, one of them 4 MB so that installing takes a while) and is killed with SIGKILL.
 */
class FrameworkCacheTest {

    @TempDir
    Path dir;

    @Test
    void tenKillsInARowLeaveNoFrameworkFoldersBehind() throws Exception {
        Path product = product(dir.resolve("boardlab.jar"));
        Path cache = dir.resolve("cache");
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Random random = new Random(14);
        // killed at every stage, whatever the machine's speed: as the JVM starts, as the cache is
        // opened, in the middle of installing the bundles (the 4 MB one takes a while), once running
        String[] stages = {"JVM and launcher ready", "framework initialised", "framework initialised", "framework initialised",
            "bundles started"};
        for (int i = 0; i < 10; i++) {
            Process p = launcher(product, cache, tmp).start();
            assertThat(waitFor(p, stages[i % stages.length])).isTrue();
            Thread.sleep(random.nextInt(i % stages.length == 0 ? 300 : 60));
            p.destroyForcibly();
            assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(list(cache)).as("one product jar, one cache").hasSize(1);
        Path key = list(cache).get(0);
        assertThat(names(key)).as("one slot, reused after every kill").allMatch(n -> n.equals("used") || n.startsWith("slot-0"));
        assertThat(list(tmp)).as("nothing in the temporary folder").isEmpty();

        // and the slot still works: the next start gets every bundle
        Process p = launcher(product, cache, tmp).start();
        try {
            assertThat(waitFor(p, "bundles started")).isTrue();
            assertThat(Files.exists(key.resolve("slot-0.ready"))).isTrue();
        } finally {
            p.destroyForcibly().waitFor();
        }
    }

    @Test
    void aSecondInstanceTakesAnotherSlotAndTheFirstSlotIsReusedAfterACrash() throws Exception {
        Path product = product(dir.resolve("boardlab.jar"));
        Path cache = dir.resolve("cache");
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Process first = launcher(product, cache, tmp).start();
        Process second = null;
        try {
            assertThat(waitFor(first, "framework ready (bundles installed into a new cache)")).isTrue();
            second = launcher(product, cache, tmp).start();
            assertThat(waitFor(second, "framework ready (bundles installed into a new cache)")).isTrue();
            Path key = list(cache).get(0);
            assertThat(Files.exists(key.resolve("slot-1.ready"))).isTrue();
        } finally {
            first.destroyForcibly().waitFor();
            if (second != null) {
                second.destroyForcibly().waitFor();
            }
        }
        Process third = launcher(product, cache, tmp).start();
        try {
            assertThat(waitFor(third, "framework ready (bundle cache reused)")).isTrue();
        } finally {
            third.destroyForcibly().waitFor();
        }
    }

    @Test
    void anotherJarGetsItsOwnCacheAndOldUnusedCachesAreDeleted() throws Exception {
        Path cache = dir.resolve("cache");
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        List<String> keys = new ArrayList<>();
        Path cds = Files.createDirectories(cache.resolve("cds"));
        Files.writeString(cds.resolve("boardlab-1-2.jsa"), "not a key's folder");
        for (int build = 0; build < 5; build++) {
            Path product = product(dir.resolve("boardlab-" + build + ".jar"), "build " + build);
            Process p = launcher(product, cache, tmp).start();
            try {
                assertThat(waitFor(p, "bundles started")).isTrue();
            } finally {
                p.destroyForcibly().waitFor();
            }
            keys.add(list(cache).stream().map(k -> k.getFileName().toString()).filter(k -> !keys.contains(k) && !k.equals("cds"))
                    .findFirst().orElseThrow());
            Thread.sleep(20); // distinct 'used' times
        }
        assertThat(list(cache)).extracting(k -> k.getFileName().toString()).filteredOn(k -> !k.equals("cds"))
                .containsExactlyInAnyOrderElementsOf(keys.subList(5 - 1 - FrameworkCache.KEEP_OTHERS, 5));
        assertThat(cds.resolve("boardlab-1-2.jsa")).exists();
    }

    @Test
    void aMatchKeepsOnlyTheBundlesItNeedsInACacheOfItsOwnAndTheWorkbenchKeepsThemAll() throws Exception {
        Map<String, Map<String, String>> bundles = new LinkedHashMap<>();
        bundles.put("boardlab.cli", Map.of("Import-Package", "org.boardlab.server"));
        bundles.put("boardlab.server", Map.of("Export-Package", "org.boardlab.server", "Import-Package", "com.example.netty"));
        bundles.put("com.example.netty", Map.of("Export-Package", "com.example.netty"));
        bundles.put("boardlab.protocol.dots", Map.of("Import-Package", "org.boardlab.server,com.example.cometd"));
        bundles.put("com.example.cometd", Map.of("Export-Package", "com.example.cometd"));
        bundles.put("com.example.unused", Map.of("Export-Package", "com.example.unused"));
        Path product = product(dir.resolve("boardlab.jar"), bundles);
        Path cache = dir.resolve("cache");
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        for (String phase : List.of("kept 3 of 6 bundles for the offline commands", "framework ready (bundle cache reused)")) {
            ProcessBuilder b = launcher(product, cache, tmp);
            b.command().addAll(List.of("match", "tictactoe", "random", "random"));
            Process p = b.start();
            try {
                assertThat(phasesUntil(p, "bundles started")).as(phase).contains(phase);
            } finally {
                p.destroyForcibly().waitFor();
            }
        }
        Path key = list(cache).get(0);
        assertThat(names(key)).contains("offline-slot-0", "offline-slot-0.ready").doesNotContain("slot-0");
        assertThat(Files.readAllLines(key.resolve("offline-slot-0.ready")))
                .containsExactly("jar/boardlab.cli.jar", "jar/boardlab.server.jar", "jar/com.example.netty.jar");
        assertThat(names(key.resolve("offline-slot-0")).stream().filter(n -> n.matches("bundle[0-9]+")))
                .as("Felix's cache: the system bundle and the three kept").hasSize(4);

        Process workbench = launcher(product, cache, tmp).start();
        try {
            assertThat(phasesUntil(workbench, "bundles started")).contains("framework ready (bundles installed into a new cache)")
                    .noneMatch(phase -> phase.startsWith("kept "));
        } finally {
            workbench.destroyForcibly().waitFor();
        }
        assertThat(Files.readAllLines(key.resolve("slot-0.ready"))).hasSize(6);
    }

    @Test
    void theSameContentElsewhereHasTheSameKey() throws Exception {
        Path a = product(dir.resolve("a.jar"));
        Path b = dir.resolve("copy").resolve("b.jar");
        Files.createDirectories(b.getParent());
        Files.copy(a, b);
        Path c = product(dir.resolve("c.jar"), "another build");
        System.setProperty("boardlab.product", a.toString());
        String keyA;
        String keyB;
        String keyC;
        try (Product pa = Product.open()) {
            keyA = pa.key();
        }
        System.setProperty("boardlab.product", b.toString());
        try (Product pb = Product.open()) {
            keyB = pb.key();
        }
        System.setProperty("boardlab.product", c.toString());
        try (Product pc = Product.open()) {
            keyC = pc.key();
        } finally {
            System.clearProperty("boardlab.product");
        }
        assertThat(keyA).isEqualTo(keyB).isNotEqualTo(keyC).hasSize(16);
    }

    @Test
    void versionIsAnsweredWithoutAFramework() throws Exception {
        Path product = product(dir.resolve("boardlab.jar"));
        Path cache = dir.resolve("cache");
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        ProcessBuilder b = launcher(product, cache, tmp);
        b.command().add("--version");
        Process p = b.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        assertThat(out).contains("boardlab 1.2.3").doesNotContain("framework");
        assertThat(cache).doesNotExist();
    }

    private ProcessBuilder launcher(Path product, Path cache, Path tmp) throws Exception {
        String classpath = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI()) + File.pathSeparator
                + Path.of(Felix.class.getProtectionDomain().getCodeSource().getLocation().toURI()) + File.pathSeparator
                + Path.of(picocli.CommandLine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-cp", classpath, "-Dboardlab.product=" + product, "-Dboardlab.cache=" + cache,
                "-Djava.io.tmpdir=" + tmp, "-Dboardlab.timing=true", Main.class.getName()).redirectErrorStream(true);
    }

    /** Reads the launcher's output until a line ends with {@code phase}. */
    private static boolean waitFor(Process p, String phase) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null;) {
            if (line.startsWith("boardlab timing: ") && (line.endsWith(" ms " + phase) || line.contains(" ms " + phase + " (CPU "))) {
                return true;
            }
        }
        return false;
    }

    /** The launcher's timing phases (without their times) up to {@code last}, or all it printed if it ended before. */
    private static List<String> phasesUntil(Process p, String last) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        List<String> phases = new ArrayList<>();
        for (String line; (line = in.readLine()) != null;) {
            if (line.startsWith("boardlab timing: ")) {
                String phase = line.replaceFirst("^boardlab timing: [0-9]+ ms ", "").replaceFirst(" \\(CPU [0-9]+ ms\\)$", "");
                phases.add(phase);
                if (phase.equals(last)) {
                    break;
                }
            }
        }
        return phases;
    }

    /** A product jar like the real one: launcher.properties and bundles under jar/. */
    private static Path product(Path file) throws IOException {
        return product(file, "");
    }

    private static Path product(Path file, String variant) throws IOException {
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
            zip.putNextEntry(new ZipEntry("launcher.properties"));
            zip.write(("launch.bundles=jar/a.jar,jar/big.jar,jar/boardlab.cli-1.2.3.jar\nsome.run.property=x\n").getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
            zip.putNextEntry(new ZipEntry("jar/a.jar"));
            zip.write(bundle("test.a" + (variant.isEmpty() ? "" : "." + variant.hashCode()), 0));
            zip.closeEntry();
            zip.putNextEntry(new ZipEntry("jar/big.jar"));
            zip.write(bundle("test.big", 4 << 20));
            zip.closeEntry();
            zip.putNextEntry(new ZipEntry("jar/boardlab.cli-1.2.3.jar"));
            zip.write(bundle("boardlab.cli", 0));
            zip.closeEntry();
        }
        return file;
    }

    /** A product jar of bundles made of these names and headers, in this order. */
    private static Path product(Path file, Map<String, Map<String, String>> bundles) throws IOException {
        StringBuilder list = new StringBuilder();
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
            for (Map.Entry<String, Map<String, String>> b : bundles.entrySet()) {
                list.append(list.length() == 0 ? "" : ",").append("jar/").append(b.getKey()).append(".jar");
                zip.putNextEntry(new ZipEntry("jar/" + b.getKey() + ".jar"));
                zip.write(TestBundles.jar(b.getKey(), b.getValue()));
                zip.closeEntry();
            }
            zip.putNextEntry(new ZipEntry("launcher.properties"));
            zip.write(("launch.bundles=" + list + "\n").getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        return file;
    }

    private static byte[] bundle(String name, int padding) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", name.replaceAll("[^A-Za-z0-9.]", "x"));
        main.putValue("Bundle-Version", "1.2.3.SNAPSHOT");
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, manifest)) {
            if (padding > 0) {
                jar.setLevel(0);
                jar.putNextEntry(new JarEntry("padding.bin"));
                byte[] data = new byte[padding];
                new Random(1).nextBytes(data);
                jar.write(data);
                jar.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    private static List<Path> list(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(folder)) {
            return s.sorted().toList();
        }
    }

    private static List<String> names(Path folder) throws IOException {
        return list(folder).stream().map(p -> p.getFileName().toString()).toList();
    }
}
