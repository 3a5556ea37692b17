package org.boardlab.launcher;

import java.util.Collection;
import org.osgi.framework.BundleContext;
import org.osgi.framework.hooks.resolver.ResolverHook;
import org.osgi.framework.hooks.resolver.ResolverHookFactory;
import org.osgi.framework.namespace.PackageNamespace;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleRequirement;
import org.osgi.framework.wiring.BundleRevision;

/**
 * Keeps Eclipse Sisu logging through java.util.logging, like the rest of boardlab, instead of SLF4J.
 *
 * <p>Sisu ({@code org.eclipse.sisu.inject}) imports {@code org.slf4j} optionally and logs through
 * SLF4J whenever the package is there; it is there since the product carries Jetty and CometD (for
 * Dots on the web), which log through SLF4J. So every command, {@code list} included, loaded
 * SLF4J's API when the first injector was made, and SLF4J's API is a consumer of the OSGi
 * ServiceLoader mediator (SPI Fly, started first so that SLF4J finds its provider): each of its
 * classes was rewritten by SPI Fly's weaving hook with ASM as it was loaded, about a tenth of the
 * Java time of a {@code match} (JFR, session 9). With this resolver hook Sisu's optional import of
 * {@code org.slf4j} is left unwired, Sisu falls back to java.util.logging (its own choice when SLF4J
 * is absent), and SLF4J is loaded only by what uses Jetty or CometD ({@code serve}, {@code client
 * dots}, a Dots game in the workbench).
 */
final class SisuLogging implements ResolverHookFactory {

    static final String SISU = "org.eclipse.sisu.inject";

    private SisuLogging() {
    }

    /** Registers the hook with the framework's context, before any bundle is resolved. */
    static void install(BundleContext system) {
        system.registerService(ResolverHookFactory.class, new SisuLogging(), null);
    }

    @Override
    public ResolverHook begin(Collection<BundleRevision> triggers) {
        return new Hook();
    }

    /** Takes {@code org.slf4j} packages out of the candidates for Sisu's optional imports. */
    private static final class Hook implements ResolverHook {
        @Override
        public void filterResolvable(Collection<BundleRevision> candidates) {
            // every bundle may resolve
        }

        @Override
        public void filterSingletonCollisions(BundleCapability singleton, Collection<BundleCapability> collisionCandidates) {
            // no change
        }

        @Override
        public void filterMatches(BundleRequirement requirement, Collection<BundleCapability> candidates) {
            if (!PackageNamespace.PACKAGE_NAMESPACE.equals(requirement.getNamespace())
                    || !SISU.equals(requirement.getRevision().getSymbolicName())
                    || !PackageNamespace.RESOLUTION_OPTIONAL.equals(requirement.getDirectives().get(PackageNamespace.REQUIREMENT_RESOLUTION_DIRECTIVE))) {
                return;
            }
            candidates.removeIf(c -> {
                Object p = c.getAttributes().get(PackageNamespace.PACKAGE_NAMESPACE);
                return p instanceof String name && (name.equals("org.slf4j") || name.startsWith("org.slf4j."));
            });
        }

        @Override
        public void end() {
            // nothing kept
        }
    }
}
