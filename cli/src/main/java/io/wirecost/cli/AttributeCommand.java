package io.wirecost.cli;

import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.CategoryCounts;
import io.wirecost.attribution.CategoryShare;
import io.wirecost.attribution.RecordingException;
import io.wirecost.attribution.RecordingReader;
import io.wirecost.attribution.RecordingSummary;
import io.wirecost.attribution.RuleFileException;
import io.wirecost.attribution.RuleParser;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleMode;
import io.wirecost.attribution.StackClassifier;
import io.wirecost.cli.report.Table;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;

/**
 * {@code wirecost attribute}: categories of any JFR recording, from async-profiler or JDK Flight
 * Recorder, from any application.
 *
 * <pre>
 * ./wirecost attribute app.jfr --format csv
 * </pre>
 */
@Command(name = "attribute", mixinStandardHelpOptions = true,
        description = "Attribute the samples of JFR recordings to categories.")
final class AttributeCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "RECORDING.jfr", description = "Recordings; their samples are added.")
    List<Path> files;

    @Option(names = "--rules", description = "Category rule file (default: the built-in rules).")
    Path rulesFile;

    @Option(names = "--format", defaultValue = "table", description = "table, csv or json (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--mode", defaultValue = "cpu", description = "cpu or wall (default: ${DEFAULT-VALUE}).")
    String mode;

    @Override
    public Integer call() throws Exception {
        if (!List.of("table", "csv", "json").contains(format)) throw new UsageException("--format must be table, csv or json, got '" + format + "'");
        SampleMode sampleMode = switch (mode) {
            case "cpu" -> SampleMode.CPU;
            case "wall" -> SampleMode.WALL;
            default -> throw new UsageException("--mode must be cpu or wall, got '" + mode + "'");
        };
        RuleSet rules;
        try {
            rules = rulesFile == null ? RuleSet.defaults() : RuleParser.parse(rulesFile);
        } catch (RuleFileException e) {
            throw new UsageException(e.getMessage());
        }
        CategoryCounts counts = new CategoryCounts(rules.categories());
        List<RecordingSummary> summaries = new ArrayList<>();
        RecordingReader reader = new RecordingReader(sampleMode);
        for (Path f : files) {
            try {
                summaries.add(reader.read(f, new StackClassifier(rules, counts)));
            } catch (RecordingException e) {
                throw new UsageException(e.getMessage());
            }
        }
        for (RecordingSummary s : summaries) for (String w : s.warnings()) System.err.println("wirecost: warning: " + s.file() + ": " + w);
        Map<String, Long> events = new TreeMap<>();
        summaries.forEach(s -> s.eventCounts().forEach((k, v) -> events.merge(k, v, Long::sum)));
        if (events.isEmpty()) {
            throw new UsageException(String.join(", ", files.stream().map(Path::toString).toList())
                    + ": no " + mode + " samples in the recording" + (files.size() > 1 ? "s" : ""));
        }
        String counted = mode + " samples: " + events;
        Attribution a = counts.toAttribution(counted);
        System.out.print(switch (format) {
            case "csv" -> csv(a);
            case "json" -> json(a, summaries);
            default -> table(a).text();
        });
        return 0;
    }

    private static String csv(Attribution a) {
        StringBuilder sb = new StringBuilder("category,percent,samples\n");
        for (CategoryShare s : a.middleware()) {
            sb.append(s.category().name()).append(',').append(String.format(Locale.ROOT, "%.2f", s.percent()))
              .append(',').append(s.samples()).append('\n');
        }
        return sb.toString();
    }

    private static Table table(Attribution a) {
        List<List<String>> rows = new ArrayList<>();
        for (CategoryShare s : a.middleware()) {
            if (s.samples() == 0) continue;
            rows.add(List.of(s.category().name(), String.format(Locale.ROOT, "%.2f", s.percent()), String.valueOf(s.samples()),
                    s.category().paperRow()));
        }
        List<String> notes = new ArrayList<>();
        for (CategoryShare s : a.jvm()) {
            notes.add(String.format(Locale.ROOT, "JVM-internal %s: %.2f %% of all samples (%d)", s.category().name(), s.percent(), s.samples()));
        }
        notes.add("Counted: " + a.events() + "; middleware samples " + a.middlewareSamples() + " of " + a.totalSamples());
        return new Table("Share of middleware samples by category (first matching rule from the leaf frame up)",
                List.of("category", "percent", "samples", "paper row"), rows, notes);
    }

    private static String json(Attribution a, List<RecordingSummary> summaries) throws Exception {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("events", a.events());
        m.put("total_samples", a.totalSamples());
        m.put("middleware_samples", a.middlewareSamples());
        List<Object> rows = new ArrayList<>();
        for (CategoryShare s : a.middleware()) rows.add(Map.of("category", s.category().name(), "percent", s.percent(), "samples", s.samples()));
        m.put("middleware_percent", rows);
        List<Object> jvm = new ArrayList<>();
        for (CategoryShare s : a.jvm()) jvm.add(Map.of("category", s.category().name(), "percent_of_all", s.percent(), "samples", s.samples()));
        m.put("jvm", jvm);
        m.put("recordings", summaries);
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(m) + "\n";
    }
}
