package io.wirecost.report;

import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.Category;
import io.wirecost.attribution.CategoryShare;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleMode;
import io.wirecost.report.paper.PaperTable;
import io.wirecost.runner.Estimate;
import io.wirecost.runner.Repetitions;
import io.wirecost.runner.RttStatistics;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Builds the run's tables: round trips, factors against the papers', relative time against Table 3. */
public final class Tables {

    private Tables() {}

    public static Table roundTrips(List<ScenarioResult> results) {
        List<String> header = new ArrayList<>(List.of("operation"));
        for (ScenarioResult r : results) header.add(label(r));
        List<List<String>> rows = new ArrayList<>();
        List<String> ops = new ArrayList<>();
        for (ScenarioResult r : results)
            for (RttStatistics s : r.rtt()) if (!ops.contains(s.operation())) ops.add(s.operation());
        for (String op : ops) {
            List<String> row = new ArrayList<>(List.of(op));
            for (ScenarioResult r : results) {
                row.add(r.rtt(op)
                        .map(s -> Double.isNaN(s.cvPercent())
                                ? Intervals.cell(s.interval())
                                : Intervals.cell(s.interval()) + " cv "
                                        + String.format(Locale.ROOT, "%.1f", s.cvPercent()) + "%")
                        .orElse("-"));
            }
            rows.add(row);
        }
        List<String> profiled = new ArrayList<>(List.of("geomean, profiled pass"));
        for (ScenarioResult r : results) {
            profiled.add(r.profiledRtt().stream()
                    .filter(x -> x.operation().equals("primitives-geomean"))
                    .findFirst()
                    .map(x -> fmt(x.meanMicros()))
                    .orElse("-"));
        }
        if (results.stream().anyMatch(r -> !r.profiledRtt().isEmpty())) rows.add(profiled);
        List<String> noise = new ArrayList<>(List.of("noise"));
        for (ScenarioResult r : results) {
            List<String> flags = NoiseFlags.scenario(r.scenario(), "primitives-geomean", results);
            noise.add(flags.isEmpty() ? "ok" : "too noisy: " + String.join("; ", flags));
        }
        rows.add(noise);
        return new Table(
                "Round-trip time per invocation, microseconds (mean of the kept measurements [95 % interval]; coefficient of variation)",
                header,
                rows,
                List.of(
                        "primitives-geomean: geometric mean of the seven primitive types (seed 002, 4.1); "
                                + "instantiation: a fresh client's lookup and first call",
                        "Timed without the profiler; the profile comes from a second, identical pass (its geomean in a row of its own).",
                        "95 % intervals: Student t over the kept measurements of the first repetition; geomean by the delta method.",
                        String.format(
                                Locale.ROOT,
                                "noise: 'too noisy' when a primitive's CV exceeds %.0f %% or CPU steal exceeded %.0f %% (docs/measurement.md).",
                                NoiseFlags.CV_PERCENT,
                                NoiseFlags.STEAL_PERCENT)));
    }

    /**
     * Candidate against baseline per scenario (primitives' geometric mean and string), for runs with two
     * configurations. When the candidate differs by its JCE provider, seed 000's provider comparison is
     * the reference (its provider comparison on simple types and strings, docs/papers.md).
     */
    public static Table configurationFactors(
            List<ScenarioResult> baseline,
            List<ScenarioResult> candidate,
            Map<String, String> baseOptions,
            Map<String, String> candOptions) {
        boolean provider = !java.util.Objects.equals(baseOptions.get("jce.provider"), candOptions.get("jce.provider"));
        List<List<String>> rows = new ArrayList<>();
        for (ScenarioResult b : baseline) {
            Optional<ScenarioResult> c = candidate.stream()
                    .filter(x -> x.scenario().equals(b.scenario()))
                    .findFirst();
            if (c.isEmpty()) continue;
            for (String op : List.of("primitives-geomean", "string")) {
                Optional<RttStatistics> sb = b.rtt(op);
                Optional<RttStatistics> sc = c.get().rtt(op);
                if (sb.isEmpty() || sc.isEmpty()) continue;
                boolean crypto = b.scenario().equals("rmi-ssl") || b.scenario().equals("ws-security");
                rows.add(List.of(
                        b.scenario(),
                        op,
                        Intervals.cell(sc.get().interval().ratio(sb.get().interval())),
                        provider && crypto ? "1.15 (seed 000: Bouncy Castle vs JCSI/HBCI)" : "-"));
            }
        }
        return new Table(
                "Candidate / baseline round trips"
                        + (provider
                                ? " (JCE provider " + candOptions.getOrDefault("jce.provider", "sun") + " vs "
                                        + baseOptions.getOrDefault("jce.provider", "sun") + ")"
                                : ""),
                List.of("scenario", "data", "candidate / baseline [95 % interval]", "paper"),
                rows,
                List.of(
                        "First repetition of each side, interval from its batches; wirecost diff compares all repetitions."));
    }

