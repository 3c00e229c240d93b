package io.wirecost.report;

import io.wirecost.runner.AtomicFiles;
import io.wirecost.runner.batch.BatchRun;
import io.wirecost.runner.batch.LatencyFits;
import io.wirecost.runner.batch.LatencyResult;
import java.nio.file.Path;
import java.util.List;

/** Writes every output of a batch run, each file replaced atomically; called after every measured point. */
public final class BatchWriter {

    private final Path dir;
    private final LatencyFits.Cache fits = new LatencyFits.Cache();

    public BatchWriter(Path dir) {
        this.dir = dir;
    }

    /** Writes every file from {@code results}, fitting the model once for all of them (and again only where it changed). */
    public synchronized void write(BatchRun run, List<LatencyResult> results) throws Exception {
        List<LatencyFits> fitted = fits.fit(results);
        AtomicFiles.write(dir.resolve("batch.json"), BatchJson.render(run, fitted));
        AtomicFiles.write(dir.resolve("batch.csv"), BatchCsv.points(results));
        AtomicFiles.write(dir.resolve("fits.csv"), BatchCsv.fits(fitted));
        StringBuilder md =
                new StringBuilder("# wirecost batch ").append(run.id()).append("\n\n");
        md.append("- started: ")
                .append(run.started())
                .append(", host: ")
                .append(run.host())
                .append('\n');
        md.append("- JDK of the client and server JVMs: ")
                .append(run.javaHome())
                .append(" (")
                .append(run.javaFeatureVersion())
                .append(")\n");
        md.append("- warm-up: ")
                .append(run.settings().warmup())
                .append(" transactions per variant and latency")
                .append(run.settings().quick() ? " (quick)" : "")
                .append("\n\n");
        md.append(BatchTables.times(results).markdown());
        md.append(BatchTables.model(fitted).markdown());
        AtomicFiles.write(dir.resolve("table.md"), md.toString());
    }
}
