package io.wirecost.scenarios;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Deterministic faults for testing that a run survives them, set as scenario options:
 * {@code fault.halt-after-calls=N} halts the server JVM at its N-th call, as abruptly as kill -9 (no
 * shutdown hooks); {@code fault.hang-after-calls=N} makes the N-th and later calls never answer.
 * Never set in real measurements.
 */
public final class Faults {

    public static final String HALT = "fault.halt-after-calls";
    public static final String HANG = "fault.hang-after-calls";

    private Faults() {}

    public static RTTTester wrap(RTTTester service, ScenarioConfig config) {
        long halt = Long.parseLong(config.option(HALT, "0"));
        long hang = Long.parseLong(config.option(HANG, "0"));
        if (halt <= 0 && hang <= 0) return service;
        AtomicLong calls = new AtomicLong();
        return (RTTTester) java.lang.reflect.Proxy.newProxyInstance(
                RTTTester.class.getClassLoader(), new Class<?>[] {RTTTester.class}, (proxy, method, args) -> {
                    long n = calls.incrementAndGet();
                    if (halt > 0 && n >= halt) Runtime.getRuntime().halt(137);
                    if (hang > 0 && n >= hang) Thread.sleep(Long.MAX_VALUE);
                    return method.invoke(service, args);
                });
    }
}
