package io.wirecost.scenarios.harness;

import io.wirecost.scenarios.Invocation;
import io.wirecost.scenarios.RttClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.HdrHistogram.Histogram;

/**
 * Seed 003's load: N client threads, each with its own client (connection, stub, proxy), calling with no
 * think time, so the concurrency level is about N. Every call's latency goes into the thread's own
 * {@link Histogram} (no sharing in the timed loop); the histograms are added up at the end.
 */
final class ConcurrentLoad {

    /** Latencies from 1 µs to 60 s at 3 significant digits. */
    private static final long HIGHEST_NANOS = 60_000_000_000L;

    interface Binder {
        Invocation bind(RttClient client) throws Exception;
    }

    private ConcurrentLoad() {}

    /** Each of the {@code clients} makes {@code warmup} untimed, then {@code calls} timed calls. */
    static Map<String, Object> run(List<RttClient> clients, Binder binder, int warmup, int calls) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients.size());
        try {
            CountDownLatch ready = new CountDownLatch(clients.size());
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Histogram>> futures = new ArrayList<>();
            for (RttClient c : clients) {
                Invocation inv = binder.bind(c);
                futures.add(pool.submit((Callable<Histogram>) () -> {
                    for (int i = 0; i < warmup; i++) inv.call();
                    Histogram h = new Histogram(1000, HIGHEST_NANOS, 3);
                    ready.countDown();
                    go.await();
                    for (int i = 0; i < calls; i++) {
                        long t0 = System.nanoTime();
                        inv.call();
                        h.recordValue(Math.min(HIGHEST_NANOS, System.nanoTime() - t0));
                    }
                    return h;
                }));
            }
            ready.await();
            long t0 = System.nanoTime();
            go.countDown();
            Histogram all = new Histogram(1000, HIGHEST_NANOS, 3);
            for (Future<Histogram> f : futures) all.add(f.get());
            double seconds = (System.nanoTime() - t0) / 1e9;
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("clients", clients.size());
            m.put("calls", all.getTotalCount());
            m.put("seconds", seconds);
            m.put("throughput_per_second", all.getTotalCount() / seconds);
            m.put("mean_micros", all.getMean() / 1000);
            m.put("p50_micros", all.getValueAtPercentile(50) / 1000.0);
            m.put("p90_micros", all.getValueAtPercentile(90) / 1000.0);
            m.put("p99_micros", all.getValueAtPercentile(99) / 1000.0);
            m.put("max_micros", all.getMaxValue() / 1000.0);
            return m;
        } finally {
            pool.shutdownNow();
        }
    }
}
