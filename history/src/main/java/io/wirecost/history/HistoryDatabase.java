package io.wirecost.history;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationState;

/**
 * Opening the database {@code --db} names: the embedded SQLite file or a PostgreSQL server, its schema migrated by
 * Flyway. A database that is not one (a damaged or foreign file, tables of another program), or whose schema is newer
 * than this wirecost knows, is refused with one line before anything is written.
 */
final class HistoryDatabase {

    private static final String MIGRATIONS = "classpath:io/wirecost/history/db";
    private static final Logger FLYWAY_LOG = Logger.getLogger("org.flywaydb");

    private HistoryDatabase() {}

    /**
     * CI jobs side by side may store into one file: a transaction takes the write lock as it begins (a deferred one
     * that read first would find another writer ahead of it and fail at once, SQLite's busy handler never asked), and a
     * writer waits up to a minute for the one before it rather than failing. sqlite-jdbc reads both from the URL.
     */
    private static final String SQLITE_WRITERS_TAKE_TURNS = "?transaction_mode=IMMEDIATE&busy_timeout=60000";

    /**
     * Opens (with {@code create}: creates) the database named by {@code --db}: a JDBC URL, or a file path for the
     * embedded database. Migrates its schema to this version's.
     */
    static Connection open(String db, boolean create) throws HistoryException {
        String url = db.startsWith("jdbc:") ? db : "jdbc:sqlite:" + db + SQLITE_WRITERS_TAKE_TURNS;
        String name = name(db);
        if (!db.startsWith("jdbc:")) SqliteFile.check(Path.of(db), create);
        else if (!url.startsWith("jdbc:postgresql:"))
            throw new HistoryException("--db must be a file or a jdbc:postgresql:// URL, got '" + name + "'");
        FLYWAY_LOG.setLevel(Level.SEVERE); // Flyway reports each step at INFO: noise on a command line
        Flyway flyway = Flyway.configure(HistoryDatabase.class.getClassLoader())
                .dataSource(url, null, null)
                .locations(MIGRATIONS)
                // a class name: Flyway names only its auto, console, slf4j, log4j2 and apache-commons loggers
                .loggers("org.flywaydb.core.internal.logging.javautil.JavaUtilLogCreator")
                .cleanDisabled(true)
                .load();
        try {
            refuseNewer(flyway, name);
            flyway.migrate();
        } catch (FlywayException e) {
            throw new HistoryException("--db " + name + ": " + why(e));
        }
        try {
            return DriverManager.getConnection(url);
        } catch (SQLException e) {
            throw new HistoryException("--db " + name + ": " + oneLine(e));
        }
    }

    /**
     * What {@link #open} would refuse about {@code --db} itself (a name that is neither a file nor a PostgreSQL URL, an
     * existing file that is not a history), checked before any run is read so that a command given a bad {@code --db}
     * and bad runs names the database first.
     */
    static void checkBeforeReading(String db) throws HistoryException {
        if (db.startsWith("jdbc:")) {
            if (!db.startsWith("jdbc:postgresql:"))
                throw new HistoryException(
                        "--db must be a file or a jdbc:postgresql:// URL, got '" + redacted(db) + "'");
            return;
        }
        Path file = Path.of(db);
        if (Files.exists(file)) SqliteFile.check(file, false);
    }

    /** A schema newer than this wirecost's: its migrations would not know the tables, so nothing is written. */
    private static void refuseNewer(Flyway flyway, String name) throws HistoryException {
        MigrationInfo[] all = flyway.info().all();
        String ours = Arrays.stream(all)
                .filter(m ->
                        m.getState() != MigrationState.FUTURE_SUCCESS && m.getState() != MigrationState.FUTURE_FAILED)
                .map(m -> m.getVersion().getVersion())
                .reduce((a, b) -> b)
                .orElse("0");
        for (MigrationInfo m : all) {
            if (m.getState() == MigrationState.FUTURE_SUCCESS || m.getState() == MigrationState.FUTURE_FAILED) {
                throw new HistoryException("--db " + name + ": its schema is version " + m.getVersion()
                        + ", newer than this wirecost's (" + ours + "); use a newer wirecost, nothing was changed");
            }
        }
    }

    /** How messages name the database: its file, or its URL without a password. */
    static String name(String db) {
        return db.startsWith("jdbc:") ? redacted(db) : db;
    }

    /** The URL without a password given in it (as a parameter, or before the host), for messages and pages. */
    static String redacted(String url) {
        return url.replaceAll("(?i)(password=)[^&;]*", "$1***").replaceAll("(//[^/@:]*:)[^/@]*@", "$1***@");
    }

    private static String why(FlywayException e) {
        String m = oneLine(e);
        if (m.contains("non-empty schema") || m.contains("without schema history table"))
            return "holds tables but is not a wirecost history (no migration history); left as it is";
        // Flyway wraps the driver's reason in its own words ("Unable to obtain connection ... for user 'null'"),
        // which name a user the URL never gave; the server's or the driver's line is what the user can act on.
        if (e.getCause() instanceof SQLException cause && m.startsWith("Unable to obtain connection"))
            return "cannot connect: " + oneLine(cause);
        return m;
    }

    static String oneLine(Exception e) {
        Throwable t = e;
        while (t.getCause() != null && t.getMessage() == null) t = t.getCause();
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return m.strip().lines().findFirst().orElse(m);
    }
}
