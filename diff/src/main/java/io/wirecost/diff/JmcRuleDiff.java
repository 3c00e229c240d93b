package io.wirecost.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.attribution.RuleFinding;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The JMC part of {@code wirecost diff}: rules whose severity rose from baseline to candidate, per
 * scenario and role, from the {@code jmc_analysis} of both runs' results.json. With repetitions, each
 * side counts its most severe result. Reported, not gated on: JMC's rules judge a whole process
 * (other processes' CPU load, the machine's memory), so a rise is a lead, not a verdict.
 */
public final class JmcRuleDiff {

    /** One rule on one scenario and role whose severity rose (to INFO or WARNING). */
    public record Rise(
            String scenario,
            String role,
            String ruleId,
            String name,
            RuleFinding.Severity baseline,
            RuleFinding.Severity candidate,
            double candidateScore,
            String summary) {}

    private JmcRuleDiff() {}

    /** Empty when either run has no JMC results (runs made before wirecost stored them). */
    public static List<Rise> rises(Path baselineRun, Path candidateRun) {
        Map<String, Map<String, RuleFinding>> base = worst(baselineRun);
        Map<String, Map<String, RuleFinding>> cand = worst(candidateRun);
        List<Rise> out = new ArrayList<>();
        cand.forEach((key, rules) -> {
            Map<String, RuleFinding> b = base.get(key);
            if (b == null) return;
            String[] sr = key.split("\t", 2);
            rules.values().forEach(c -> {
                RuleFinding was = b.get(c.ruleId());
                RuleFinding.Severity before = was == null ? RuleFinding.Severity.NA : was.severity();
                if (c.severity().flags() && c.severity().compareTo(before) > 0) {
                    out.add(new Rise(sr[0], sr[1], c.ruleId(), c.name(), before, c.severity(), c.score(), c.summary()));
                }
            });
        });
        return out;
    }

    /** {@code reportJson} (a diff.json) with the rises as its {@code jmc_rules_rose}, as the markdown's section. */
    public static String json(String reportJson, List<Rise> rises) throws java.io.IOException {
        ObjectMapper m = new ObjectMapper().enable(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT);
        com.fasterxml.jackson.databind.node.ObjectNode root =
                (com.fasterxml.jackson.databind.node.ObjectNode) m.readTree(reportJson);
        root.set("jmc_rules_rose", m.valueToTree(rises));
        return m.writeValueAsString(root) + "\n";
    }

    public static String markdown(List<Rise> rises) {
        StringBuilder sb = new StringBuilder("\n### JDK Mission Control rules whose severity rose\n\n");
        if (rises.isEmpty())
            return sb.append("None (or a run has no JMC results).\n").toString();
        sb.append(
                "| scenario | role | rule | baseline | candidate | score | summary |\n|---|---|---|---|---|---:|---|\n");
        for (Rise r : rises) {
            sb.append("| ")
                    .append(r.scenario())
                    .append(" | ")
                    .append(r.role())
                    .append(" | ")
                    .append(r.ruleId())
                    .append(" | ")
                    .append(r.baseline())
                    .append(" | ")
                    .append(r.candidate())
                    .append(" | ")
                    .append(
                            r.candidateScore() < 0
                                    ? "-"
                                    : String.format(java.util.Locale.ROOT, "%.1f", r.candidateScore()))
                    .append(" | ")
                    .append(r.summary().replace("|", "\\|"))
                    .append(" |\n");
        }
        return sb.append("\nReported, not a regression verdict: JMC's rules judge the whole process and machine.\n")
                .toString();
    }

    /** "scenario\trole" -> rule id -> the most severe result over the run's repetitions. */
    private static Map<String, Map<String, RuleFinding>> worst(Path run) {
        Path file = Files.isDirectory(run) ? run.resolve("results.json") : run;
        Map<String, Map<String, RuleFinding>> out = new TreeMap<>();
        ResultsFile results;
        try {
            results = ResultsFile.read(file);
        } catch (RunData.BadRunException e) {
            return out; // RunData has already named what is wrong with the file
        }
        ObjectMapper m = new ObjectMapper();
        for (ResultsFile.Scenario s : results.scenarios()) {
            if (s.jmcAnalysis() == null) continue;
            JsonNode jmc = s.jmcAnalysis();
            jmc.fieldNames().forEachRemaining(role -> {
                Object rules = m.convertValue(jmc.path(role).path("rules"), Object.class);
                Map<String, RuleFinding> byId = out.computeIfAbsent(s.scenario() + "\t" + role, k -> new TreeMap<>());
                for (RuleFinding f : io.wirecost.attribution.AnalysisJson.findings(rules)) {
                    byId.merge(f.ruleId(), f, (a, b) -> a.severity().compareTo(b.severity()) >= 0 ? a : b);
                }
            });
        }
        return out;
    }
}