    /** Bytes per call (request / response TCP payload, averaged over the measured calls), by operation. */
    public static Table messageSizes(List<ScenarioResult> results) {
        List<String> header = new ArrayList<>(List.of("operation"));
        List<ScenarioResult> measured =
                results.stream().filter(r -> !r.sizes().isEmpty()).toList();
        if (measured.isEmpty()) return Table.notMeasured("Message size per invocation", whyNotMeasured(results));
        for (ScenarioResult r : measured) header.add(label(r) + " req/resp");
        List<List<String>> rows = new ArrayList<>();
        if (!measured.isEmpty()) {
            for (io.wirecost.runner.MessageSize first : measured.get(0).sizes()) {
                List<String> row = new ArrayList<>(List.of(first.operation()));
                for (ScenarioResult r : measured) {
                    row.add(r.size(first.operation())
                            .map(m -> String.format(Locale.ROOT, "%.0f / %.0f", m.requestBytes(), m.responseBytes()))
                            .orElse("-"));
                }
                rows.add(row);
            }
            List<String> packets = new ArrayList<>(List.of("TCP segments per call"));
            for (ScenarioResult r : measured) {
                packets.add(String.format(
                        Locale.ROOT,
                        "%.1f",
                        r.sizes().stream()
                                .mapToDouble(io.wirecost.runner.MessageSize::packetsPerCall)
                                .average()
                                .orElse(0)));
            }
            rows.add(packets);
        }
        List<String> notes = new ArrayList<>();
        notes.add(
                "TCP payload bytes per call on the server's connections (HTTP headers and TLS records included; TCP/IP headers not).");
        for (ScenarioResult r : results)
            if (r.sizes().isEmpty()) notes.add(r.scenario() + ": message sizes " + r.sizesNote());
        return new Table("Message size per invocation, bytes (request / response)", header, rows, notes);
    }

    /** Why no scenario has sizes, once when the reason is the same for all (no tcpdump, no root). */
    static String whyNotMeasured(List<ScenarioResult> results) {
        List<String> why = results.stream()
                .map(r -> r.sizesNote().replaceFirst("^not measured:? ?", ""))
                .distinct()
                .toList();
        if (why.size() == 1) return "not measured" + (why.get(0).isEmpty() ? "" : ": " + why.get(0));
        return "not measured: "
                + String.join(
                        "; ",
                        results.stream()
                                .map(r -> r.scenario() + " " + r.sizesNote().replaceFirst("^not measured:? ?", ""))
                                .distinct()
                                .toList());
    }

    /** Relative message sizes beside seed 002's (SOAP ~4.3x JRMP, WS-Security ~6.9x SOAP, RMI-SSL ~1.08x RMI). */
    public static Table sizeFactors(List<ScenarioResult> results) {
        List<List<String>> rows = new ArrayList<>();
        for (String[] f : PaperTable.factors()) {
            if (!f[2].startsWith("message-size ")) continue;
            String ratio = f[2].substring("message-size ".length());
            for (String[] pair : SIZE_SCENARIOS.getOrDefault(ratio, new String[0][])) {
                Optional<Double> a = meanBytes(results, pair[0]);
                Optional<Double> b = meanBytes(results, pair[1]);
                if (a.isEmpty() || b.isEmpty()) continue;
                rows.add(List.of(
                        ratio,
                        pair[0] + " / " + pair[1],
                        String.format(Locale.ROOT, "%.2f", a.get() / b.get()),
                        f[4],
                        "seed " + f[0]));
            }
        }
        String title = "Relative message sizes, today vs seed 002 (request + response bytes, mean over the data types)";
        if (rows.isEmpty()) {
            return Table.notMeasured(
                    title,
                    results.stream().allMatch(r -> r.sizes().isEmpty())
                            ? whyNotMeasured(results)
                            : "no pair of the papers' scenarios with measured sizes in this run");
        }
        return new Table(title, List.of("ratio", "scenarios", "today", "paper", "paper source"), rows, List.of());
    }

    private static final Map<String, String[][]> SIZE_SCENARIOS = Map.of(
            // seed 002's web services were RPC/encoded; the literal service is shown too
            "SOAP/JRMP", new String[][] {{"ws-encoded", "rmi"}, {"ws-literal", "rmi"}},
            "WS-Security/SOAP", new String[][] {{"ws-security", "ws-literal"}},
            "RMI-SSL/RMI", new String[][] {{"rmi-ssl", "rmi"}});

