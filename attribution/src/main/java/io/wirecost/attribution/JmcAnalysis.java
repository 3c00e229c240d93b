package io.wirecost.attribution;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.openjdk.jmc.common.item.IItemCollection;
import org.openjdk.jmc.common.unit.IQuantity;
import org.openjdk.jmc.flightrecorder.rules.IResult;
import org.openjdk.jmc.flightrecorder.rules.IRule;
import org.openjdk.jmc.flightrecorder.rules.ResultToolkit;
import org.openjdk.jmc.flightrecorder.rules.RuleRegistry;
import org.openjdk.jmc.flightrecorder.rules.TypedResult;
import org.openjdk.jmc.flightrecorder.rules.util.RulesToolkit;

/**
 * JDK Mission Control's automated analysis (the rules of {@code flightrecorder.rules.jdk}, as JMC's
 * "Automated Analysis Results" page and its {@code JfrRulesReport} run them) on one recording.
 *
 * <p>The recording goes to JMC's loader whole, as JMC opens it: a file that repeats a chunk (same start
 * time) is analysed with that chunk once. Counting readers split chunks instead ({@link JmcRecordingReader}).
 *
 * <pre>
 * JmcAnalysis.Report r = JmcAnalysis.analyze(Path.of("app.jfr"));
 * r.findings().forEach(f -> System.out.println(f.severity() + " " + f.ruleId() + " " + f.summary()));
 * </pre>
 */
public final class JmcAnalysis {

    /**
     * @param chunks   chunks in the file (JMC analyses the distinct ones)
     * @param findings every rule's result, most severe first, then by score, then by id
     */
    public record Report(String file, String formatVersion, int chunks, List<RuleFinding> findings) {
        public Report {
            findings = List.copyOf(findings);
        }
    }

    private static final Comparator<RuleFinding> MOST_SEVERE_FIRST = Comparator.comparing(RuleFinding::severity)
            .reversed()
            .thenComparing(Comparator.comparingDouble(RuleFinding::score).reversed())
            .thenComparing(RuleFinding::ruleId);

    /** All of JMC's rules on a large recording take a few seconds; a minute means a rule is stuck. */
    private static final long BUDGET_SECONDS = 60;

    private JmcAnalysis() {}

    public static Report analyze(Path file) throws RecordingException {
        String name = file.toString();
        if (!java.nio.file.Files.isRegularFile(file)) throw new RecordingException(name, "no such file");
        JmcChunks chunks = JmcChunks.of(file);
        IItemCollection items = JmcRecordingReader.load(name, chunks.whole());
        // one evaluation thread per core: the rules are independent (JMC orders the dependent ones itself)
        Map<IRule, Future<IResult>> futures = RulesToolkit.evaluateParallel(RuleRegistry.getRules(), items, null, 0);
        List<RuleFinding> findings = new ArrayList<>();
        // a rule that never finishes must not hold up a run: the rules share one budget
        long deadline = System.nanoTime() + BUDGET_SECONDS * 1_000_000_000L;
        for (Map.Entry<IRule, Future<IResult>> e : futures.entrySet()) {
            findings.add(finding(e.getKey(), e.getValue(), deadline));
        }
        findings.sort(MOST_SEVERE_FIRST);
        return new Report(name, chunks.version(), chunks.chunks().size(), findings);
    }

    private static RuleFinding finding(IRule rule, Future<IResult> future, long deadlineNanos) {
        try {
            IResult r = future.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
            IQuantity score = r.getResult(TypedResult.SCORE);
            String summary = r.getSummary() == null ? "" : ResultToolkit.populateMessage(r, r.getSummary(), false);
            return new RuleFinding(
                    rule.getId(),
                    rule.getName(),
                    severity(r.getSeverity()),
                    score == null ? -1 : score.doubleValue(),
                    summary);
        } catch (ExecutionException | RuntimeException e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            return notApplicable(
                    rule,
                    "the rule failed on this recording: " + cause.getClass().getSimpleName());
        } catch (TimeoutException e) {
            future.cancel(true);
            return notApplicable(rule, "the rule did not finish within " + BUDGET_SECONDS + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return notApplicable(rule, "interrupted");
        }
    }

    /** A rule that gave no result: listed anyway, with no score and why, so a table still shows every rule. */
    private static RuleFinding notApplicable(IRule rule, String why) {
        return new RuleFinding(rule.getId(), rule.getName(), RuleFinding.Severity.NA, -1, why);
    }

    private static RuleFinding.Severity severity(org.openjdk.jmc.flightrecorder.rules.Severity s) {
        return s == null ? RuleFinding.Severity.NA : RuleFinding.Severity.valueOf(s.name());
    }
}
