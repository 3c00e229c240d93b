package io.wirecost.scenarios;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * A deliberate regression for testing the CI gate: with the scenario option {@code inject.sha256=N}
 * the service computes N SHA-256 digests of a 1 KB buffer before every answer, so a candidate does
 * measurably more crypto work than its baseline. Never set in real measurements.
 */
public final class InjectedWork {

    public static final String OPTION = "inject.sha256";
    private static final byte[] BUFFER = new byte[1024];
    private static volatile byte sink;

    private InjectedWork() {
    }

    /** The service to export: {@code service} itself, or a wrapper doing the injected work first. */
    public static RTTTester wrap(RTTTester service, ScenarioConfig config) {
        int n = Integer.parseInt(config.option(OPTION, "0"));
        if (n <= 0) return service;
        return (RTTTester) java.lang.reflect.Proxy.newProxyInstance(RTTTester.class.getClassLoader(), new Class<?>[]{RTTTester.class},
                (proxy, method, args) -> {
                    work(n);
                    return method.invoke(service, args);
                });
    }

    static void work(int n) throws NoSuchAlgorithmException {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        for (int i = 0; i < n; i++) sink ^= md.digest(BUFFER)[0];
    }
}
