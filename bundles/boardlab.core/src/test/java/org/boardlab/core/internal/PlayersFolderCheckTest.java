package org.boardlab.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which jars in the players folder cannot be loaded, and the reason given. */
class PlayersFolderCheckTest {

    @TempDir
    Path dir;

    private Path jar(String name, Manifest manifest) throws Exception {
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar)) {
            if (manifest == null) {
                try (ZipOutputStream zip = new ZipOutputStream(out)) {
                    zip.putNextEntry(new ZipEntry("a/B.class"));
                    zip.write(new byte[] {1, 2, 3});
                }
            } else {
                try (JarOutputStream j = new JarOutputStream(out, manifest)) {
                    j.putNextEntry(new ZipEntry("a/B.class"));
                    j.write(new byte[] {1, 2, 3});
                }
            }
        }
        return jar;
    }

    private static Manifest manifest(String symbolicName) {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (symbolicName != null) {
            m.getMainAttributes().putValue("Bundle-SymbolicName", symbolicName);
        }
        return m;
    }

    @Test
    void aBundleIsLoadable() throws Exception {
        assertThat(PlayersFolderCheck.whyNotLoadable(jar("ok.jar", manifest("alice.greedy")))).isNull();
    }

    @Test
    void aCorruptJarANonBundleAndAJarWithoutManifestAreNamedWithTheReason() throws Exception {
        Path corrupt = dir.resolve("corrupt.jar");
        byte[] good = Files.readAllBytes(jar("good.jar", manifest("alice.greedy")));
        Files.write(corrupt, java.util.Arrays.copyOf(good, good.length / 2)); // a copy cut short
        assertThat(PlayersFolderCheck.whyNotLoadable(corrupt)).startsWith("it is not a readable jar (");
        Files.write(dir.resolve("text.jar"), "not a jar at all".getBytes());
        assertThat(PlayersFolderCheck.whyNotLoadable(dir.resolve("text.jar"))).startsWith("it is not a readable jar (");
        assertThat(PlayersFolderCheck.whyNotLoadable(jar("plain.jar", manifest(null))))
                .startsWith("its manifest has no Bundle-SymbolicName");
        assertThat(PlayersFolderCheck.whyNotLoadable(jar("bare.jar", null)))
                .isEqualTo("it has no META-INF/MANIFEST.MF, so it is not an OSGi bundle");
    }
}
