package io.wirecost.history;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The checks on an embedded database's file before Flyway opens it: absent (made, or refused without
 * {@code create}), not a file, not a SQLite database by its header, or damaged by SQLite's own quick check. They read
 * the file itself, where {@link HistoryDatabase} deals in URLs and migrations, so a foreign or damaged file is refused
 * and left as it is before anything is written to it.
 */
final class SqliteFile {

    private SqliteFile() {}

    /**
     * Throws, with one line naming {@code file}, when it cannot hold a history; with {@code create}, an absent file's
     * directory is made and SQLite makes the file.
     */
    static void check(Path file, boolean create) throws HistoryException {
        if (!Files.exists(file)) {
            if (!create)
                throw new HistoryException(
                        "--db " + file + ": no history database there (wirecost history add makes one)");
            try {
                if (file.toAbsolutePath().getParent() != null)
                    Files.createDirectories(file.toAbsolutePath().getParent());
            } catch (IOException e) {
                throw new HistoryException("--db " + file + ": cannot create its directory (" + e.getMessage() + ")");
            }
            return;
        }
        if (!Files.isRegularFile(file)) throw new HistoryException("--db " + file + ": not a file");
        byte[] header = new byte[16];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(header, 0, 16);
        } catch (IOException e) {
            throw new HistoryException("--db " + file + ": cannot be read (" + e.getMessage() + ")");
        }
        // an empty file is what SQLite makes of a new database too
        if (n == 0) return;
        if (n < 16 || !new String(header, StandardCharsets.ISO_8859_1).equals("SQLite format 3\0"))
            throw new HistoryException(
                    "--db " + file + ": not a SQLite database (another file at that path?); left as it is");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("PRAGMA quick_check")) {
            String verdict = r.next() ? r.getString(1) : "no answer";
            if (!"ok".equals(verdict))
                throw new HistoryException("--db " + file + ": the database is damaged (SQLite's quick_check: "
                        + verdict.lines().findFirst().orElse("") + "); left as it is");
        } catch (SQLException e) {
            throw new HistoryException(
                    "--db " + file + ": the database is damaged (" + HistoryDatabase.oneLine(e) + "); left as it is");
        }
    }
}
