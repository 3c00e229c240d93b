package io.wirecost.scenarios.payload;

import java.util.List;
import java.util.Set;

/**
 * A workload of seed 001 or seed 003, selected with {@code --payload NAME} instead of RTTTester's eight
 * types. Its name is the operation label in rtt.csv and sizes.csv.
 *
 * <p>Direction follows the seeds: seed 001's servers <em>return</em> the data for a short request
 * ({@code getString()}, {@code Data2[] f1(String)}, {@code getCustomerRecord(String)},
 * {@code getCustomersForSalesRep(String)}), so string, data2 and data3 payloads travel in the response
 * only; seed 003's service receives an int array, inverts it and returns it, so {@code ints-N} travels
 * both ways.
 *
 * @param kind what the service returns
 * @param size characters, records or elements
 */
public record Payload(String name, Kind kind, int size) {

    public enum Kind {
        STRING,
        DATA2,
        DATA3,
        DATA3_ARRAY,
        INTS
    }

    /** Scenarios whose servers carry payloads; the others refuse {@code --payload} before any JVM starts. */
    public static final Set<String> CARRIERS = Set.of(
            "tcp",
            "rmi",
            "rmi-ssl",
            "http-to-port",
            "http-to-servlet",
            "ws-literal",
            "ws-encoded",
            "ws-security",
            "corba",
            "grpc",
            "grpc-tls",
            "rest-json",
            "rest-json-h2");

    /** The largest int array: seed 003 went to 100,000; ten times that still fits every transport's limits. */
    public static final int MAX_INTS = 1_000_000;

    private static final List<String> FIXED = List.of(
            "string-64",
            "string-512",
            "string-4096",
            "string-8192",
            "data2-4",
            "data2-32",
            "data3-1",
            "data3-2",
            "data3-4",
            "data3-8",
            "data3-16");

    /** The option key in {@code ScenarioConfig.options} that carries the payload name to the scenario JVMs. */
    public static final String OPTION = "payload";

    public static Payload parse(String name) {
        if (name.startsWith("ints-")) {
            int n;
            try {
                n = Integer.parseInt(name.substring(5));
            } catch (NumberFormatException e) {
                n = -1;
            }
            if (n < 1 || n > MAX_INTS)
                throw new IllegalArgumentException("payload '" + name + "': ints-N needs N in 1.." + MAX_INTS);
            return new Payload(name, Kind.INTS, n);
        }
        if (!FIXED.contains(name)) {
            throw new IllegalArgumentException(
                    "unknown payload '" + name + "' (known: " + String.join(", ", FIXED) + ", ints-N)");
        }
        int dash = name.indexOf('-');
        int size = Integer.parseInt(name.substring(dash + 1));
        Kind kind = switch (name.substring(0, dash)) {
            case "string" -> Kind.STRING;
            case "data2" -> Kind.DATA2;
            default -> size == 1 ? Kind.DATA3 : Kind.DATA3_ARRAY;
        };
        return new Payload(name, kind, size);
    }

    /** {@code --payload A,B,...}: each measured like a data type, in this order; empty for an empty string. */
    public static List<Payload> parseList(String names) {
        List<Payload> out = new java.util.ArrayList<>();
        for (String n : names.split(",")) {
            if (n.isBlank()) continue;
            Payload p = parse(n.trim());
            if (out.contains(p)) throw new IllegalArgumentException("payload '" + n.trim() + "' named twice");
            out.add(p);
        }
        return out;
    }

    public static List<String> names() {
        return FIXED;
    }

    /** The value the service returns for this payload, and the client checks every answer against. */
    public Object expected() {
        return switch (kind) {
            case STRING -> PayloadData.string(size);
            case DATA2 -> PayloadData.data2(size);
            case DATA3 -> PayloadData.data3(0);
            case DATA3_ARRAY -> PayloadData.data3s(size);
            case INTS -> PayloadData.invert(PayloadData.ints(size));
        };
    }
}
