package io.wirecost.scenarios;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Deliberate regressions for testing the CI gate; never set in real measurements. Scenario options:
 * <ul>
 * <li>{@code inject.sha256=N}: the service computes N SHA-256 digests of a 1 KB buffer before every
 *     answer, so a candidate does measurably more crypto work than its baseline;</li>
 * <li>{@code inject.cpu-us=N}: the service busy-loops for N microseconds of CPU before every answer
 *     (a {@link CpuBurner} calibrated when the server starts), a regression of known size;</li>
 * <li>{@code inject.operation=OP}: only before the answers of operation OP ({@code int} ... {@code string}),
 *     so that one endpoint of a service gets more expensive and the others stay as they were: the ground truth
 *     of CPU per request by endpoint.</li>
 * </ul>
 * What was injected, and the calibration, are reported by the server JVM's {@code info} ({@link #facts()}).
 */
public final class InjectedWork {

    public static final String OPTION = "inject.sha256";
    public static final String CPU_OPTION = "inject.cpu-us";
    public static final String OPERATION_OPTION = "inject.operation";
    private static final byte[] BUFFER = new byte[1024];
    private static volatile byte sink;
    private static volatile Map<String, Object> facts = Map.of();

    private InjectedWork() {}

    /** The service to export: {@code service} itself, or a wrapper doing the injected work first (RMI). */
    public static RTTTester wrap(RTTTester service, ScenarioConfig config) {
        Work work = beforeEachCall(config);
        if (work == NOTHING) return service;
        return (RTTTester) java.lang.reflect.Proxy.newProxyInstance(
                RTTTester.class.getClassLoader(), new Class<?>[] {RTTTester.class}, (proxy, method, args) -> {
                    work.before(operationOf(method.getName()));
                    return method.invoke(service, args);
                });
    }

    /** {@code returnRTTforInt} → {@code int}; {@code returnRTTforBool} → {@code boolean}. */
    static String operationOf(String method) {
        String op = method.startsWith("returnRTTfor") ? method.substring("returnRTTfor".length()) : method;
        op = op.toLowerCase(java.util.Locale.ROOT);
        return op.equals("bool") ? "boolean" : op;
    }

    /** The injected work before one call: {@link #before} names the operation answered. */
    @FunctionalInterface
    public interface Work extends Runnable {
        void before(String operation);

        /** Before a call whose operation is not known: injected unless restricted to one operation. */
        @Override
        default void run() {
            before(null);
        }
    }

    private static final Work NOTHING = op -> {};

    /**
     * The injected work to do before every answer, for services that call it themselves ({@link CountingTester},
     * the web-service, REST and gRPC scenarios); a no-op when nothing is injected. Records {@link #facts()}.
     */
    public static Work beforeEachCall(ScenarioConfig config) {
        int digests = count(config, OPTION);
        double cpuMicros = micros(config);
        String only = operation(config);
        if (digests <= 0 && cpuMicros <= 0) return NOTHING;
        CpuBurner burner = cpuMicros > 0 ? CpuBurner.calibrate() : null;
        Map<String, Object> f = new LinkedHashMap<>();
        if (digests > 0) f.put(OPTION, digests);
        if (burner != null) {
            f.put(CPU_OPTION, cpuMicros);
            f.put("cpu_calibration", burner.facts());
        }
        if (only != null) f.put(OPERATION_OPTION, only);
        facts = Collections.unmodifiableMap(new LinkedHashMap<>(f));
        return op -> {
            if (only != null && !only.equals(op)) return;
            if (digests > 0) {
                try {
                    work(digests);
                } catch (NoSuchAlgorithmException e) {
                    throw new IllegalStateException("SHA-256 is missing from this JVM", e);
                }
            }
            if (burner != null) burner.burn(cpuMicros);
        };
    }

    /** What this JVM injects and how the busy loop was calibrated; empty when nothing is injected. */
    public static Map<String, Object> facts() {
        return facts;
    }

    /** The one operation the work is restricted to, or null for every call. */
    private static String operation(ScenarioConfig config) {
        String v = config.option(OPERATION_OPTION, null);
        if (v == null) return null;
        try {
            return Operation.byLabel(v.strip()).label();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(OPERATION_OPTION + " must be one of "
                    + String.join(
                            ", ", Operation.all().stream().map(Operation::label).toList()) + ", got '" + v + "'");
        }
    }

    private static int count(ScenarioConfig config, String option) {
        String v = config.option(option, "0");
        try {
            int n = Integer.parseInt(v.strip());
            if (n >= 0) return n;
        } catch (NumberFormatException e) {
            // the message below names the option
        }
        throw new IllegalArgumentException(option + " must be a whole number >= 0, got '" + v + "'");
    }

    private static double micros(ScenarioConfig config) {
        String v = config.option(CPU_OPTION, "0");
        try {
            double n = Double.parseDouble(v.strip());
            if (n >= 0 && n <= 1_000_000) return n;
        } catch (NumberFormatException e) {
            // the message below names the option
        }
        throw new IllegalArgumentException(
                CPU_OPTION + " must be microseconds of CPU per call, 0 to 1000000, got '" + v + "'");
    }

    static void work(int n) throws NoSuchAlgorithmException {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        for (int i = 0; i < n; i++) sink ^= md.digest(BUFFER)[0];
    }
}
