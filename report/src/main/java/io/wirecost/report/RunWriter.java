package io.wirecost.report;

import io.wirecost.attribution.RuleSet;
import io.wirecost.report.metrics.RunMetrics;
import io.wirecost.runner.AtomicFiles;
import io.wirecost.runner.RunMetadata;
import io.wirecost.runner.RunOutput;
import io.wirecost.runner.ScenarioResult;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes every output file of a run. Called after each scenario, so an interrupted run keeps what it
 * measured; each file is replaced atomically.
 */
public final class RunWriter implements RunOutput {

    private final Path dir;
    private final RuleSet rules;
    private final JmcFindings jmc;

    public RunWriter(Path dir, RuleSet rules) {
        this.dir = dir;
        this.rules = rules;
        this.jmc = new JmcFindings(dir);
    }

    @Override
    public void write(RunMetadata meta, List<ScenarioResult> all) throws Exception {
        AtomicFiles.write(
                dir.resolve("results.json"),
                ResultsJson.render(meta, all, jmc, EndpointTable.sampler(dir, all, rules)));
        // csv files and tables: the first repetition (their layout has one row per scenario and role)
        List<ScenarioResult> results = io.wirecost.runner.RunCoordinator.firstRepetitions(all);
        AtomicFiles.write(dir.resolve("shares.csv"), SharesCsv.render(results));
        AtomicFiles.write(dir.resolve("rtt.csv"), RttCsv.render(results));
        AtomicFiles.write(dir.resolve("cpu.csv"), CpuCsv.render(all));
        if (EndpointTable.present(dir, all))
            AtomicFiles.write(dir.resolve("endpoints.csv"), EndpointTable.csv(dir, all, rules));
        AtomicFiles.write(dir.resolve("sizes.csv"), SizesCsv.render(results));
        AtomicFiles.write(dir.resolve("table.md"), markdown(meta, results, all));
        AtomicFiles.write(dir.resolve("metrics.prom"), RunMetrics.text(meta, results));
        AtomicFiles.write(dir.resolve("report.html"), HtmlReport.render(meta, results, rules, dir, jmc));
    }

    private String markdown(RunMetadata meta, List<ScenarioResult> results, List<ScenarioResult> all) {
        StringBuilder sb = RunHeader.open(meta);
        sb.append("- JDK of the scenario JVMs: ")
                .append(meta.javaHome())
                .append(" (")
                .append(meta.javaFeatureVersion())
                .append(")\n");
        sb.append(RunHeader.profiler(meta));
        if (meta.settings() != null)
            sb.append("- method: ").append(CountsTable.method(meta.settings())).append('\n');
        HostReference.span(all)
                .ifPresent(span -> sb.append("- host reference (AES-GCM, one core): ")
                        .append(span)
                        .append('\n'));
        for (ScenarioResult r : results) {
            if (!r.ok())
                sb.append("- **")
                        .append(r.scenario())
                        .append(" failed**: ")
                        .append(r.error())
                        .append('\n');
        }
        sb.append('\n');
        sb.append(CountsTable.table(all).markdown());
        sb.append(RelativeTimeTable.relativeTime(results, rules, "all", meta.sampleMode())
                .markdown());
        sb.append(RelativeTimeTable.relativeTime(results, rules, "client", meta.sampleMode())
                .markdown());
        sb.append(RelativeTimeTable.relativeTime(results, rules, "server", meta.sampleMode())
                .markdown());
        for (String kind : CompanionTables.KINDS) {
            if (CompanionTables.present(results, kind))
                sb.append(CompanionTables.table(results, rules, kind).markdown());
        }
        sb.append(ArtifactTable.of(dir, results, ArtifactTable.TOP).markdown());
        if (EndpointTable.present(dir, results))
            sb.append(EndpointTable.of(dir, results, rules).markdown());
        sb.append(RoundTripTable.roundTrips(results).markdown());
        sb.append(CpuTables.perCall(all).markdown());
        sb.append(FactorTables.factors(all).markdown());
        sb.append(MessageSizeTables.messageSizes(results).markdown());
        sb.append(MessageSizeTables.sizeFactors(results).markdown());
        sb.append(TodayFactors.table(results).markdown());
        if (meta.settings().scenarioOptions().containsKey(io.wirecost.scenarios.payload.Payload.OPTION)) {
            sb.append(WireTraffic.table(results).markdown());
        }
        if (results.stream().anyMatch(r -> r.facts().concurrency() != null))
            sb.append(ConcurrencyTable.table(results).markdown());
        return sb.toString();
    }
}
