package io.wirecost.runner.batch;

import java.util.ArrayList;
import java.util.List;

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
        List<LatencyFits> all = new ArrayList<>();
        for (LatencyResult r : results) {
            List<ModelFit> fits = new ArrayList<>();
            for (String v : DOCUMENT_VARIANTS) ModelFit.of(r, v).ifPresent(fits::add);
            all.add(new LatencyFits(r, fits));
        }
        return all;
    }
}
