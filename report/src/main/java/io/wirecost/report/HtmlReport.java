package io.wirecost.report;

import io.wirecost.attribution.RuleSet;
import io.wirecost.diff.HtmlText;
import io.wirecost.runner.Estimate;
import io.wirecost.runner.Repetitions;
import io.wirecost.runner.RttStatistics;
import io.wirecost.runner.RunMetadata;
import io.wirecost.runner.ScenarioResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code report.html}: the run for people who would rather look than read. One self-contained page
 * (inline CSS, SVG and a few lines of script; nothing fetched), with the relative-time table as
 * stacked bars beside the paper's, round trips and factors as charts, message sizes when the run has
 * them, the run's metadata, and links to each process's flame graph.
 */
public final class HtmlReport {

    private HtmlReport() {}

    public static String render(RunMetadata meta, List<ScenarioResult> results, RuleSet rules, Path dir) {
        return render(meta, results, rules, dir, null);
    }

    /** With JMC's findings per scenario and role when {@code jmc} is given. */
    public static String render(
            RunMetadata meta, List<ScenarioResult> results, RuleSet rules, Path dir, JmcFindings jmc) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<title>wirecost run ")
                .append(HtmlText.escape(meta.id()))
                .append("</title><style>")
                .append(CSS)
                .append("</style></head><body>");
        sb.append("<h1>wirecost run ").append(HtmlText.escape(meta.id())).append("</h1>");
        metadata(sb, meta, results);
        RelativeTimeSection.html(sb, results, rules, meta.sampleMode());
        for (String kind : CompanionTables.KINDS) {
            if (!CompanionTables.present(results, kind)) continue;
            sb.append("<section id=\"")
                    .append(kind)
                    .append("\"><h2>")
                    .append(CompanionTables.title(kind))
                    .append("</h2>")
                    .append(Html.table(CompanionTables.table(results, rules, kind)))
                    .append("</section>");
        }
        byArtifact(sb, results, dir);
        if (EndpointTable.present(dir, results)) {
            sb.append("<section id=\"endpoints\"><h2>By endpoint</h2>")
                    .append(Html.table(EndpointTable.of(dir, results, rules)))
                    .append("</section>");
        }
        roundTrips(sb, results);
        cpuPerCall(sb, results);
        FactorSection.html(sb, results);
        MessageSizeSection.html(sb, results);
        flameGraphs(sb, results, dir);
        if (jmc != null) JmcSection.html(sb, results, jmc);
        sb.append("<script>").append(SCRIPT).append("</script></body></html>\n");
        return sb.toString();
    }

    private static void metadata(StringBuilder sb, RunMetadata m, List<ScenarioResult> results) {
        sb.append("<section id=\"run\"><h2>Run</h2><dl>");
        item(sb, "started", m.started());
        item(sb, "host", m.host());
        item(sb, "JDK of the scenario JVMs", m.javaHome() + " (" + m.javaFeatureVersion() + ")");
        item(
                sb,
                "profiler",
                m.profiler().sampler() + ", interval " + m.profiler().intervalNs() / 1000 + " µs");
        if (m.settings() != null) item(sb, "method", CountsTable.method(m.settings()));
        HostReference.span(results).ifPresent(span -> item(sb, "host reference (AES-GCM, one core)", span));
        item(sb, "wirecost", m.wirecostVersion());
        item(sb, "scenarios", String.join(", ", m.scenarios()));
        item(sb, "command line", String.join(" ", m.commandLine()));
        sb.append("</dl>");
        for (ScenarioResult r : results) {
            sb.append("<p class=\"")
                    .append(r.ok() ? "ok" : "failed")
                    .append("\">")
                    .append(HtmlText.escape(r.scenario()))
                    .append(": ")
                    .append(r.ok() ? "ok" : "FAILED: " + HtmlText.escape(r.error()))
                    .append(String.format(java.util.Locale.ROOT, " (%.1f s)", r.seconds()))
                    .append("</p>");
        }
        Table counts = CountsTable.table(results);
        if (!counts.rows().isEmpty()) sb.append(Html.table(counts));
        sb.append("</section>");
    }

    /** Only for runs whose recordings carry the agent's jar names: elsewhere the section would only say it is missing. */
    private static void byArtifact(StringBuilder sb, List<ScenarioResult> results, Path dir) {
        if (dir == null) return;
        Table t = ArtifactTable.of(dir, results, ArtifactTable.TOP);
        if (t.rows().isEmpty()) return;
        sb.append("<section id=\"artifacts\"><h2>By artifact</h2>")
                .append(Html.table(t))
                .append("</section>");
    }

    private static void item(StringBuilder sb, String k, String v) {
        sb.append("<dt>")
                .append(HtmlText.escape(k))
                .append("</dt><dd>")
                .append(HtmlText.escape(v))
                .append("</dd>");
    }

    private static void roundTrips(StringBuilder sb, List<ScenarioResult> results) {
        sb.append("<section id=\"round-trips\"><h2>Round trips</h2>");
        List<String> ops = new ArrayList<>();
        List<Svg.Bar> bars = new ArrayList<>();
        List<Svg.Bar> inst = new ArrayList<>();
        List<String> series = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            ScenarioResult r = results.get(i);
            if (r.rtt().isEmpty()) continue;
            series.add(r.scenario());
            for (RttStatistics s : r.rtt()) {
                Estimate e = s.interval();
                if (s.operation().equals("instantiation")) {
                    inst.add(new Svg.Bar(
                            "instantiation", r.scenario(), s.meanMicros(), Svg.color(i), e.low(), e.high()));
                    continue;
                }
                if (!ops.contains(s.operation())) ops.add(s.operation());
                bars.add(new Svg.Bar(s.operation(), r.scenario(), s.meanMicros(), Svg.color(i), e.low(), e.high()));
            }
        }
        if (bars.isEmpty()) {
            sb.append("<p>No round trips were measured.</p></section>");
            return;
        }
        sb.append(Svg.legend(
                series, series.stream().map(s -> Svg.color(indexOf(results, s))).toList()));
        sb.append("<h3>Per invocation, by data type</h3>")
                .append(Svg.groupedBars("round trip per invocation", ops, series, bars, "µs"));
        if (!inst.isEmpty()) {
            sb.append("<h3>Instantiation: a fresh client's lookup and first call</h3>")
                    .append(Svg.groupedBars("instantiation", List.of("instantiation"), series, inst, "µs"));
        }
        sb.append(Html.table(RoundTripTable.roundTrips(results))).append("</section>");
    }

    /** CPU per call of both JVMs by operation, with error bars, and the table with client and server apart. */
    private static void cpuPerCall(StringBuilder sb, List<ScenarioResult> results) {
        List<Repetitions.Figure> cpu = Repetitions.cpu(results);
        if (!cpu.isEmpty() && cpu.stream().allMatch(f -> f.operation().equals(io.wirecost.diff.CpuCsv.COMMAND))) {
            cpuPerRun(sb, cpu);
            return;
        }
        sb.append("<section id=\"cpu-per-call\"><h2>CPU per call</h2>");
        List<String> ops = new ArrayList<>();
        List<String> series = new ArrayList<>();
        List<Svg.Bar> bars = new ArrayList<>();
        for (Repetitions.Figure f : cpu) {
            if (!f.role().equals("all")) continue;
            if (!ops.contains(f.operation())) ops.add(f.operation());
            if (!series.contains(f.scenario())) series.add(f.scenario());
            Estimate e = f.estimate();
            bars.add(new Svg.Bar(
                    f.operation(),
                    f.scenario(),
                    e.value(),
                    Svg.color(indexOf(results, f.scenario())),
                    e.low(),
                    e.high()));
        }
        if (bars.isEmpty()) {
            sb.append("<p>No CPU figures: the scenario JVMs could not read their CPU time.</p></section>");
            return;
        }
        sb.append(Svg.legend(
                        series,
                        series.stream().map(s -> Svg.color(indexOf(results, s))).toList()))
                .append("<h3>Client + server CPU per call, by data type (error bars: 95 % interval)</h3>")
                .append(Svg.groupedBars("CPU per call", ops, series, bars, "µs CPU"))
                .append(Html.table(CpuTables.perCall(results)))
                .append("</section>");
    }

    /**
     * A profiled command's JVMs: each one's CPU per run of the command. No calls, no data types, no timed pass: the
     * CPU-per-call table's words would be wrong here.
     */
    private static void cpuPerRun(StringBuilder sb, List<Repetitions.Figure> cpu) {
        List<List<String>> rows = cpu.stream()
                .map(f -> List.of(f.scenario(), Intervals.cell(f.estimate())))
                .toList();
        Table t = new Table(
                "CPU per run of the command, microseconds",
                List.of("JVM", "CPU per run"),
                rows,
                List.of("User + system CPU time of the JVM, every thread, over its recording of this run of the "
                        + "command (the agent's reading at the recording's start and end). This page shows the first "
                        + "run; table.md and cpu.csv give the mean over every run with its 95 % interval."));
        sb.append("<section id=\"cpu-per-run\"><h2>CPU per run of the command</h2>")
                .append(Html.table(t))
                .append("</section>");
    }

    private static void flameGraphs(StringBuilder sb, List<ScenarioResult> results, Path dir) {
        sb.append("<section id=\"flames\"><h2>Flame graphs</h2><ul>");
        for (ScenarioResult r : results) {
            for (String role : List.of("client", "server")) {
                String href = "flames/" + r.scenario() + "-" + role + ".html";
                boolean there = Files.isRegularFile(dir.resolve(href));
                sb.append("<li><a href=\"")
                        .append(HtmlText.escape(href))
                        .append("\"")
                        .append(there ? "" : " class=\"missing\"")
                        .append(">")
                        .append(HtmlText.escape(r.scenario() + " " + role))
                        .append("</a>")
                        .append(there ? "" : " <span class=\"note\">(not there when this page was written)</span>")
                        .append("</li>");
            }
        }
        sb.append("</ul></section>");
    }

    /** A scenario's place in the run, which gives it the same color in every chart. */
    static int indexOf(List<ScenarioResult> results, String scenario) {
        for (int i = 0; i < results.size(); i++) if (results.get(i).scenario().equals(scenario)) return i;
        return 0;
    }

    private static final String CSS = """
            body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1200px}
            h1{font-size:22px}h2{font-size:18px;border-bottom:1px solid #ddd;padding-bottom:4px;margin-top:32px}h3{font-size:15px}
            dl{display:grid;grid-template-columns:max-content auto;gap:2px 16px}dt{color:#666}dd{margin:0}
            .failed{color:#b00020;font-weight:bold}.ok{color:#2e7d32;margin:2px 0}
            table{border-collapse:collapse;margin:12px 0;font-size:13px}caption{text-align:left;font-weight:bold;padding:4px 0}
            th,td{border:1px solid #ddd;padding:2px 8px}td{text-align:right}thead th{background:#f3f3f3}tbody th{text-align:left;font-weight:normal}
            .note{color:#666;font-size:12px;margin:2px 0 10px}
            .legend{display:flex;flex-wrap:wrap;gap:4px 14px;margin:8px 0;font-size:12px}
            .legend i{display:inline-block;width:11px;height:11px;margin-right:4px;vertical-align:-1px}
            svg text.axis{font-size:11px;fill:#444}svg text.inbar{font-size:10px;fill:#fff;pointer-events:none}
            svg line.grid{stroke:#e5e5e5}.pair{margin:6px 0 2px}
            .roles button{border:1px solid #bbb;background:#fff;padding:3px 12px;margin-right:4px;cursor:pointer}
            .roles button.on{background:#4e79a7;color:#fff;border-color:#4e79a7}
            a.missing{color:#999}
            """;

    /** Switches the relative-time view between roles; nothing else on the page needs script. */
    private static final String SCRIPT = """
            document.querySelectorAll('.roles button').forEach(function (b) {
              b.addEventListener('click', function () {
                var role = b.getAttribute('data-role');
                document.querySelectorAll('.roles button').forEach(function (o) { o.classList.toggle('on', o === b); });
                document.querySelectorAll('div.role').forEach(function (d) { d.hidden = d.getAttribute('data-role') !== role; });
              });
            });
            """;
}
