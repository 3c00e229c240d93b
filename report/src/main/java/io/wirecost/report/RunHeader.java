package io.wirecost.report;

import io.wirecost.runner.RunMetadata;

/** The opening lines of a run's table.md, the same for scenario runs and for attach and profile. */
public final class RunHeader {

    private RunHeader() {}

    /** The title and the "started" line. */
    public static StringBuilder open(RunMetadata meta) {
        return new StringBuilder("# wirecost run ")
                .append(meta.id())
                .append("\n\n- started: ")
                .append(meta.started())
                .append(", host: ")
                .append(meta.host())
                .append('\n');
    }

    /** The profiler line: engine, event and interval. */
    public static String profiler(RunMetadata meta) {
        return "- profiler: " + meta.profiler().sampler() + ", interval "
                + meta.profiler().intervalNs() / 1000 + " µs\n";
    }
}
