package io.wirecost.diff;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Writes a minimal run directory as {@code wirecost run} lays it out: results.json with one entry per
 * repetition of scenario {@code rmi} (round trips of the seven primitives and their geometric mean)
 * and, optionally, cpu.csv with the figures of the cpu helper's contract.
 */
final class RunFixture {

    static final String[] PRIMITIVES = {"int", "short", "long", "float", "double", "boolean", "byte"};

    private RunFixture() {}

    /** {@code rttMicros[r]}: every primitive's mean round trip in repetition r+1. */
    static Path write(Path dir, double[] rttMicros) throws IOException {
        return write(dir, rttMicros, Double.NaN);
    }

    /** As above, every repetition having met {@code waitMicros} of run-queue wait per call (NaN: not recorded). */
    static Path write(Path dir, double[] rttMicros, double waitMicros) throws IOException {
        Files.createDirectories(dir);
        StringBuilder sb = new StringBuilder("{\"format\":\"wirecost-results/1\",\"scenarios\":[");
        for (int r = 0; r < rttMicros.length; r++) {
            if (r > 0) sb.append(',');
            sb.append("{\"scenario\":\"rmi\",\"status\":\"ok\",\"repetition\":").append(r + 1);
            if (!Double.isNaN(waitMicros)) {
                sb.append(String.format(
                        Locale.ROOT, ",\"facts\":{\"noise\":{\"runqueue_wait_micros_per_call\":%.3f}}", waitMicros));
            }
            sb.append(",\"rtt\":[");
            for (String op : PRIMITIVES) {
                double m = rttMicros[r];
                // a single repetition's diff rests on its kept measurements
                sb.append(String.format(
                        Locale.ROOT,
                        "{\"operation\":\"%s\",\"mean_micros\":%.3f,\"kept_measurements_micros\":[%.3f,%.3f,%.3f]},",
                        op,
                        m,
                        0.98 * m,
                        m,
                        1.02 * m));
            }
            sb.append(String.format(
                    Locale.ROOT, "{\"operation\":\"primitives-geomean\",\"mean_micros\":%.3f}]}", rttMicros[r]));
        }
        Files.writeString(dir.resolve("results.json"), sb.append("]}").toString());
        return dir;
    }

    /** cpu.csv with CPU per call {@code micros} ± {@code halfWidth} for the server and all roles of the geomean and int. */
    static void cpu(Path dir, double micros, double halfWidth, int invocations) throws IOException {
        StringBuilder sb = new StringBuilder(CpuCsv.HEADER).append('\n');
        for (String role : new String[] {"server", "all"}) {
            double m = role.equals("all") ? 2 * micros : micros;
            double h = role.equals("all") ? 2 * halfWidth : halfWidth;
            for (String op : new String[] {"int", "primitives-geomean"}) {
                sb.append(String.format(
                        Locale.ROOT, "rmi,%s,%s,%.3f,%.3f,%.3f,%d%n", op, role, m, m - h, m + h, invocations));
            }
        }
        Files.writeString(dir.resolve("cpu.csv"), sb.toString());
    }

    /** endpoints.csv: per repetition r, {@code micros[r]} per request for each endpoint (its interval a tenth either side). */
    static void endpoints(Path dir, java.util.Map<String, double[]> micros) throws IOException {
        endpoints(dir, micros, 0.1);
    }

    /** endpoints.csv whose every repetition's sampling interval spreads {@code halfWidth} of its figure either side. */
    static void endpoints(Path dir, java.util.Map<String, double[]> micros, double halfWidth) throws IOException {
        StringBuilder sb = new StringBuilder(EndpointCsv.HEADER).append('\n');
        micros.forEach((endpoint, reps) -> {
            for (int r = 0; r < reps.length; r++) {
                sb.append(String.format(
                        Locale.ROOT,
                        "rmi,%d,%s,%.3f,%.3f,%.3f,600%n",
                        r + 1,
                        endpoint.contains(",") ? '"' + endpoint + '"' : endpoint,
                        reps[r],
                        (1 - halfWidth) * reps[r],
                        (1 + halfWidth) * reps[r]));
            }
        });
        Files.writeString(dir.resolve("endpoints.csv"), sb.toString());
    }
}
