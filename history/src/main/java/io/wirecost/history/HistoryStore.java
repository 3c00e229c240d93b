package io.wirecost.history;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The history database: the embedded SQLite file by default, or a PostgreSQL server ({@code jdbc:postgresql://...});
 * runs stored and read back, each figure a row. Opening it ({@link HistoryDatabase}) migrates its schema.
 */
public final class HistoryStore implements AutoCloseable {

    /** Where the embedded database goes when {@code --db} is not given. */
    public static final String DEFAULT_DB = "runs/history.sqlite";

    private final Connection connection;
    private final String name;

    /** One stored run as listed: its order in the history and its facts. */
    public record Entry(long seq, Instant measured, String commit, String branch, RunFacts facts, int figures) {}

    /** One value of a metric's series, in the history's order. */
    public record Point(Entry run, Figure figure) {}

    /** A commit as listings print it: its first 12 characters, "" where unknown. */
    public static String shortCommit(String commit) {
        return commit == null ? "" : commit.length() > 12 ? commit.substring(0, 12) : commit;
    }

    private HistoryStore(Connection connection, String name) {
        this.connection = connection;
        this.name = name;
    }

    /**
     * Opens (with {@code create}: creates) the database named by {@code --db}: a JDBC URL, or a file path for the
     * embedded database. Migrates its schema to this version's.
     */
    public static HistoryStore open(String db, boolean create) throws HistoryException {
        return new HistoryStore(HistoryDatabase.open(db, create), HistoryDatabase.name(db));
    }

    /**
     * How output names {@code --db}: its file, or its URL without a password, as a CI log or an uploaded page may be
     * read by others.
     */
    public static String displayName(String db) {
        return HistoryDatabase.name(db);
    }

    /**
     * What {@link #open} would refuse about {@code --db} itself, checked before any run is read so that a command given
     * a bad {@code --db} and bad runs names the database first.
     */
    public static void checkBeforeReading(String db) throws HistoryException {
        HistoryDatabase.checkBeforeReading(db);
    }

    /** Whether a run with this key (its results.json's SHA-256) is stored. */
    public boolean contains(String runKey) throws HistoryException {
        try (PreparedStatement q = connection.prepareStatement("SELECT 1 FROM runs WHERE run_key = ?")) {
            q.setString(1, runKey);
            try (ResultSet r = q.executeQuery()) {
                return r.next();
            }
        } catch (SQLException e) {
            throw new HistoryException("--db " + name + ": " + HistoryDatabase.oneLine(e));
        }
    }

    /** Stores a run; refused when the same results.json is already stored. Returns its place in the history. */
    public long add(RunReader.StoredRun run, String commit, String branch, Instant time) throws HistoryException {
        RunFacts f = run.facts();
        return transaction(f.dir() + " not stored", () -> {
            try (PreparedStatement q = connection.prepareStatement("SELECT seq, dir FROM runs WHERE run_key = ?")) {
                q.setString(1, f.key());
                try (ResultSet r = q.executeQuery()) {
                    if (r.next())
                        throw new HistoryException(f.dir() + ": already stored as run " + r.getLong(1) + " (added from "
                                + r.getString(2) + "); not added again");
                }
            }
            long seq;
            try (Statement s = connection.createStatement();
                    ResultSet r = s.executeQuery("SELECT COALESCE(MAX(seq), 0) + 1 FROM runs")) {
                r.next();
                seq = r.getLong(1);
            }
            long now = System.currentTimeMillis();
            Instant measured = time != null ? time : f.started() != null ? f.started() : Instant.ofEpochMilli(now);
            try (PreparedStatement p = connection.prepareStatement("INSERT INTO runs (run_key, seq, run_id, kind, dir,"
                    + " measured_ms, started_ms, added_ms, commit_sha, branch, host, cpu_model, java_version, method,"
                    + " load_1m, steal_percent, busy_percent, settings, host_speed_mbps)"
                    + " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")) {
                p.setString(1, f.key());
                p.setLong(2, seq);
                p.setString(3, f.runId());
                p.setString(4, f.kind());
                p.setString(5, f.dir());
                p.setLong(6, measured.toEpochMilli());
                if (f.started() == null) p.setNull(7, java.sql.Types.BIGINT);
                else p.setLong(7, f.started().toEpochMilli());
                p.setLong(8, now);
                p.setString(9, commit);
                p.setString(10, branch);
                p.setString(11, f.host());
                p.setString(12, f.cpuModel());
                p.setString(13, f.javaVersion());
                p.setString(14, f.method());
                HistoryRows.setDouble(p, 15, f.loadAverage());
                HistoryRows.setDouble(p, 16, f.stealPercent());
                HistoryRows.setDouble(p, 17, f.busyPercent());
                p.setString(18, f.settings());
                HistoryRows.setDouble(p, 19, f.hostSpeedMbps());
                p.executeUpdate();
            }
            try (PreparedStatement p = connection.prepareStatement(
                    "INSERT INTO figures (run_key, metric, value, ci_low, ci_high, unit, noisy) VALUES (?,?,?,?,?,?,?)")) {
                for (Figure g : run.figures()) {
                    if (!Double.isFinite(g.value())) continue;
                    p.setString(1, f.key());
                    p.setString(2, g.metric());
                    p.setDouble(3, g.value());
                    HistoryRows.setDouble(p, 4, g.ciLow());
                    HistoryRows.setDouble(p, 5, g.ciHigh());
                    p.setString(6, g.unit());
                    p.setBoolean(7, g.noisy());
                    p.addBatch();
                }
                p.executeBatch();
            }
            return seq;
        });
    }

    /** Every stored run in the history's order: by the time it measured, then by the order it was added. */
    public List<Entry> runs() throws HistoryException {
        List<Entry> out = new ArrayList<>();
        try (Statement s = connection.createStatement();
                ResultSet r = s.executeQuery("SELECT r.*, (SELECT COUNT(*) FROM figures g WHERE g.run_key = r.run_key)"
                        + " AS n FROM runs r ORDER BY measured_ms, seq")) {
            while (r.next()) out.add(HistoryRows.entry(r));
        } catch (SQLException e) {
            throw new HistoryException("--db " + name + ": " + HistoryDatabase.oneLine(e));
        }
        return out;
    }

    /** The stored runs the selection keeps, in the history's order. */
    public List<Entry> runs(RunSelection selection) throws HistoryException {
        return runs().stream().filter(selection).toList();
    }

    /** A run's figures, by metric name. */
    public List<Figure> figures(String runKey) throws HistoryException {
        List<Figure> out = new ArrayList<>();
        try (PreparedStatement p = connection.prepareStatement(
                "SELECT metric, value, ci_low, ci_high, unit, noisy FROM figures WHERE run_key = ? ORDER BY metric")) {
            p.setString(1, runKey);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) out.add(HistoryRows.figure(r));
            }
        } catch (SQLException e) {
            throw new HistoryException("--db " + name + ": " + HistoryDatabase.oneLine(e));
        }
        return out;
    }

    /** Every metric's series (those {@code wanted} accepts), over the runs the selection keeps. */
    public Map<String, List<Point>> series(Predicate<String> wanted, RunSelection selection) throws HistoryException {
        Map<String, Entry> runs = new LinkedHashMap<>();
        for (Entry e : runs(selection)) runs.put(e.facts().key(), e);
        Map<String, List<Point>> out = new java.util.TreeMap<>();
        try (Statement s = connection.createStatement();
                ResultSet r = s.executeQuery("SELECT g.run_key, g.metric, g.value, g.ci_low, g.ci_high, g.unit, g.noisy"
                        + " FROM figures g JOIN runs r ON r.run_key = g.run_key ORDER BY r.measured_ms, r.seq")) {
            while (r.next()) {
                Entry e = runs.get(r.getString(1));
                if (e == null || !wanted.test(r.getString(2))) continue;
                Figure f = new Figure(
                        r.getString(2),
                        r.getDouble(3),
                        HistoryRows.nan(r, 4),
                        HistoryRows.nan(r, 5),
                        r.getString(6),
                        r.getBoolean(7));
                out.computeIfAbsent(f.metric(), k -> new ArrayList<>()).add(new Point(e, f));
            }
        } catch (SQLException e) {
            throw new HistoryException("--db " + name + ": " + HistoryDatabase.oneLine(e));
        }
        return out;
    }

    /** Records stretches a re-measure cleared, all or none. */
    public void clear(List<Cleared> stretches) throws HistoryException {
        transaction("nothing cleared", () -> {
            long id;
            try (Statement s = connection.createStatement();
                    ResultSet r = s.executeQuery("SELECT COALESCE(MAX(id), 0) FROM cleared")) {
                r.next();
                id = r.getLong(1);
            }
            try (PreparedStatement p = connection.prepareStatement("INSERT INTO cleared (id, scenario, from_seq,"
                    + " through_seq, commit_before, evidence, added_ms) VALUES (?,?,?,?,?,?,?)")) {
                for (Cleared c : stretches) {
                    p.setLong(1, ++id);
                    p.setString(2, c.scenario());
                    p.setLong(3, c.fromSeq());
                    p.setLong(4, c.throughSeq());
                    p.setString(5, c.commitBefore());
                    p.setString(6, c.evidence());
                    p.setLong(7, c.added().toEpochMilli());
                    p.addBatch();
                }
                p.executeBatch();
            }
            return null;
        });
    }

    /** Every stretch a re-measure cleared, in the order recorded. */
    public List<Cleared> cleared() throws HistoryException {
        List<Cleared> out = new ArrayList<>();
        try (Statement s = connection.createStatement();
                ResultSet r = s.executeQuery("SELECT scenario, from_seq, through_seq, commit_before, evidence, added_ms"
                        + " FROM cleared ORDER BY id")) {
            while (r.next())
                out.add(new Cleared(
                        r.getString(1),
                        r.getLong(2),
                        r.getLong(3),
                        r.getString(4),
                        r.getString(5),
                        Instant.ofEpochMilli(r.getLong(6))));
        } catch (SQLException e) {
            throw new HistoryException("--db " + name + ": " + HistoryDatabase.oneLine(e));
        }
        return out;
    }

    /** What a transaction does; a refusal it finds ({@link HistoryException}) rolls it back too. */
    private interface Work<T> {
        T run() throws SQLException, HistoryException;
    }

    /**
     * Runs {@code work} as one transaction: all of it is stored, or none, and an SQL error is one line naming the
     * database and {@code failed}.
     */
    private <T> T transaction(String failed, Work<T> work) throws HistoryException {
        try {
            connection.setAutoCommit(false);
            if (connection.getMetaData().getURL().startsWith("jdbc:postgresql:")) {
                // writers one at a time, as SQLite's immediate transactions are (HistoryDatabase): a write reads the
                // next number (MAX + 1) before it inserts, and two CI jobs storing at once would take the same one;
                // readers are not held up
                try (Statement s = connection.createStatement()) {
                    s.execute("LOCK TABLE runs, cleared IN SHARE ROW EXCLUSIVE MODE");
                }
            }
            T out = work.run();
            connection.commit();
            return out;
        } catch (SQLException e) {
            rollback();
            throw new HistoryException("--db " + name + ": " + failed + " (" + HistoryDatabase.oneLine(e) + ")");
        } catch (HistoryException e) {
            rollback();
            throw e;
        } finally {
            try {
                connection.setAutoCommit(true);
            } catch (SQLException e) {
                // the connection is closed with the command; nothing was half-written (the transaction rolled back)
            }
        }
    }

    private void rollback() {
        try {
            connection.rollback();
        } catch (SQLException e) {
            // closing the connection discards the transaction too
        }
    }

    @Override
    public void close() throws HistoryException {
        try {
            connection.close();
        } catch (SQLException e) {
            throw new HistoryException("--db " + name + ": " + HistoryDatabase.oneLine(e));
        }
    }
}
