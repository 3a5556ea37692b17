package org.boardlab.conform.ui.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.boardlab.api.Protocol;
import org.boardlab.conform.ConformanceKit;
import org.boardlab.core.Component;
import org.boardlab.core.Registry;
import org.eclipse.sisu.BeanEntry;
import org.eclipse.sisu.inject.BeanLocator;

import com.google.inject.Key;

/** What the view finds loaded: the protocols' kits (each a {@code @Named} bean of its protocol bundle) and the protocols. */
final class Loaded {

    private Loaded() {
    }

    /** The kits of the protocol bundles loaded now (asked each time: a bundle may come or go). */
    static List<ConformanceKit> kits(BeanLocator locator) {
        List<ConformanceKit> list = new ArrayList<>();
        for (BeanEntry<?, ConformanceKit> e : locator.locate(Key.get(ConformanceKit.class))) {
            list.add(e.getValue());
        }
        return list;
    }

    /** The loaded protocol of an id, or {@code null}. */
    static Function<String, Protocol> protocols(Registry registry) {
        return id -> registry.protocol(id).map(Component::get).orElse(null);
    }
}