    private static Optional<Double> meanBytes(List<ScenarioResult> results, String scenario) {
        return results.stream()
                .filter(r -> r.scenario().equals(scenario) && !r.sizes().isEmpty())
                .findFirst()
                .map(r -> r.sizes().stream()
                        .mapToDouble(io.wirecost.runner.MessageSize::totalBytes)
                        .average()
                        .orElse(0));
    }

    /**
     * Today's factors beside the papers' (performance-factors.csv), for the scenario pairs present: on round
     * trips and on CPU per call (both JVMs), each with its 95 % interval, over all repetitions given. The
     * last column says in words when a factor is too noisy to support the comparison ({@link NoiseFlags}).
     */
    public static Table factors(List<ScenarioResult> all) {
        List<Repetitions.Figure> rtt = Repetitions.rtt(all);
        List<Repetitions.Figure> cpu = Repetitions.cpu(all);
        List<List<String>> rows = new ArrayList<>();
        for (Factor f : Factor.of(all, rtt, cpu)) {
            rows.add(List.of(
                    f.ratio(),
                    f.operation(),
                    f.rtt().map(Intervals::cell).orElse("-"),
                    f.cpu().map(Intervals::cell).orElse("-"),
                    f.paper(),
                    f.source(),
                    String.join("; ", NoiseFlags.factor(f, all)),
                    processes(cpu, f.scenarioA()) + " / " + processes(cpu, f.scenarioB())));
        }
        List<String> notes = new ArrayList<>(List.of(
                "CPU per call: CPU time of the timed pass (user + system) of the processes each call passes "
                        + "through, JIT compiler and agent threads excluded; 'CPU counts' names them for each "
                        + "side of the ratio (proxy: http-to-port's forward proxy, read from /proc).",
                Intervals.basis(all)));
        HostReference.note(all).ifPresent(notes::add);
        return new Table(
                "Factors, today vs the papers (>1: slower or costlier than the reference; 95 % intervals in brackets)",
                List.of("ratio", "data", "round trips", "CPU per call", "paper", "paper source", "noise", "CPU counts"),
                rows,
                notes);
    }

    /** The processes a scenario's CPU per call ({@code all}) sums: its roles with a figure of their own. */
    static String processes(List<Repetitions.Figure> cpu, String scenario) {
        List<String> roles = new ArrayList<>();
        for (String role : List.of("client", "server", "proxy"))
            if (cpu.stream()
                    .anyMatch(f -> f.scenario().equals(scenario) && f.role().equals(role))) roles.add(role);
        return roles.isEmpty() ? "-" : String.join("+", roles);
    }

    /** The factor pairs present in a run: scenario pair, operation, today's estimates and the paper's figure. */
    record Factor(
            String ratio,
            String operation,
            String scenarioA,
            String scenarioB,
            Optional<Estimate> rtt,
            Optional<Estimate> cpu,
            String paper,
            String source) {

        static List<Factor> of(List<ScenarioResult> all, List<Repetitions.Figure> rtt, List<Repetitions.Figure> cpu) {
            List<Factor> out = new ArrayList<>();
            for (String[] f : PaperTable.factors()) {
                // source,setting,ratio,data,factor
                String[] pair = FACTOR_SCENARIOS.get(f[2]);
                if (pair == null || !f[1].startsWith("local") || f[2].startsWith("message-size")) continue;
                String op = f[3].startsWith("string") ? "string" : "primitives-geomean";
                Optional<Estimate> r = ratio(rtt, pair, op, "client");
                Optional<Estimate> c = ratio(cpu, pair, op, "all");
                if (r.isEmpty() && c.isEmpty()) continue;
                out.add(new Factor(
                        f[2], op, pair[0], pair[1], r, c, f[4], "seed " + f[0] + " (" + f[1] + ", " + f[3] + ")"));
            }
            return out;
        }

        private static Optional<Estimate> ratio(
                List<Repetitions.Figure> figures, String[] pair, String op, String role) {
            Optional<Repetitions.Figure> a = Repetitions.find(figures, pair[0], op, role);
            Optional<Repetitions.Figure> b = Repetitions.find(figures, pair[1], op, role);
            if (a.isEmpty() || b.isEmpty()) return Optional.empty();
            return Optional.of(a.get().estimate().ratio(b.get().estimate()));
        }

        double paperFactor() {
            return Double.parseDouble(paper);
        }
    }

