package org.boardlab.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.ArrayList;
import java.util.List;
import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Qualifier;
import javax.inject.Singleton;
import org.eclipse.sisu.inject.DefaultBeanLocator;
import org.eclipse.sisu.inject.MutableBeanLocator;
import org.eclipse.sisu.space.ClassSpace;
import org.eclipse.sisu.space.SpaceModule;
import org.eclipse.sisu.space.URLClassSpace;
import org.eclipse.sisu.wire.WireModule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

import com.google.inject.Binding;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.Module;
import com.google.inject.spi.Element;
import com.google.inject.spi.Elements;

/**
 * A bundle's components found from its index by reflection ({@link IndexedBundlePlan.IndexModule}) are
 * bound exactly as Sisu binds them when it reads the same index with ASM ({@link SpaceModule} with its
 * index finder): the same bindings, in the same order.
 */
class IndexedBundlePlanTest {

    @TempDir
    Path dir;

    @Named("plain")
    public static class Plain implements Runnable {
        @Override
        public void run() {
        }
    }

    @Named
    public static class Unnamed {
    }

    @Qualifier
    @Retention(RetentionPolicy.RUNTIME)
    public @interface Custom {
    }

    @Custom
    public static class CustomQualified {
    }

    @Named("abstract")
    public abstract static class Abstract {
    }

    @Named("interface")
    public interface Interface {
    }

    @Singleton
    public static class NotQualified {
    }

    /** A class space over {@code dir} (with the test's classes through its parent loader) whose index lists {@code names}. */
    private ClassSpace space(String... names) throws Exception {
        if (names.length > 0) {
            Path index = dir.resolve(IndexedBundlePlan.INDEX_FOLDER + IndexedBundlePlan.INDEX_NAME);
            Files.createDirectories(index.getParent());
            Files.writeString(index, "# a comment line\n" + String.join("\n", names) + "\n");
        }
        URL[] path = {dir.toUri().toURL()};
        return new URLClassSpace(new URLClassLoader(path, getClass().getClassLoader()), path); // entries looked for in dir only
    }

    private static List<String> bindings(Module module) {
        List<String> out = new ArrayList<>();
        for (Element e : Elements.getElements(module)) {
            out.add(e instanceof Binding<?> b ? b.getKey() + " " + b.getClass().getSimpleName() : e.getClass().getSimpleName());
        }
        return out;
    }

    @Test
    void bindsWhatSisusIndexScanBinds() throws Exception {
        ClassSpace space = space(Plain.class.getName(), Unnamed.class.getName(), CustomQualified.class.getName(),
                Abstract.class.getName(), Interface.class.getName(), NotQualified.class.getName(), "org.boardlab.core.internal.NoSuchClass");

        List<String> ours = bindings(new IndexedBundlePlan.IndexModule(space));
        List<String> sisus = bindings(new SpaceModule(space, SpaceModule.LOCAL_INDEX, false));

        assertThat(ours).isEqualTo(sisus);
        String all = String.join("\n", ours);
        assertThat(all).contains(Plain.class.getName(), Unnamed.class.getName(), CustomQualified.class.getName())
                .doesNotContain(Abstract.class.getName(), Interface.class.getName(), NotQualified.class.getName(), "NoSuchClass");
    }

    /** A component that needs what the context module binds: the bundle's context and a property. */
    @Named
    public static class NeedsTheContext {
        final BundleContext context;
        final String greeting;

        @Inject
        public NeedsTheContext(BundleContext context, @Named("${boardlab.test.greeting}") String greeting) {
            this.context = context;
            this.greeting = greeting;
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> T stub(Class<T> type, Object... answers) {
        return (T) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            for (Object a : answers) {
                if (method.getReturnType().isInstance(a)) {
                    return a;
                }
            }
            return method.getName().equals("toString") ? type.getSimpleName() : null;
        });
    }

    @Test
    void theContextModuleBindsWhatSisusDoesAndStillPublishesTheInjector() {
        MutableBeanLocator locator = new DefaultBeanLocator();
        BundleContext context = stub(BundleContext.class);
        Bundle bundle = stub(Bundle.class, context);
        Map<String, String> properties = Map.of("boardlab.test.greeting", "hello");
        Module components = binder -> binder.bind(NeedsTheContext.class);

        Injector injector = Guice.createInjector(new WireModule(new IndexedBundlePlan.ContextModule(locator, properties, bundle), components));

        NeedsTheContext made = injector.getInstance(NeedsTheContext.class);
        assertThat(made.context).isSameAs(context);
        assertThat(made.greeting).isEqualTo("hello"); // the properties reach Sisu's placeholders
        // the locator, still bound to its instance, was given the injector as it was made (Sisu's auto-publishing)
        assertThat(locator.locate(Key.get(NeedsTheContext.class))).hasSize(1);
    }

    @Test
    void aSpaceWithoutAnIndexHasNone() throws Exception {
        assertThat(IndexedBundlePlan.hasIndex(space())).isFalse();
        assertThat(IndexedBundlePlan.hasIndex(space(Plain.class.getName()))).isTrue();
    }
}
