package org.boardlab.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.jar.JarInputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The product jar as the launcher sees it: {@code launcher.properties} (written by bnd's export of
 * {@code product/boardlab.bndrun}: the bundles in start order, the framework's run properties and
 * system packages) and the bundle jars under {@code jar/}.
 */
final class Product implements AutoCloseable {

    private final Path path;
    private final ZipFile zip;
    private final Properties properties = new Properties();

    private Product(Path path) throws IOException {
        this.path = path;
        this.zip = new ZipFile(path.toFile());
        ZipEntry entry = zip.getEntry("launcher.properties");
        if (entry == null) {
            zip.close();
            throw new IOException(path + " is not a boardlab product jar (no launcher.properties in it)");
        }
        try (InputStream in = zip.getInputStream(entry)) {
            properties.load(in);
        }
    }

    /** The product jar named by {@code boardlab.product}, else the jar this class was loaded from. */
    static Product open() throws IOException {
        String set = System.getProperty("boardlab.product");
        if (set != null) {
            return new Product(Path.of(set));
        }
        try {
            return new Product(Path.of(Product.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        } catch (URISyntaxException e) {
            throw new IOException("cannot tell where the boardlab jar is: " + e.getMessage());
        }
    }

    /**
     * A key for this jar's content: a 64-bit hash of every entry's name, size and CRC (read from the
     * zip's central directory, so it costs no reading of the 15 MB). A rebuilt jar with any change has
     * another key; the same bytes copied elsewhere have the same key. Not a cryptographic digest: it
     * only tells this jar's caches from another build's (SHA-256 over the same data cost a
     * {@code match} about 0.05 s of CPU on the main thread, its message digest still interpreted).
     */
    String key() {
        long h = 0xcbf29ce484222325L; // FNV-1a, over 64-bit words
        for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements();) {
            ZipEntry entry = e.nextElement();
            h = mix(h, entry.getName().hashCode() & 0xffffffffL | (long) entry.getName().length() << 32);
            h = mix(h, entry.getSize());
            h = mix(h, entry.getCrc());
        }
        String hex = Long.toHexString(h);
        return "0000000000000000".substring(hex.length()) + hex;
    }

    private static long mix(long h, long word) {
        h = (h ^ word) * 0x100000001b3L;
        return h ^ h >>> 29;
    }

    /** The bundles' entry names ({@code jar/...jar}) in start order. */
    List<String> bundles() {
        String list = properties.getProperty("launch.bundles", "");
        List<String> names = new ArrayList<>();
        for (String s : list.split(",")) {
            if (!s.isBlank()) {
                names.add(s.trim());
            }
        }
        return Collections.unmodifiableList(names);
    }

    /** Reads one bundle jar out of the product. */
    InputStream open(String entryName) throws IOException {
        ZipEntry entry = zip.getEntry(entryName);
        if (entry == null) {
            throw new IOException(path + " has no " + entryName);
        }
        return zip.getInputStream(entry);
    }

    /** The framework properties: the bndrun's {@code -runproperties}, each overridable with {@code -Dkey=value}. */
    Map<String, String> runProperties() {
        Map<String, String> map = new LinkedHashMap<>();
        for (String name : properties.stringPropertyNames()) {
            if (!name.startsWith("launch.")) {
                map.put(name, System.getProperty(name, properties.getProperty(name)));
            }
        }
        return map;
    }

    /** Packages the system bundle exports besides the JDK's ({@code -runsystempackages}). */
    String systemPackages() {
        return properties.getProperty("launch.system.packages", "");
    }

    /** boardlab's version: the cli bundle's {@code Bundle-Version} as major.minor.micro (what {@code boardlab --version} prints). */
    String version() throws IOException {
        for (String b : bundles()) {
            if (b.substring(b.lastIndexOf('/') + 1).startsWith("boardlab.cli-")) {
                try (JarInputStream jar = new JarInputStream(open(b))) {
                    Manifest manifest = jar.getManifest();
                    String v = manifest == null ? null : manifest.getMainAttributes().getValue("Bundle-Version");
                    if (v != null) {
                        String[] parts = v.trim().split("\\.");
                        return parts.length >= 3 ? parts[0] + "." + parts[1] + "." + parts[2] : v.trim();
                    }
                }
            }
        }
        return "unknown";
    }

    @Override
    public void close() throws IOException {
        zip.close();
    }
}
