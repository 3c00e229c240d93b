package io.wirecost.cli;

import io.wirecost.attribution.CategoryFilter;
import io.wirecost.attribution.FlameGraphSink;
import io.wirecost.attribution.PprofSink;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleCapture;
import io.wirecost.attribution.SampleSink;
import io.wirecost.cli.common.Choice;
import io.wirecost.cli.common.OutputDirectory;
import io.wirecost.runner.AtomicFiles;
import io.wirecost.runner.UsageException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code wirecost flame}: flame graphs of recordings, through async-profiler's own converter.
 *
 * <pre>
 * ./wirecost flame runs/latest/recordings/rmi-server.jfr -o rmi-server.html
 * ./wirecost flame app.jfr --category xml-parsing -o xml.collapsed
 * ./wirecost flame app.jfr --category-root -o by-category.html
 * ./wirecost flame runs/latest --by artifact -o by-library.html   # needs the agent's .artifacts files
 * ./wirecost flame app.jfr -o app.pb.gz        # pprof, for go tool pprof or Pyroscope
 * </pre>
 */
@Command(
        name = "flame",
        mixinStandardHelpOptions = true,
        description = "Write a flame graph (.html), collapsed stacks (.collapsed) or a pprof profile (.pb.gz).")
final class FlameCommand implements Callable<Integer> {

    @Mixin
    InputOptions input;

    @Option(
            names = {"-o", "--output"},
            required = true,
            paramLabel = "OUT",
            description =
                    "Output file; the format follows the extension: .html, .collapsed (or .txt), .pb.gz (or .pprof).")
    Path output;

    @Option(names = "--category", description = "Keep only the samples self attribution gives to this category.")
    String category;

    @Option(
            names = "--category-root",
            description = "Put each sample's category as the root frame, grouping the graph by category.")
    boolean categoryRoot;

    @Option(
            names = "--by",
            defaultValue = "stack",
            paramLabel = "stack|category|artifact",
            description =
                    "Root frame of each sample: none (stack), its category (as --category-root) or its leaf Java frame's "
                            + "artifact (Maven coordinates, jar or JDK module; needs the agent's .artifacts file beside each recording). "
                            + "Default: ${DEFAULT-VALUE}.")
    String by;

    @Option(names = "--title", description = "Title of the HTML flame graph.")
    String title;

    @Override
    public Integer call() throws Exception {
        Choice.among("--by", by, "stack", "category", "artifact");
        if (by.equals("artifact") && categoryRoot)
            throw new UsageException("--by artifact and --category-root: choose one root");
        String name = output.getFileName().toString();
        String format = name.endsWith(".html")
                ? "html"
                : name.endsWith(".collapsed") || name.endsWith(".txt")
                        ? "collapsed"
                        : name.endsWith(".pb.gz") || name.endsWith(".pprof") ? "pprof" : null;
        if (format == null)
            throw new UsageException("-o " + output + ": unknown format (use .html, .collapsed or .pb.gz)");
        if (format.equals("pprof") && !by.equals("stack"))
            throw new UsageException("--by " + by + ": a root frame needs .html or .collapsed, not pprof");
        OutputDirectory.create("-o", output.toAbsolutePath().getParent());
        List<InputOptions.Input> inputs = input.resolve();
        // pprof numbers strings and functions in the order samples come (PprofSink), a graph as FlameGraphSink says
        RuleSet rules = input.ruleSet(
                inputs,
                format.equals("pprof") || FlameGraphSink.needsEachSample(format)
                        ? SampleCapture.Keeps.EACH_SAMPLE
                        : SampleCapture.Keeps.SUMS);
        int only = -1;
        if (category != null) {
            only = rules.indexOf(category);
            if (only < 0)
                throw new UsageException("--category: unknown category '" + category + "' (the rules' categories: "
                        + String.join(
                                ", ",
                                rules.categories().stream()
                                        .map(io.wirecost.attribution.Category::name)
                                        .toList())
                        + ")");
        }
        String graphTitle = title != null
                ? title
                : "wirecost: "
                        + String.join(
                                ", ",
                                inputs.stream().map(InputOptions.Input::label).toList())
                        + (category != null ? " [" + category + "]" : "") + " (" + input.mode + ")";
        write(output, format, graphTitle, rules, only, inputs);
        System.err.println("wirecost: wrote " + output);
        return 0;
    }

    private void write(
            Path out, String format, String graphTitle, RuleSet rules, int only, List<InputOptions.Input> inputs)
            throws IOException {
        FlameGraphSink flame = format.equals("pprof")
                ? null
                : by.equals("artifact")
                        ? FlameGraphSink.byArtifact(format, graphTitle, rules, input.artifacts(inputs))
                        : new FlameGraphSink(format, graphTitle, rules, categoryRoot || by.equals("category"));
        PprofSink pprof = format.equals("pprof") ? new PprofSink() : null;
        SampleSink sink = flame != null ? flame : pprof;
        CategoryFilter inCategory = only >= 0 ? new CategoryFilter(rules, only, sink) : null;
        if (inCategory != null) sink = inCategory;
        List<io.wirecost.attribution.RecordingSummary> summaries = new java.util.ArrayList<>();
        for (InputOptions.Input in : inputs) summaries.add(input.read(in, sink));
        input.requireSamples(summaries);
        // an empty graph reads as "no cost there": the category holds none of the samples, which is said instead
        if (inCategory != null && inCategory.keptEvents() == 0)
            throw new UsageException("--category " + category + ": none of the " + input.mode
                    + " samples is in it (attribute lists the categories that hold them)");
        AtomicFiles.write(out, os -> {
            if (flame != null) {
                PrintStream ps = new PrintStream(os, false, StandardCharsets.UTF_8);
                flame.write(ps);
                ps.flush();
            } else {
                pprof.write(
                        os,
                        input.mode.equals("cpu") ? "cpu" : input.mode,
                        input.sampleMode().unit());
            }
        });
    }
}
