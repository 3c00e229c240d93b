package io.wirecost.report;

import io.wirecost.attribution.JmcAnalysis;
import io.wirecost.attribution.RecordingException;
import io.wirecost.runner.ScenarioResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * JMC's automated analysis of each process's recording in a run, for results.json and report.html.
 * The run writes its files after every scenario: each recording is analysed once, then cached.
 */
public final class JmcFindings {

    /** A recording's report, or why there is none. */
    public record Outcome(JmcAnalysis.Report report, String error) {}

    private final Path runDir;
    private final Map<Path, Outcome> cache = new HashMap<>();

    public JmcFindings(Path runDir) {
        this.runDir = runDir;
    }

    /** By role ({@code client}, {@code server}), in the order the run recorded them. */
    public Map<String, Outcome> of(ScenarioResult r) {
        Map<String, Outcome> out = new LinkedHashMap<>();
        r.recordings().entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> out.put(e.getKey(), analyse(runDir.resolve(e.getValue()))));
        return out;
    }

    private Outcome analyse(Path recording) {
        return cache.computeIfAbsent(recording, p -> {
            if (!Files.isRegularFile(p)) return new Outcome(null, "no recording");
            try {
                return new Outcome(JmcAnalysis.analyze(p), null);
            } catch (RecordingException e) {
                return new Outcome(null, e.getMessage());
            }
        });
    }
}
