package io.wirecost.agent.bridge;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Routes composed from a JAX-RS sub-resource locator's template and the path that follows it, cached (up to
 * {@link EndpointNames#CAPACITY} of each) so that a request through locators allocates nothing.
 */
final class JoinedRoutes {

    /** Composed routes by prefix and relative route. */
    private static final Map<String, Map<String, String>> JOINED = new ConcurrentHashMap<>();

    private JoinedRoutes() {}

    /**
     * {@code prefix} followed by {@code relative}: a handler's {@code GET /{item}} after {@code /carts/{id}/items} is
     * {@code GET /carts/{id}/items/{item}}, a locator's {@code /{id}} after {@code /carts} is {@code /carts/{id}}.
     */
    static String of(String prefix, String relative) {
        Map<String, String> byRelative = JOINED.get(prefix);
        if (byRelative == null && JOINED.size() < EndpointNames.CAPACITY) {
            byRelative = JOINED.computeIfAbsent(prefix, p -> new ConcurrentHashMap<>());
        }
        String j = byRelative == null ? null : byRelative.get(relative);
        if (j != null) return j;
        int space = relative.indexOf(' ');
        String path = relative.substring(space + 1);
        j = relative.substring(0, space + 1) + prefix + (path.equals("/") ? "" : path);
        if (byRelative != null && byRelative.size() < EndpointNames.CAPACITY) byRelative.put(relative, j);
        return j;
    }
}
