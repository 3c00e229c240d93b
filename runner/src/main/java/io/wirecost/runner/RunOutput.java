package io.wirecost.runner;

import java.util.List;

/**
 * Where a run's results go after each scenario: the run directory's files (the report module's
 * {@code RunWriter}). An interface here so that orchestration does not depend on the reports.
 */
@FunctionalInterface
public interface RunOutput {

    /** Replaces the run's outputs with these results; called after every scenario run. */
    void write(RunMetadata meta, List<ScenarioResult> all) throws Exception;
}
