package org.boardlab.launcher;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

/** Bundles made of a manifest alone, for the launcher's tests in a real Felix. */
final class TestBundles {

    private TestBundles() {
    }

    /** Installs a bundle named {@code name} with these headers, at location {@code test:name}. */
    static Bundle install(BundleContext context, String name, Map<String, String> headers) throws Exception {
        return context.installBundle("test:" + name, new ByteArrayInputStream(jar(name, headers)));
    }

    /** A jar whose manifest names the bundle {@code name} 1.0.0 and carries {@code headers}: all a bundle needs to be resolved. */
    static byte[] jar(String name, Map<String, String> headers) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", name);
        main.putValue("Bundle-Version", "1.0.0");
        headers.forEach(main::putValue);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, manifest)) {
            // the manifest is the whole bundle
        }
        return bytes.toByteArray();
    }
}
