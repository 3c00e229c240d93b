package io.wirecost.cli;

import io.wirecost.cli.common.RunFiles;
import io.wirecost.report.ConsoleTables;
import io.wirecost.report.FactorTables;
import io.wirecost.runner.RunConfig;
import io.wirecost.runner.RunCoordinator;
import io.wirecost.runner.ScenarioResult;
import java.nio.file.Path;
import java.util.List;

/** What {@code run} prints once its scenarios ran: each side's tables, the failures, and where the results are. */
final class RunSummary {

    private RunSummary() {}

    /** True when a scenario failed (each failure is said on stderr). */
    static boolean print(
            RunPlan plan, List<RunCoordinator.Side> sides, Path dir, boolean payloads, boolean concurrentClients) {
        boolean failed = false;
        for (RunCoordinator.Side side : sides) {
            RunConfig c = side.config();
            if (!c.label().isEmpty())
                System.out.println("\n==== " + c.label() + ": " + c.javaHome()
                        + (c.mavenProperties().isEmpty() ? "" : " " + c.mavenProperties()));
            System.out.print(
                    ConsoleTables.text(side.meta(), side.results(), plan.rules(), payloads, concurrentClients));
            for (ScenarioResult r : side.results()) {
                if (!r.ok()) {
                    System.err.println("wirecost: " + r.scenario() + (plan.repeat() > 1 ? " #" + r.repetition() : "")
                            + " failed: " + r.error());
                    failed = true;
                }
            }
        }
        if (plan.twoSided()) {
            System.out.println();
            System.out.print(FactorTables.configurationFactors(
                            RunCoordinator.firstRepetitions(sides.get(0).results()),
                            RunCoordinator.firstRepetitions(sides.get(1).results()),
                            sides.get(0).config().scenarioOptions(),
                            sides.get(1).config().scenarioOptions())
                    .text());
        }
        System.out.println();
        System.out.println("Results: " + dir + " ("
                + (plan.twoSided()
                        ? "baseline/ and candidate/, each " + RunFiles.named(dir.resolve("baseline"))
                        : RunFiles.named(dir))
                + ")");
        if (plan.twoSided())
            System.out.println("Compare: ./wirecost diff " + dir.resolve("baseline") + " " + dir.resolve("candidate"));
        return failed;
    }
}
