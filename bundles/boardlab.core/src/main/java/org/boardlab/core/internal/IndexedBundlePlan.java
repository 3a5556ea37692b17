package org.boardlab.core.internal;

import java.lang.annotation.Annotation;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.util.Enumeration;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Qualifier;
import org.eclipse.sisu.inject.InjectorBindings;
import org.eclipse.sisu.inject.MutableBeanLocator;
import org.eclipse.sisu.launch.BundleModule;
import org.eclipse.sisu.launch.SisuBundlePlan;
import org.eclipse.sisu.space.BeanScanning;
import org.eclipse.sisu.space.ClassSpace;
import org.eclipse.sisu.space.IndexedClassFinder;
import org.eclipse.sisu.space.QualifiedTypeBinder;
import org.eclipse.sisu.space.SpaceModule;
import org.eclipse.sisu.space.SpaceVisitor;
import org.eclipse.sisu.wire.ParameterKeys;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

import com.google.inject.Binder;
import com.google.inject.Injector;
import com.google.inject.Module;
import com.google.inject.util.Providers;

/**
 * Sisu's plan for a bundle's injector, finding its components in the bundle's index when it has one.
 *
 * <p>Sisu's own plan reads how to find a bundle's {@code @Named} classes from the JVM's system
 * properties only, so the product's setting {@code org.eclipse.sisu.space.BeanScanning=index} (a
 * framework property: {@code -runproperties} of {@code product/boardlab.bndrun}) never reached it, and
 * every bundle's every class was read and parsed (ASM) at each start to look for the annotation: about
 * a tenth of a {@code list}'s CPU, for the few dozen classes the indexes name. This plan reads the
 * setting as the framework sees it ({@link org.osgi.framework.BundleContext#getProperty}: a framework
 * property, else the system property). With {@code index}, a bundle with an index
 * ({@code META-INF/sisu/javax.inject.Named}, written by sisu-maven-plugin at build time, as every
 * bundle of boardlab's and the tutorials' players have) is not scanned: only the classes its index
 * names are loaded; a bundle without one (a student's jar built without the plugin) is scanned whole,
 * as before, so that its players are still found. Any other setting is Sisu's own.
 *
 * <p>An indexed class is loaded and looked at by reflection ({@link IndexModule}), not first read
 * and parsed with ASM as Sisu's {@link SpaceModule} does (its bytes fetched through the bundle's URL
 * handler, the annotations' classes read the same way for each bundle): the class is loaded for its
 * binding anyway, from the class-data archive, so that reading was all overhead (2-3 % of a
 * {@code list}'s and a {@code match}'s CPU samples once the whole scans were gone).
 */
final class IndexedBundlePlan extends SisuBundlePlan {

    /** The property Sisu reads ({@link BeanScanning}'s class name). */
    static final String SCANNING = BeanScanning.class.getName();

    /** Where sisu-maven-plugin writes a bundle's index of {@code @Named} classes. */
    static final String INDEX_FOLDER = "META-INF/sisu/";
    static final String INDEX_NAME = "javax.inject.Named";

    private final boolean index;

    /**
     * @param locator the shared locator
     * @param scanning the framework's setting of {@value #SCANNING} ({@code null}: none)
     */
    IndexedBundlePlan(MutableBeanLocator locator, String scanning) {
        super(locator);
        this.index = scanning != null && scanning.trim().equalsIgnoreCase(BeanScanning.INDEX.name());
    }

    static boolean hasIndex(ClassSpace space) {
        Enumeration<URL> found = space.findEntries(INDEX_FOLDER, INDEX_NAME, false);
        return found != null && found.hasMoreElements();
    }

    @Override
    protected Module compose(Bundle bundle) {
        if (!index) {
            return super.compose(bundle);
        }
        return new BundleModule(bundle, locator) {
            @Override
            protected Module contextModule() {
                return new ContextModule(locator, getProperties(), bundle);
            }

            @Override
            protected Module spaceModule() {
                if (!hasIndex(space)) {
                    return new SpaceModule(space, SpaceModule.LOCAL_SCAN, false).with(extensions);
                }
                if (!extensions.load(SpaceVisitor.class).isEmpty()) {
                    // the bundle brings visitors of its own (META-INF/services): they need Sisu's scan of the indexed classes
                    return new SpaceModule(space, SpaceModule.LOCAL_INDEX, false).with(extensions);
                }
                return new IndexModule(space);
            }
        };
    }

