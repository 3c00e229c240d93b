package io.wirecost.report;

import io.wirecost.attribution.RuleSet;
import io.wirecost.runner.RunCoordinator;
import io.wirecost.runner.RunMetadata;
import io.wirecost.runner.ScenarioResult;
import java.util.List;

/** What {@code run} prints for one configuration: the method and its counts, then every table, as text. */
public final class ConsoleTables {

    private ConsoleTables() {}

    /**
     * @param all          every repetition; the tables but CPU per call, the counts and the factors show the first
     * @param wireTraffic  the run carried seed 001/003's payloads ({@code --payload})
     * @param concurrency  the run also ran concurrent clients ({@code --clients})
     */
    public static String text(
            RunMetadata meta, List<ScenarioResult> all, RuleSet rules, boolean wireTraffic, boolean concurrency) {
        List<ScenarioResult> results = RunCoordinator.firstRepetitions(all);
        StringBuilder sb = new StringBuilder("\n");
        // the method and the counts each scenario used, which the adaptive method and --quick size themselves
        sb.append("Method: ").append(CountsTable.method(meta.settings())).append('\n');
        sb.append(CountsTable.table(all).text()).append('\n');
        sb.append(RoundTripTable.roundTrips(results).text()).append('\n');
        sb.append(CpuTables.perCall(all).text()).append('\n');
        sb.append(FactorTables.factors(all).text()).append('\n');
        sb.append(MessageSizeTables.messageSizes(results).text()).append('\n');
        sb.append(MessageSizeTables.sizeFactors(results).text()).append('\n');
        sb.append(TodayFactors.table(results).text());
        if (wireTraffic) sb.append('\n').append(WireTraffic.table(results).text());
        if (concurrency) sb.append('\n').append(ConcurrencyTable.table(results).text());
        sb.append('\n')
                .append(RelativeTimeTable.relativeTime(results, rules, "all", meta.sampleMode())
                        .text());
        for (String kind : CompanionTables.KINDS) {
            if (CompanionTables.present(results, kind))
                sb.append('\n')
                        .append(CompanionTables.table(results, rules, kind).text());
        }
        if (meta.repeat() > 1)
            sb.append("(tables show repetition 1 of ")
                    .append(meta.repeat())
                    .append("; results.json holds all of them)\n");
        return sb.toString();
    }
}
