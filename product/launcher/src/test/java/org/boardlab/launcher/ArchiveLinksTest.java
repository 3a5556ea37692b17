package org.boardlab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.boardlab.launcher.archivelinks.Linked;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;

/**
 * The classes a recording run links for the class-data archive ({@link ArchiveLinks}): those the JVM's
 * class-load log says a product bundle loaded, each once; the JDK's, the launcher's and any other
 * location's are left alone, and a class or a bundle that is not there is skipped.
 */
class ArchiveLinksTest {

    @RegisterExtension
    final TestFramework framework = new TestFramework();

    @TempDir
    Path dir;

    @Test
    void linksTheProductBundlesClassesTheLogNames() throws Exception {
        framework.felix().start();
        Bundle b = framework.context().installBundle(Main.LOCATION + "jar/linked-1.0.0.jar", new ByteArrayInputStream(bundle()));
        String name = Linked.class.getName();
        Path log = dir.resolve("classes.log");
        Files.writeString(log, String.join("\n",
                "java.lang.Object source: shared objects file",
                "org.boardlab.launcher.Main source: file:/somewhere/boardlab.jar",
                name + " source: " + Main.LOCATION + "jar/linked-1.0.0.jar",
                "[0.512s][info][class,load] " + name + " source: " + Main.LOCATION + "jar/linked-1.0.0.jar",
                "org.boardlab.launcher.archivelinks.Gone source: " + Main.LOCATION + "jar/linked-1.0.0.jar",
                "org.example.Elsewhere source: " + Main.LOCATION + "jar/not-installed.jar",
                name + "$$Lambda$12/0x0000000800c0b000 source: " + name, ""));

        assertThat(ArchiveLinks.link(framework.context(), log)).isEqualTo(1);
        assertThat(b.loadClass(name).getClassLoader()).isNotSameAs(Linked.class.getClassLoader()); // the bundle's own copy
    }

    @Test
    void aFrameworkStoppedBeforeTheLinkingEndsItQuietly() throws Exception {
        framework.felix().start();
        framework.context().installBundle(Main.LOCATION + "jar/linked-1.0.0.jar", new ByteArrayInputStream(bundle()));
        org.osgi.framework.BundleContext stale = framework.context();
        Path log = dir.resolve("classes.log");
        Files.writeString(log, Linked.class.getName() + " source: " + Main.LOCATION + "jar/linked-1.0.0.jar\n");
        framework.felix().stop();
        framework.felix().waitForStop(10_000);

        // a serve ended by a signal: the launcher stopped the framework while the shutdown hook linked
        assertThat(ArchiveLinks.link(stale, log)).isZero();
    }

    @Test
    void aLogThatIsNotThereLinksNothing() {
        assertThat(ArchiveLinks.link(framework.context(), dir.resolve("none.log"))).isZero();
    }

    /** A bundle holding {@link Linked}. */
    private static byte[] bundle() throws Exception {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", "linked");
        main.putValue("Bundle-Version", "1.0.0");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        String entry = Linked.class.getName().replace('.', '/') + ".class";
        try (JarOutputStream jar = new JarOutputStream(bytes, manifest); InputStream in = Linked.class.getResourceAsStream("/" + entry)) {
            jar.putNextEntry(new JarEntry(entry));
            in.transferTo(jar);
            jar.closeEntry();
        }
        return bytes.toByteArray();
    }
}
