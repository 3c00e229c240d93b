package io.wirecost.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.runner.batch.BatchPoint;
import io.wirecost.runner.batch.BatchSettings;
import io.wirecost.runner.batch.LatencyResult;
import io.wirecost.scenarios.ScenarioDescriptor;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Drives {@code wirecost batch}: one server JVM (the three file servers and an echo service) for the
 * whole run, and a fresh client JVM per latency, which owns that latency's delay proxy. A client JVM
 * per latency keeps RMI's pooled connections from crossing settings (a connection opened directly
 * would otherwise be reused after the proxy is put in place). Reports every point as soon as it is
 * measured; a failed latency is recorded and the next one still runs.
 */
public final class BatchRunner {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ScenarioDescriptor MODULE =
            new ScenarioDescriptor("batch", "", "scenarios-batch", "io.wirecost.scenarios.batch.BatchServerMain");
    private static final Duration START = Duration.ofSeconds(90);
    private static final Duration COMMAND = Duration.ofSeconds(60);

    private final JvmLauncher launcher;
    private final BatchSettings settings;
    private final Path outDir;
    private final Consumer<String> progress;
    private final Consumer<List<LatencyResult>> update;

    public BatchRunner(
            JvmLauncher launcher,
            BatchSettings settings,
            Path outDir,
            Consumer<String> progress,
            Consumer<List<LatencyResult>> update) {
        this.launcher = launcher;
        this.settings = settings;
        this.outDir = outDir;
        this.progress = progress;
        this.update = update;
    }

    /** Never throws for a failed JVM: each latency's result says what failed. */
    public List<LatencyResult> run() {
        List<LatencyResult> done = new ArrayList<>();
        progress.accept("starting the server JVM (RMI, Metro on Tomcat, echo)");
        try (ChildJvm server = launcher.start(
                MODULE,
                "batch-server",
                "io.wirecost.scenarios.batch.BatchServerMain",
                List.of(String.valueOf(settings.maxFiles())),
                null,
                outDir.resolve("logs").resolve("batch-server.log"))) {
            Object endpoint = server.await("start", START).get("endpoint");
            for (long delay : settings.delaysNanos()) {
                done.add(latency(JSON.writeValueAsString(endpoint), delay, done));
                update.accept(List.copyOf(done));
            }
        } catch (ChildJvm.ChildFailure | java.io.IOException e) {
            for (long delay : settings.delaysNanos()
                    .subList(done.size(), settings.delaysNanos().size())) {
                done.add(LatencyResult.empty(delay, settings.reps(delay)).failed("server: " + e.getMessage()));
            }
            update.accept(List.copyOf(done));
        }
        return done;
    }

    @SuppressWarnings("unchecked")
    private LatencyResult latency(String endpointJson, long delay, List<LatencyResult> before) {
        String label = "latency " + millis(delay);
        int reps = settings.reps(delay);
        LatencyResult r = LatencyResult.empty(delay, reps);
        try (ChildJvm client = JvmPair.startClient(
                launcher,
                MODULE,
                "batch-client-" + millis(delay),
                "io.wirecost.scenarios.batch.BatchClientMain",
                List.of(endpointJson, String.valueOf(delay)),
                null,
                outDir.resolve("logs").resolve("batch-client-" + millis(delay) + ".log"),
                START,
                COMMAND)) {
            progress.accept(label + ": warm-up, " + settings.warmup() + " transactions of " + settings.maxFiles()
                    + " files per variant");
            client.call("warmup " + settings.warmup() + " " + settings.maxFiles(), timeout(settings.warmup() * 2L));
            // two series of pings (direct, through the proxy), each ping two delays long through the proxy
            Map<String, Object> lat =
                    client.call("latency " + settings.pings(), COMMAND.plusNanos(settings.pings() * 4L * delay));
            r = r.withPings(
                    (Boolean) lat.get("proxied"), longs(lat.get("directPingsNanos")), longs(lat.get("pathPingsNanos")));
            progress.accept(String.format(
                    Locale.ROOT,
                    "%s: the path adds %.2f ms to a round trip; %d x each batch size",
                    label,
                    r.addedRttMillis(),
                    reps));
            for (int n : settings.files()) {
                progress.accept(label + ": " + n + " file" + (n == 1 ? "" : "s") + " per transaction");
                // the object interface makes 5 round trips per file: allow 10 delays each, plus a minute
                long budgetMs = (long) reps * n * 5 * 10 * Math.max(1, delay / 1_000_000);
                Map<String, Object> p = client.call("point " + n + " " + reps, Duration.ofMillis(60_000 + budgetMs));
                Map<String, Object> nanos = (Map<String, Object>) p.get("nanos");
                Map<String, Object> calls = (Map<String, Object>) p.get("callsPerTransaction");
                for (Map.Entry<String, Object> e : nanos.entrySet()) {
                    long[] t = ((List<?>) e.getValue())
                            .stream().mapToLong(o -> ((Number) o).longValue()).toArray();
                    r = r.with(new BatchPoint(delay, e.getKey(), n, t, ((Number) calls.get(e.getKey())).doubleValue()));
                }
                // a few pings after every point: L is the median over the whole sweep, not one moment's
                r = r.withPings(r.proxied(), longs(p.get("directPingsNanos")), longs(p.get("pathPingsNanos")));
                List<LatencyResult> partial = new ArrayList<>(before);
                partial.add(r);
                update.accept(partial);
            }
            return r;
        } catch (ChildJvm.ChildFailure e) {
            return r.failed(e.getMessage());
        } catch (Exception e) {
            return r.failed(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    private static List<Long> longs(Object list) {
        return ((List<?>) list).stream().map(o -> ((Number) o).longValue()).toList();
    }

    private static Duration timeout(long transactions) {
        return Duration.ofSeconds(60 + transactions);
    }

    public static String millis(long nanos) {
        double ms = nanos / 1e6;
        return (ms == Math.rint(ms) ? String.valueOf((long) ms) : String.valueOf(ms)) + "ms";
    }
}
