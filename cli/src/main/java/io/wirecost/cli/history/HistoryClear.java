package io.wirecost.cli.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.history.Cleared;
import io.wirecost.history.HistoryStore;
import io.wirecost.history.RunOrder;
import io.wirecost.runner.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code wirecost history clear --check check.json --diff DIR/diff.json}: the change points that failed a check were
 * measured again (the commit before them run straight beside the newest run's build) and {@code diff} found no
 * regression: record that, so that {@code history check} reports them as cleared instead of failing on the same drift
 * in every job after. Evidence is required: the check's own JSON and the diff's, which must have given a verdict,
 * found no regression and compared every scenario it clears.
 */
@Command(
        name = "clear",
        mixinStandardHelpOptions = true,
        description = "Record that the change points which failed a check were measured again and not borne out: the "
                + "commit before them run straight beside the newest run's build, and diff found no regression. "
                + "history check then reports those scenarios' change points from there to the newest run as "
                + "cleared, not failing. Exit 0: cleared; 1: the diff bears a regression out, nothing cleared; "
                + "2: bad input.")
final class HistoryClear implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Option(
            names = "--check",
            required = true,
            paramLabel = "FILE",
            description = "What history check --format json printed in the job whose check failed.")
    Path check;

    @Option(
            names = "--diff",
            required = true,
            paramLabel = "FILE",
            description = "The re-measure's diff.json (wirecost diff BEFORE NOW -o DIR writes DIR/diff.json), BEFORE "
                    + "the commit before the change points, NOW the newest run's build.")
    Path diff;

    @Mixin
    DbOption db;

    /** A change point that failed the check, as its JSON names it. */
    private record Failing(String metric, String scenario, long run, String commit, String commitBefore) {}

    @Override
    public Integer call() throws Exception {
        db.check();
        JsonNode found = read("--check", check);
        JsonNode d = read("--diff", diff); // both read before either is judged: a bad file is named first
        List<Failing> failing = failing(found);
        String verdict = d.path("verdict").asText("");
        if (!d.path("regressions").canConvertToInt()
                || verdict.isEmpty()
                || !d.path("lines").isArray())
            throw new UsageException("--diff " + diff + ": not the diff.json of wirecost diff (fields 'verdict', "
                    + "'regressions' and 'lines' needed)");
        if (!verdict.equals("given"))
            throw new UsageException(
                    "--diff " + diff + ": the diff gave no verdict (" + verdict + "); nothing cleared");
        int regressions = d.path("regressions").asInt();
        if (regressions > 0) {
            System.out.println("history clear: the re-measure bears out " + regressions + " regression"
                    + (regressions == 1 ? "" : "s") + " (" + diff + "); nothing cleared");
            return 1;
        }
        Set<String> compared = new TreeSet<>();
        for (JsonNode line : d.path("lines")) compared.add(line.path("scenario").asText());
        d.path("not_compared").fieldNames().forEachRemaining(compared::remove);
        String evidence = "diff " + d.path("baseline").asText("?") + " "
                + d.path("candidate").asText("?") + " found no regression";
        try (HistoryStore store = db.open(false)) {
            RunOrder order = new RunOrder(store.runs());
            if (order.isEmpty()) throw new UsageException("--db " + db.name() + ": holds no run; nothing to clear");
            // per scenario, from its earliest failing change point in the history's order
            Map<String, Failing> from = new LinkedHashMap<>();
            for (Failing f : failing) {
                HistoryStore.Entry e = order.entry(f.run()).orElse(null);
                if (e == null || !Objects.equals(e.commit(), f.commit()))
                    throw new UsageException("--check " + check + ": run " + f.run() + " of " + f.metric()
                            + (e == null ? " is not in " : " holds another commit in ") + "--db " + db.name()
                            + " (a check of another history?); nothing cleared");
                if (!compared.contains(f.scenario()))
                    throw new UsageException("--diff " + diff + ": scenario " + f.scenario() + " (" + f.metric()
                            + ") was not compared; nothing cleared");
                from.merge(
                        f.scenario(),
                        f,
                        (a, b) -> order.placeOf(a.run()).getAsInt()
                                        <= order.placeOf(b.run()).getAsInt()
                                ? a
                                : b);
            }
            long newest = order.newest().seq();
            Instant now = Instant.now();
            List<Cleared> stretches = new ArrayList<>();
            for (Failing f : from.values())
                stretches.add(new Cleared(f.scenario(), f.run(), newest, f.commitBefore(), evidence, now));
            store.clear(stretches);
            for (Cleared c : stretches)
                System.out.println("cleared " + c.scenario() + " from run " + c.fromSeq() + " through run "
                        + c.throughSeq() + ": " + evidence);
        }
        return 0;
    }

    /** The change points of {@code history check --format json} that failed it; refused where none did. */
    private List<Failing> failing(JsonNode found) throws UsageException {
        if (!found.isArray())
            throw new UsageException("--check " + check + ": not the output of history check --format json (a list)");
        List<Failing> out = new ArrayList<>();
        for (JsonNode f : found) {
            if (!f.path("gates").isBoolean()
                    || !f.path("metric").isTextual()
                    || !f.path("run").canConvertToLong())
                throw new UsageException(
                        "--check " + check
                                + ": not the output of history check --format json (fields 'metric', 'run' and 'gates' needed)");
            if (!f.path("gates").asBoolean()) continue;
            String metric = f.path("metric").asText();
            String scenario = Cleared.scenarioOf(metric)
                    .orElseThrow(() -> new UsageException(
                            "--check " + check + ": metric " + metric + " names no scenario; nothing cleared"));
            out.add(new Failing(metric, scenario, f.path("run").asLong(), text(f, "commit"), text(f, "commit_before")));
        }
        if (out.isEmpty())
            throw new UsageException("--check " + check + ": no change point in it fails the check; nothing to clear");
        return out;
    }

    private static String text(JsonNode o, String field) {
        return o.path(field).isTextual() ? o.path(field).asText() : null;
    }

    private static JsonNode read(String option, Path file) throws UsageException {
        if (!Files.isRegularFile(file)) throw new UsageException(option + " " + file + ": no such file");
        try {
            JsonNode n = JSON.readTree(file.toFile());
            return n == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance() : n;
        } catch (IOException e) {
            String m = e.getMessage() == null
                    ? ""
                    : e.getMessage().lines().findFirst().orElse("");
            throw new UsageException(option + " " + file + ": not JSON (" + m + ")");
        }
    }
}
