package io.wirecost.report;

import io.wirecost.runner.Repetitions;
import io.wirecost.runner.ScenarioResult;
import java.util.List;

/**
 * {@code cpu.csv}: CPU microseconds per call of the timed pass, with the 95 % interval, by scenario,
 * operation and role ({@code client}, {@code server}, {@code proxy} where a scenario has one, {@code all}). Over all repetitions of the run: with
 * {@code --repeat K >= 2} the interval is the spread between repetitions.
 */
public final class CpuCsv {

    public static final String HEADER = io.wirecost.diff.CpuCsv.HEADER; // the reader owns the contract

    private CpuCsv() {}

    public static String render(List<ScenarioResult> all) {
        Csv csv = new Csv(HEADER);
        for (Repetitions.Figure f : Repetitions.cpu(all)) {
            csv.row(
                    f.scenario(),
                    f.operation(),
                    f.role(),
                    Csv.micros(f.estimate().value()),
                    Csv.micros(f.estimate().low()),
                    Csv.micros(f.estimate().high()),
                    f.invocations());
        }
        return csv.toString();
    }
}
