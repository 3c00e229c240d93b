package io.wirecost.attribution;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON shape of JMC's results, shared by {@code wirecost analyze --format json} and the run's
 * {@code results.json}: {@code {"file", "jfrVersion", "chunks", "rules": [{"id", "name", "severity",
 * "score", "summary"}]}}; score is null when the rule gave none.
 */
public final class AnalysisJson {

    private AnalysisJson() {}

    public static Map<String, Object> of(JmcAnalysis.Report r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", r.file());
        m.put("jfrVersion", r.formatVersion());
        m.put("chunks", r.chunks());
        m.put("rules", r.findings().stream().map(AnalysisJson::rule).toList());
        return m;
    }

    public static Map<String, Object> rule(RuleFinding f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", f.ruleId());
        m.put("name", f.name());
        m.put("severity", f.severity().name());
        m.put("score", f.score() < 0 ? null : Math.round(f.score() * 10) / 10.0);
        m.put("summary", f.summary());
        return m;
    }

    /** Reads back what {@link #rule} wrote (results.json of a run). */
    public static List<RuleFinding> findings(Object rules) {
        if (!(rules instanceof List<?> list)) return List.of();
        return list.stream()
                .filter(Map.class::isInstance)
                .map(Map.class::cast)
                .map(m -> new RuleFinding(
                        String.valueOf(m.get("id")),
                        String.valueOf(m.get("name")),
                        RuleFinding.Severity.valueOf(String.valueOf(m.get("severity"))),
                        m.get("score") instanceof Number n ? n.doubleValue() : -1,
                        String.valueOf(m.get("summary"))))
                .toList();
    }
}
