package io.wirecost.agent.bridge;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The endpoint ids the bridge gives out, one per route template, and their names. Capped ({@link #cap}): a name
 * beyond the cap gets {@link EndpointBridge#OTHER}, so that a route built from raw URLs cannot grow the label set
 * without bound. An id once given keeps its name: the writer resolves ids after the requests that carried them.
 */
final class EndpointNames {

    /** Ids an array holds, whatever the cap; also the bound of the bridge's other caches. */
    static final int CAPACITY = 1024;

    private static volatile int maxEndpoints = 100;
    private static final Map<String, Integer> IDS = new ConcurrentHashMap<>();
    private static final AtomicReferenceArray<String> NAMES = new AtomicReferenceArray<>(CAPACITY);
    private static final AtomicInteger NEXT_ID = new AtomicInteger(2);

    static {
        NAMES.set(EndpointBridge.OTHER, EndpointBridge.OTHER_NAME);
        NAMES.set(EndpointBridge.UNNAMED, EndpointBridge.UNNAMED_NAME);
    }

    private EndpointNames() {}

    /** At most {@code maxNames} names of routes, beside the two fixed ones. */
    static void cap(int maxNames) {
        maxEndpoints = Math.max(2, Math.min(maxNames + 2, CAPACITY));
    }

    static int id(String route) {
        if (route == null) return EndpointBridge.UNNAMED;
        Integer id = IDS.get(route);
        if (id != null) return id;
        if (NEXT_ID.get() >= maxEndpoints) return EndpointBridge.OTHER;
        synchronized (IDS) {
            id = IDS.get(route);
            if (id != null) return id;
            int next = NEXT_ID.get();
            if (next >= maxEndpoints) return EndpointBridge.OTHER;
            NAMES.set(next, route);
            IDS.put(route, next);
            NEXT_ID.set(next + 1);
            return next;
        }
    }

    /** Whether {@code id} was given out: a stashed id from a request attribute is trusted only then. */
    static boolean given(int id) {
        return id >= 0 && id < NEXT_ID.get();
    }

    /** The name of an endpoint id, or null for an id not given out. */
    static String name(int id) {
        return id >= 0 && id < CAPACITY ? NAMES.get(id) : null;
    }
}
