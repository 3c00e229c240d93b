package io.wirecost.runner.batch;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * One latency's measurements with the model fitted to them for each document variant that has enough points. Fitted
 * once per write of a batch run's files: each fit carries a bootstrap of a few thousand refits, which the JSON, the
 * CSV and the table then share instead of each computing its own.
 */
public record LatencyFits(LatencyResult result, List<ModelFit> fits) {

    /** ws-document (the paper's comparison), then rmi-document. */
    public static final List<String> DOCUMENT_VARIANTS = List.of("ws-document", "rmi-document");

    public LatencyFits {
        fits = List.copyOf(fits);
    }

    public static List<LatencyFits> of(List<LatencyResult> results) {
        return new Cache().fit(results);
    }

    public static LatencyFits of(LatencyResult r) {
        List<ModelFit> fits = new ArrayList<>();
        for (String v : DOCUMENT_VARIANTS) ModelFit.of(r, v).ifPresent(fits::add);
        return new LatencyFits(r, fits);
    }

    /**
     * Fits a batch run's results as they grow, point by point, refitting only what changed: a latency whose sweep is
     * over reaches every later write as the same object, so its fits (and their bootstraps) are kept by identity,
     * and only the latency being measured is fitted again. Fitting every latency at every write cost a default run
     * tens of seconds of CPU between its points.
     */
    public static final class Cache {
        private Map<LatencyResult, LatencyFits> kept = new IdentityHashMap<>();

        public synchronized List<LatencyFits> fit(List<LatencyResult> results) {
            Map<LatencyResult, LatencyFits> now = new IdentityHashMap<>();
            List<LatencyFits> all = new ArrayList<>();
            for (LatencyResult r : results) {
                LatencyFits f = kept.get(r);
                if (f == null) f = of(r);
                now.put(r, f);
                all.add(f);
            }
            kept = now; // only what this write saw: a latency's earlier, partial results are never asked for again
            return all;
        }
    }
}
