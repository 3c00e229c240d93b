package io.wirecost.scenarios;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Deliberate regressions for testing the CI gate; never set in real measurements. Scenario options:
 * <ul>
 * <li>{@code inject.sha256=N}: the service computes N SHA-256 digests of a 1 KB buffer before every
 *     answer, so a candidate does measurably more crypto work than its baseline;</li>
 * <li>{@code inject.cpu-us=N}: the service busy-loops for N microseconds of CPU before every answer
 *     (a {@link CpuBurner} calibrated when the server starts), a regression of known size.</li>
 * </ul>
 * What was injected, and the calibration, are reported by the server JVM's {@code info} ({@link #facts()}).
 */
public final class InjectedWork {

    public static final String OPTION = "inject.sha256";
    public static final String CPU_OPTION = "inject.cpu-us";
    private static final byte[] BUFFER = new byte[1024];
    private static volatile byte sink;
    private static volatile Map<String, Object> facts = Map.of();

    private InjectedWork() {}

    /** The service to export: {@code service} itself, or a wrapper doing the injected work first (RMI). */
    public static RTTTester wrap(RTTTester service, ScenarioConfig config) {
        Runnable work = beforeEachCall(config);
        if (work == NOTHING) return service;
        return (RTTTester) java.lang.reflect.Proxy.newProxyInstance(
                RTTTester.class.getClassLoader(), new Class<?>[] {RTTTester.class}, (proxy, method, args) -> {
                    work.run();
                    return method.invoke(service, args);
                });
    }

    private static final Runnable NOTHING = () -> {};

    /**
     * The injected work to do before every answer, for services that call it themselves ({@link CountingTester},
     * the web-service, REST and gRPC scenarios); a no-op when nothing is injected. Records {@link #facts()}.
     */
    public static Runnable beforeEachCall(ScenarioConfig config) {
        int digests = count(config, OPTION);
        double cpuMicros = micros(config);
        if (digests <= 0 && cpuMicros <= 0) return NOTHING;
        CpuBurner burner = cpuMicros > 0 ? CpuBurner.calibrate() : null;
        Map<String, Object> f = new LinkedHashMap<>();
        if (digests > 0) f.put(OPTION, digests);
        if (burner != null) {
            f.put(CPU_OPTION, cpuMicros);
            f.put("cpu_calibration", burner.facts());
        }
        facts = Map.copyOf(f);
        return () -> {
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
