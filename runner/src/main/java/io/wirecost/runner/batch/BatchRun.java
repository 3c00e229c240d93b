package io.wirecost.runner.batch;

import java.util.List;

/** What a batch run was: the facts its outputs start with. */
public record BatchRun(
        String id,
        String started,
        String host,
        String version,
        String javaHome,
        int javaFeatureVersion,
        BatchSettings settings,
        List<String> commandLine) {

    public BatchRun {
        commandLine = List.copyOf(commandLine);
    }
}