    private static final Map<String, String[]> FACTOR_SCENARIOS = Map.of(
            "RMI-SSL/RMI", new String[] {"rmi-ssl", "rmi"},
            "WS/RMI", new String[] {"ws-literal", "rmi"},
            "HTTP-to-port/RMI", new String[] {"http-to-port", "rmi"},
            "HTTP-to-servlet/RMI", new String[] {"http-to-servlet", "rmi"},
            "WS-Security/WS", new String[] {"ws-security", "ws-literal"},
            "WS-literal/WS-encoded", new String[] {"ws-literal", "ws-encoded"});

    /**
     * Categories as rows; for each scenario today's share (client and server samples together) and,
     * where the scenario has a column in seed 000's Table 3, the paper's figure beside it. The heading names the
     * samples as {@code mode} counted them: a wall-clock run's shares are of wall samples, not CPU samples.
     */
    public static Table relativeTime(List<ScenarioResult> results, RuleSet rules, String role, SampleMode mode) {
        List<String> header = new ArrayList<>(List.of("category (paper row)"));
        List<ScenarioResult> shown =
                results.stream().filter(r -> r.shares().containsKey(role)).toList();
        for (ScenarioResult r : shown) {
            header.add(label(r));
            if (!r.paperColumn().isEmpty()) header.add("paper " + r.paperColumn());
        }
        List<List<String>> rows = new ArrayList<>();
        for (Category c : rules.categories()) {
            if (!c.isMiddleware()) continue;
            List<String> row =
                    new ArrayList<>(List.of(c.title() + (c.paperRow().isEmpty() ? "" : " (" + c.paperRow() + ")")));
            boolean any = false;
            for (ScenarioResult r : shown) {
                Attribution a = r.shares().get(role).attribution();
                CategoryShare s = a.share(c.name()).orElseThrow();
                row.add(pct(s.percent()));
                any |= s.samples() > 0;
                if (!r.paperColumn().isEmpty()) {
                    String p = PaperFigures.percent(c, r.paperColumn());
                    any |= !p.isEmpty() && !p.equals("0.00");
                    row.add(p.isEmpty() ? "-" : p);
                }
            }
            if (any) rows.add(row);
        }
        List<String> samples = new ArrayList<>(List.of("middleware samples"));
        // one row rather than an interval in every cell: twenty columns of "48.32 [47.0, 49.6]" would not read;
        // each share's own interval is in shares.csv, results.json and report.html
        List<String> widest = new ArrayList<>(List.of("95 % interval of a share, widest (± points)"));
        List<String> jvm = new ArrayList<>(List.of("JVM-internal (GC, JIT, VM) and harness, % of all samples"));
        for (ScenarioResult r : shown) {
            Attribution a = r.shares().get(role).attribution();
            samples.add(String.valueOf(a.middlewareSamples()));
            widest.add(a.middlewareSamples() > 0 ? pct(widestHalfWidth(a.middleware())) : "-");
            jvm.add(pct(a.jvmPercent()));
            if (!r.paperColumn().isEmpty()) {
                samples.add("");
                widest.add("");
                jvm.add("");
            }
        }
        rows.add(samples);
        rows.add(widest);
        rows.add(jvm);
        List<String> notes =
                new ArrayList<>(List.of("Categories with no samples today and none in the paper are omitted. "
                        + "Paper: JDK 1.4.2, OptimizeIt/Enerjy, '<0.10' as printed. Shares' 95 % intervals: Wilson "
                        + "over the samples, each in shares.csv (ci_low, ci_high) and results.json."));
        for (ScenarioResult r : shown) {
            notes.add(r.scenario() + ": " + r.shares().get(role).attribution().events());
            for (String n : ContentionNotes.of(r.shares().get(role).recordings())) notes.add(r.scenario() + ": " + n);
        }
        return new Table(
                "Relative time by category, % of middleware " + mode.samplesWord() + " samples (role: " + role
                        + "), today vs seed 000 Table 3",
                header,
                rows,
                notes);
    }

    /** The largest distance from a share to either end of its 95 % interval, in percentage points. */
    static double widestHalfWidth(List<CategoryShare> shares) {
        double w = 0;
        for (CategoryShare s : shares) {
            if (Double.isNaN(s.ciLow()) || Double.isNaN(s.ciHigh())) continue;
            w = Math.max(w, Math.max(s.percent() - s.ciLow(), s.ciHigh() - s.percent()));
        }
        return w;
    }

    /** A scenario's column header: today's transports, which no paper measured, are marked "today only". */
    static String label(ScenarioResult r) {
        return io.wirecost.scenarios.Scenarios.todayOnly(r.scenario()) ? r.scenario() + " (today only)" : r.scenario();
    }

    static String pct(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    static String fmt(double micros) {
        return micros >= 100 ? String.format(Locale.ROOT, "%.1f", micros) : String.format(Locale.ROOT, "%.2f", micros);
    }
}
