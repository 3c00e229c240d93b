package io.wirecost.cli;

import io.wirecost.runner.RunConfig;
import io.wirecost.runner.UsageException;
import io.wirecost.scenarios.security.JceProviders;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** {@code run}'s configurations: the baseline's middleware versions and, when given, a candidate to compare. */
final class CandidateOptions {

    @Option(
            names = "--set",
            paramLabel = "PROPERTY=VALUE",
            description =
                    "Maven property selecting a middleware version for the (baseline) run, e.g. metro.version=4.0.4; repeatable.")
    Map<String, String> mavenProperties = new LinkedHashMap<>();

    @Option(names = "--candidate-java-home", description = "Also run a candidate configuration with this JDK.")
    Path candidateJavaHome;

    @Option(
            names = "--candidate-set",
            paramLabel = "PROPERTY=VALUE",
            description =
                    "Also run a candidate configuration with this Maven property (middleware version); repeatable.")
    Map<String, String> candidateProperties = new LinkedHashMap<>();

    @Option(
            names = "--candidate-scenario-option",
            paramLabel = "KEY=VALUE",
            description = "Also run a candidate configuration with this scenario setting; repeatable.")
    Map<String, String> candidateScenarioOptions = new LinkedHashMap<>();

    @Option(
            names = "--candidate-jce-provider",
            paramLabel = "sun|bc",
            description =
                    "Also run a candidate configuration with this JCE provider (seed 000/002's provider comparison).")
    String candidateJceProvider;

    @Option(
            names = "--interleave",
            description =
                    "With a candidate: alternate baseline and candidate runs (ABAB...) so machine drift hits both.")
    boolean interleave;

    /** The candidate's scenario options, checked, before any JVM starts. */
    void checkScenarioOptions() {
        if (candidateJceProvider != null)
            candidateScenarioOptions.put(
                    JceProviders.OPTION, ScenarioOptions.jceChoice("--candidate-jce-provider", candidateJceProvider));
        ScenarioOptions.check(candidateScenarioOptions);
    }

    boolean twoSided() {
        return candidateJavaHome != null || !candidateProperties.isEmpty() || !candidateScenarioOptions.isEmpty();
    }

    /** The baseline and, with a candidate, the candidate: the candidate's settings layered over the baseline's. */
    List<RunConfig> configs(Path home, Map<String, String> scenarioOptions) {
        if (interleave && !twoSided()) {
            throw new UsageException(
                    "--interleave needs a candidate (--candidate-java-home, --candidate-set or --candidate-scenario-option)");
        }
        List<RunConfig> configs = new ArrayList<>();
        configs.add(new RunConfig(twoSided() ? "baseline" : "", home, mavenProperties, scenarioOptions));
        if (twoSided()) {
            Map<String, String> cand = new LinkedHashMap<>(mavenProperties);
            cand.putAll(candidateProperties);
            Map<String, String> candOptions = new LinkedHashMap<>(scenarioOptions);
            candOptions.putAll(candidateScenarioOptions);
            configs.add(new RunConfig(
                    "candidate",
                    JdkOptions.checkJavaHome(
                            "--candidate-java-home", candidateJavaHome != null ? candidateJavaHome : home),
                    cand,
                    candOptions));
        }
        return configs;
    }
}
