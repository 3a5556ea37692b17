package org.boardlab.store.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.boardlab.store.Store;

/** The stores open in this process, one per URL; closed together when the bundle stops. */
public final class OpenStores {

    private static final Map<String, Store> OPEN = new LinkedHashMap<>();

    private OpenStores() {
    }

    /** The store at {@code url}, opened on first use. */
    public static synchronized Store open(String url) {
        Store s = OPEN.get(url);
        if (s == null) {
            s = Store.open(url);
            OPEN.put(url, s);
        }
        return s;
    }

    /** Forgets a store that is being closed. */
    public static synchronized void forget(Store store) {
        OPEN.values().removeIf(s -> s == store);
    }

    /** Closes every open store. */
    public static void closeAll() {
        List<Store> all;
        synchronized (OpenStores.class) {
            all = new ArrayList<>(OPEN.values());
            OPEN.clear();
        }
        for (Store s : all) {
            s.close();
        }
    }
}
