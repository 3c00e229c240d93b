package io.wirecost.cli;

import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.AttributionMode;
import io.wirecost.attribution.Attributor;
import io.wirecost.attribution.CategoryCounts;
import io.wirecost.attribution.PackageProfile;
import io.wirecost.attribution.RecordingSummary;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleCapture;
import io.wirecost.cli.common.Choice;
import io.wirecost.report.AttributionReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code wirecost attribute}: categories of any recording, from async-profiler or JDK Flight Recorder,
 * from any application, or of collapsed stacks.
 *
 * <pre>
 * ./wirecost attribute app.jfr --format csv
 * ./wirecost attribute runs/latest --role server --attribution inclusive
 * ./wirecost attribute app.jfr --by package --top 15
 * ./wirecost attribute runs/my-service --by artifact     # which library's own code the CPU is in
 * ./wirecost attribute app.jfr --by endpoint --format csv  # CPU per request (agent's endpoints=on)
 * </pre>
 */
@Command(
        name = "attribute",
        mixinStandardHelpOptions = true,
        description = "Attribute the samples of recordings to categories (or, with --by package, to leaf packages).")
final class AttributeCommand implements Callable<Integer> {

    @Mixin
    InputOptions input;

    @Option(names = "--format", defaultValue = "table", description = "table, csv or json (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(
            names = "--attribution",
            defaultValue = "self",
            description = "self: first matching rule from the leaf up (where the CPU was); inclusive: share of samples "
                    + "with the category anywhere on the stack (time spent under a layer). Default: ${DEFAULT-VALUE}.")
    String attribution;

    @Option(
            names = "--by",
            defaultValue = "category",
            description = "category (rules), package (leaf frame's package, no rules) or artifact (leaf frame's jar as "
                    + "Maven coordinates, or JDK module; needs the agent's .artifacts file beside each recording) or endpoint "
                    + "(CPU, or with --mode alloc bytes allocated, per request by route template and category; needs the "
                    + ".requests file the agent's endpoints=on writes beside each recording).")
    String by;

    @Option(
            names = "--top",
            defaultValue = "20",
            description = "Rows of --by package or artifact (default: ${DEFAULT-VALUE}).")
    int top;

    @Override
    public Integer call() throws Exception {
        Choice.among("--format", format, "table", "csv", "json");
        Choice.among("--by", by, "category", "package", "artifact", "endpoint");
        io.wirecost.cli.common.Bounds.atLeast("--top", top, 1);
        AttributionMode mode = Choice.among("--attribution", attribution, List.of(AttributionMode.values()));
        List<InputOptions.Input> inputs = input.resolve();
        if (input.sampleMode() == io.wirecost.attribution.SampleMode.WALL) {
            // wall samples include idle threads: a server's acceptor parked in accept()/poll() counts as its
            // transport's "work"
            System.err.println(
                    "wirecost: note: wall mode counts every thread, idle ones too: threads blocked in accept, poll "
                            + "or park count for the layer they wait in; use --threads to keep the busy ones, or --mode cpu");
        }
        if (by.equals("package")) return byLeaf(inputs, new PackageProfile(), "package");
        if (by.equals("artifact"))
            return byLeaf(inputs, new PackageProfile(input.artifacts(inputs)::artifactOf), "artifact");

        // by endpoint joins each sample's ticks with the requests, in the recording's own clock; by category sums
        RuleSet rules =
                input.ruleSet(inputs, by.equals("endpoint") ? SampleCapture.Keeps.EACH_TICK : SampleCapture.Keeps.SUMS);
        if (by.equals("endpoint")) return EndpointAttribution.print(input, inputs, rules, mode, format);
        List<Attributor.Source> sources = new ArrayList<>();
        for (InputOptions.Input in : inputs)
            sources.add(new Attributor.Source(in.label(), (a, counts) -> input.read(in, a, counts)));
        Attributor.Attributed read = new Attributor(rules, input.sampleMode(), mode).readAll(sources);
        Map<String, Attribution> perInput = new LinkedHashMap<>();
        for (Attributor.Part p : read.parts())
            perInput.put(p.label(), p.counts().toAttribution(counted(List.of(p.summary()), mode, inputs), mode));
        List<RecordingSummary> summaries = read.summaries();
        CategoryCounts all = read.all();
        input.requireSamples(summaries);
        if (all.total() == 0) throw input.nothingCounted(summaries); // the thread or time filter left nothing
        Attribution total = all.toAttribution(counted(summaries, mode, inputs), mode);
        AttributionReport report =
                new AttributionReport(perInput, total, input.sampleMode().unit(), summaries);
        if (format.equals("csv")) notes(summaries); // json and the table carry them
        System.out.print(
                switch (format) {
                    case "csv" -> report.csv();
                    case "json" -> report.json(summaries);
                    default -> report.table().text();
                });
        return 0;
    }

    /** Self attribution by the leaf Java frame's package or artifact: no rules. */
    private int byLeaf(List<InputOptions.Input> inputs, PackageProfile profile, String what) throws Exception {
        List<RecordingSummary> summaries = new ArrayList<>();
        for (InputOptions.Input in : inputs) summaries.add(input.read(in, profile));
        input.requireSamples(summaries);
        if (profile.total() == 0) throw input.nothingCounted(summaries);
        notes(summaries);
        System.out.print(AttributionReport.leaves(
                what,
                profile.top(top),
                counted(summaries, AttributionMode.SELF),
                format,
                input.sampleMode().unit()));
        return 0;
    }

    /** What the recordings say of the shares (CPU contention), where the output has no notes of its own. */
    static void notes(List<RecordingSummary> summaries) {
        for (String n : io.wirecost.report.ContentionNotes.of(summaries)) System.err.println("wirecost: note: " + n);
    }

    /** Which events were counted, for the output's "Counted:" line. */
    private String counted(List<RecordingSummary> summaries, AttributionMode mode) {
        return counted(summaries, mode, List.of());
    }

    private String counted(List<RecordingSummary> summaries, AttributionMode mode, List<InputOptions.Input> inputs) {
        Map<String, Long> events = new TreeMap<>();
        for (RecordingSummary s : summaries) s.eventCounts().forEach((k, v) -> events.merge(k, v, Long::sum));
        String producers = String.join(
                "+",
                summaries.stream().map(RecordingSummary::producer).distinct().toList());
        String weight = input.sampleMode().unit().equals("samples")
                ? " samples ("
                : " events, weighed in " + input.sampleMode().unit() + " (";
        String rules = by.equals("category") ? input.rulesApplied(inputs) : "";
        return input.mode + weight + producers + ") " + events + ", "
                + mode.name().toLowerCase(Locale.ROOT) + " attribution" + (rules.isEmpty() ? "" : "; rules: " + rules);
    }
}
