package io.wirecost.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which lines form the gating family (Holm runs over these only): the deciding measure's primitives'
 * geometric mean, and shares of categories at or above the minimum share on either side.
 * The rule looks at no p-value, only at the lines' kinds and, for shares, the larger side's level.
 */
class GateFamilyTest {

    @ParameterizedTest(name = "{0} {1} ({2}/{3}) with {4} deciding -> gates: {5}")
    @CsvSource({
        // kind, metric,                 baseline, candidate, deciding, gates
        "RTT,   primitives-geomean,      50,  60,  RTT, true",
        "RTT,   int,                     50,  60,  RTT, false", // per-type lines are reported
        "RTT,   instantiation,           50,  60,  RTT, false",
        "RTT,   primitives-geomean,      50,  60,  CPU, false", // the other measure does not decide
        "CPU,   all/primitives-geomean,  40,  44,  CPU, true",
        "CPU,   server/primitives-geomean, 20, 22, CPU, false", // one role: part of the whole call's figure
        "CPU,   all/int,                 40,  44,  CPU, false",
        "CPU,   all/primitives-geomean,  40,  44,  RTT, false",
        "SHARE, all/reflection,          30,  34,  CPU, true",
        "SHARE, all/reflection,          30,  34,  RTT, true", // shares gate whichever cost measure decides
        "SHARE, server/reflection,       30,  34,  CPU, false", // per-role shares are parts of the whole call's
        "SHARE, client/socket-read,      30,  34,  CPU, false",
        "SHARE, all/io,                  4,   4.9, CPU, false", // under 5 % on both sides
        "SHARE, all/io,                  5,   5,   CPU, true", // at the minimum
        "SHARE, all/io,                  4,   5.5, CPU, true", // the candidate reaches it (mean 4.75 % would not)
        "SHARE, all/reflection,          2.2, 7.7, CPU, true", // rmi's injected 10 %: mean 4.95 %, missed before
        "SHARE, all/io,                  8,   3,   CPU, true", // either side, not the baseline or the candidate alone
        "SHARE, all/crypto,              0,   10,  CPU, true", // a category that appears with a regression
        "SIZE,  int,                     200, 260, CPU, false", // sizes are reported, not gating
        "CPU,   all/command,             3.6e6, 4.6e6, CPU, true", // a profiled command's JVM: its CPU per run
    })
    void familyMembership(
            DiffLine.Kind kind,
            String metric,
            double baseline,
            double candidate,
            DiffLine.Kind deciding,
            boolean gates) {
        DiffLine l = new DiffLine(
                "rmi", kind, metric, "x", baseline, candidate, 0, 0, 0, 0.001, DiffLine.Verdict.NO_CHANGE, "3+3", null);
        assertEquals(gates, Gate.gates(l, deciding, 5.0, "all", false));
    }

    /**
     * A profiled JVM whose requests were counted: a load of a set time does more work the faster the code serves it,
     * so its CPU per run is reported and its endpoints' CPU per request gates.
     */
    @org.junit.jupiter.api.Test
    void aCommandsCpuPerRunIsReportedWhereItsRequestsAreCounted() {
        DiffLine run = new DiffLine(
                "JettyShop",
                DiffLine.Kind.CPU,
                "all/command",
                "µs",
                3.6e6,
                4.6e6,
                28,
                21,
                35,
                0.001,
                DiffLine.Verdict.NO_CHANGE,
                "5+5",
                null);
        DiffLine endpoint = new DiffLine(
                "JettyShop",
                DiffLine.Kind.ENDPOINT,
                "GET /shop/orders/*",
                "µs",
                300,
                400,
                33,
                20,
                45,
                0.001,
                DiffLine.Verdict.NO_CHANGE,
                "5+5",
                null);
        assertEquals(true, Gate.servesEndpoints("JettyShop", java.util.List.of(run, endpoint)));
        assertEquals(false, Gate.servesEndpoints("JettyShop", java.util.List.of(run)));
        assertEquals(false, Gate.gates(run, DiffLine.Kind.CPU, 5.0, "all", true));
        assertEquals(true, Gate.gates(endpoint, DiffLine.Kind.CPU, 5.0, "all", true));
    }

    @ParameterizedTest(name = "min share {0} %: a {1} % category gates: {2}")
    @CsvSource({"0, 0.5, true", "5, 4.9, false", "10, 9.9, false", "10, 10, true", "100, 99, false"})
    void minimumShareIsTheOnlyKnob(double minShare, double share, boolean gates) {
        DiffLine l = new DiffLine(
                "rmi",
                DiffLine.Kind.SHARE,
                "all/other",
                "%",
                share,
                share,
                0,
                0,
                0,
                0.5,
                DiffLine.Verdict.NO_CHANGE,
                "3+3",
                null);
        assertEquals(gates, Gate.gates(l, DiffLine.Kind.CPU, minShare, "all", false));
    }

    @ParameterizedTest(name = "share roles {0} -> {1} gates")
    @CsvSource({"'client,server,all', all", "'server', server", "'client', client", "'', all"})
    void theWholeCallsSharesGateWhereBothSidesWereProfiled(String roles, String gating) {
        java.util.List<DiffLine> lines = java.util.Arrays.stream(roles.split(","))
                .filter(r -> !r.isBlank())
                .map(r -> new DiffLine(
                        "rmi",
                        DiffLine.Kind.SHARE,
                        r + "/socket-read",
                        "%",
                        30,
                        30,
                        0,
                        0,
                        0,
                        0.5,
                        DiffLine.Verdict.NO_CHANGE,
                        "3+3",
                        null))
                .toList();
        assertEquals(gating, Gate.shareRole("rmi", lines));
    }
}