    /**
     * The bindings Sisu's {@link BundleModule#contextModule()} makes for every bundle (the shared locator,
     * the {@code @Parameters} properties, the bundle's context), each bound to a provider of the same
     * instance rather than to the instance: an instance binding makes Guice look for {@code @Inject}
     * members in the instance's class and every superclass, for each injector and three times over (when
     * the binding is recorded, when Sisu's wiring applies it again, when the injector injects it), and the
     * classes here are large ones ({@link java.util.Properties} with {@link java.util.Hashtable}, Felix's
     * bundle context, Sisu's locator): 5 % of the Java samples of twenty {@code list}s in JFR.
     *
     * <p>Sisu's instance binding of the locator did one thing more: injecting the locator
     * ({@code DefaultBeanLocator.autoPublish}) hands it the new injector, whose bindings it then offers,
     * before the injector makes its eager singletons. {@link Publisher}, a small object whose injection
     * does the same, keeps that at the same moment.
     */
    static final class ContextModule implements Module {

        private final MutableBeanLocator locator;
        private final Map<?, ?> properties;
        private final Bundle bundle;

        ContextModule(MutableBeanLocator locator, Map<?, ?> properties, Bundle bundle) {
            this.locator = locator;
            this.properties = properties;
            this.bundle = bundle;
        }

        @Override
        @SuppressWarnings("rawtypes") // Sisu's key is the raw Map
        public void configure(Binder binder) {
            binder.bind(MutableBeanLocator.class).toProvider(Providers.of(locator));
            binder.requestInjection(new Publisher(locator));
            Map raw = properties;
            binder.bind(ParameterKeys.PROPERTIES).toProvider(Providers.of(raw));
            binder.bind(BundleContext.class).toProvider(Providers.of(bundle.getBundleContext()));
        }
    }

    /** Offers the locator the injector it is injected by, as {@code DefaultBeanLocator.autoPublish} does. */
    static final class Publisher {

        private final MutableBeanLocator locator;

        Publisher(MutableBeanLocator locator) {
            this.locator = locator;
        }

        @Inject
        void publish(Injector injector) {
            locator.add(InjectorBindings.findBindingPublisher(injector));
        }
    }

    /**
     * Binds the classes a bundle's index names, as Sisu's {@link SpaceModule} with its index finder
     * does, without reading their bytes: each is loaded, and bound ({@link QualifiedTypeBinder}) if it
     * can be instantiated (not an interface, abstract, synthetic, an annotation or an enum) and carries
     * a qualifier ({@code @Named}, or an annotation annotated with {@code @Qualifier}). A class that
     * cannot be loaded is left out, as Sisu leaves it out (logged at FINE).
     */
    static final class IndexModule implements Module {

        private static final Logger LOG = Logger.getLogger(IndexModule.class.getName());

        private final ClassSpace space;

        IndexModule(ClassSpace space) {
            this.space = space;
        }

        @Override
        public void configure(Binder binder) {
            binder.bind(ClassSpace.class).toInstance(space);
            QualifiedTypeBinder listener = new QualifiedTypeBinder(binder);
            Object source = space.toString();
            for (String name : ((IndexedClassFinder) SpaceModule.LOCAL_INDEX).indexedNames(space)) {
                Class<?> type;
                try {
                    type = space.loadClass(name);
                } catch (TypeNotPresentException | LinkageError e) {
                    LOG.log(Level.FINE, "cannot load " + name + ", named in the index of " + space, e);
                    continue;
                }
                if (instantiable(type) && qualified(type)) {
                    listener.hear(type, source);
                }
            }
        }

        static boolean instantiable(Class<?> type) {
            return !type.isInterface() && !Modifier.isAbstract(type.getModifiers()) && !type.isSynthetic() && !type.isAnnotation()
                    && !type.isEnum();
        }

        static boolean qualified(Class<?> type) {
            for (Annotation a : type.getDeclaredAnnotations()) {
                Class<? extends Annotation> t = a.annotationType();
                if (t == Named.class || t.isAnnotationPresent(Qualifier.class)) {
                    return true;
                }
            }
            return false;
        }
    }
}
