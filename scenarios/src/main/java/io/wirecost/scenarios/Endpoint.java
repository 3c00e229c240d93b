package io.wirecost.scenarios;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/** Where a scenario's server listens: a few string properties (host, port, bound name, URL). */
public record Endpoint(Map<String, String> properties) {

    public Endpoint {
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    public static Endpoint of(String... keyValues) {
        Map<String, String> m = new TreeMap<>();
        for (int i = 0; i + 1 < keyValues.length; i += 2) m.put(keyValues[i], keyValues[i + 1]);
        return new Endpoint(m);
    }

    public String get(String key) {
        String v = properties.get(key);
        if (v == null) throw new IllegalArgumentException("endpoint has no '" + key + "': " + properties);
        return v;
    }

    public int port(String key) {
        return Integer.parseInt(get(key));
    }
}
