package io.wirecost.history;

import io.wirecost.history.HistoryStore.Entry;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;

/**
 * How a row of the history's tables becomes a value and back, for {@link HistoryStore}: a run's columns as its
 * {@link Entry}, a figure's as a {@link Figure}, and an unknown double (an interval not computed, a load not
 * measured) stored as NULL and read back as NaN. Apart from the statements, so that each statement reads as what it
 * asks the database for.
 */
final class HistoryRows {

    private HistoryRows() {}

    /** A row of {@code runs} with its figure count in column {@code n}. */
    static Entry entry(ResultSet r) throws SQLException {
        long startedMs = r.getLong("started_ms");
        // asked at once: wasNull speaks of the column read last, and the arguments below read others first
        Instant started = r.wasNull() ? null : Instant.ofEpochMilli(startedMs);
        RunFacts f = new RunFacts(
                r.getString("run_key"),
                r.getString("run_id"),
                r.getString("kind"),
                r.getString("dir"),
                started,
                r.getString("host"),
                r.getString("cpu_model"),
                r.getString("java_version"),
                r.getString("method"),
                nan(r, "load_1m"),
                nan(r, "steal_percent"),
                nan(r, "busy_percent"),
                r.getString("settings"),
                nan(r, "host_speed_mbps"));
        return new Entry(
                r.getLong("seq"),
                Instant.ofEpochMilli(r.getLong("measured_ms")),
                r.getString("commit_sha"),
                r.getString("branch"),
                f,
                r.getInt("n"));
    }

    /** A row of {@code figures} as metric, value, ci_low, ci_high, unit, noisy (NULL, stored before it: false). */
    static Figure figure(ResultSet r) throws SQLException {
        return new Figure(r.getString(1), r.getDouble(2), nan(r, 3), nan(r, 4), r.getString(5), r.getBoolean(6));
    }

    /** A double column, NaN where it is NULL. */
    static double nan(ResultSet r, int column) throws SQLException {
        double v = r.getDouble(column);
        return r.wasNull() ? Double.NaN : v;
    }

    private static double nan(ResultSet r, String column) throws SQLException {
        double v = r.getDouble(column);
        return r.wasNull() ? Double.NaN : v;
    }

    /** A double parameter, NULL where the value is not finite. */
    static void setDouble(PreparedStatement p, int i, double v) throws SQLException {
        if (Double.isFinite(v)) p.setDouble(i, v);
        else p.setNull(i, java.sql.Types.DOUBLE);
    }
}
