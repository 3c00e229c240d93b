package io.wirecost.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded SQLite file: the contract, and what is refused with one line and left as it was. */
class HistoryStoreTest extends HistoryStoreContract {

    @TempDir
    Path tmp;

    private int dbs;

    @Override
    String freshDb() {
        return tmp.resolve("h" + dbs++ + ".sqlite").toString();
    }

    private static void assertRefusedUnchanged(Path db, String reason) throws Exception {
        byte[] before = Files.readAllBytes(db);
        for (boolean create : new boolean[] {true, false}) {
            HistoryException e = assertThrows(HistoryException.class, () -> HistoryStore.open(db.toString(), create));
            assertTrue(e.getMessage().contains(reason), e.getMessage() + " should say " + reason);
            assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        }
        assertArrayEquals(before, Files.readAllBytes(db), "the file is left as it was");
    }

    @Test
    void aFileThatIsNoDatabaseIsRefused() throws Exception {
        Path db = Files.writeString(tmp.resolve("notes.sqlite"), "these are my notes, not a database\n".repeat(50));
        assertRefusedUnchanged(db, "not a SQLite database");
    }

    @Test
    void aDamagedDatabaseIsRefused() throws Exception {
        Path db = Path.of(freshDb());
        try (HistoryStore store = HistoryStore.open(db.toString(), true)) {
            store.add(RunReader.read(FIXTURE), null, null, null);
        }
        byte[] whole = Files.readAllBytes(db);
        // the header survives, the pages after the first are overwritten
        for (int i = 4096; i < whole.length; i++) whole[i] = (byte) (i * 31);
        Files.write(db, whole);
        assertRefusedUnchanged(db, "damaged");
    }

    @Test
    void aNewerSchemaIsRefused() throws Exception {
        Path db = Path.of(freshDb());
        HistoryStore.open(db.toString(), true).close();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement s = c.createStatement()) {
            // what a later wirecost's migration 5 leaves in Flyway's history
            s.executeUpdate("INSERT INTO flyway_schema_history (installed_rank, version, description, type, script,"
                    + " checksum, installed_by, execution_time, success) VALUES (5, '5', 'later', 'SQL',"
                    + " 'V5__later.sql', 1, 'wirecost', 1, 1)");
            s.executeUpdate("CREATE TABLE later (x INTEGER)");
        }
        assertRefusedUnchanged(db, "its schema is version 5, newer than this wirecost's (4)");
    }

    @Test
    void anotherApplicationsDatabaseIsRefused() throws Exception {
        Path db = tmp.resolve("shop.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE customers (name TEXT)");
            s.executeUpdate("INSERT INTO customers VALUES ('ada')");
        }
        assertRefusedUnchanged(db, "not a wirecost history");
    }

    @Test
    void readingNeverCreatesADatabase() {
        Path db = tmp.resolve("none.sqlite");
        HistoryException e = assertThrows(HistoryException.class, () -> HistoryStore.open(db.toString(), false));
        assertTrue(e.getMessage().contains("no history database there"), e.getMessage());
        assertFalse(Files.exists(db));
    }

    @Test
    void reopeningMigratesNothingAndKeepsTheRuns() throws Exception {
        String db = freshDb();
        try (HistoryStore store = HistoryStore.open(db, true)) {
            store.add(synthetic("a", Instant.EPOCH, 10), null, null, null);
        }
        try (HistoryStore store = HistoryStore.open(db, false)) {
            assertTrue(store.contains("a"));
        }
    }

    /** A history written before the host's speed was stored: migrated on opening, its runs' speed unknown. */
    @Test
    void aHistoryOfTheFirstSchemaIsMigratedAndItsRunsHaveNoHostSpeed() throws Exception {
        Path db = Path.of(freshDb());
        org.flywaydb.core.Flyway.configure(HistoryStore.class.getClassLoader())
                .dataSource("jdbc:sqlite:" + db, null, null)
                .locations("classpath:io/wirecost/history/db")
                .target("1")
                .load()
                .migrate();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO runs (run_key, seq, run_id, kind, dir, measured_ms, added_ms, load_1m)"
                    + " VALUES ('old', 1, 'old', 'run', '/runs/old', 0, 0, 2.5)");
        }
        try (HistoryStore store = HistoryStore.open(db.toString(), false)) {
            RunFacts old = store.runs().get(0).facts();
            assertEquals(2.5, old.loadAverage());
            assertTrue(Double.isNaN(old.hostSpeedMbps()), "unknown: " + old.hostSpeedMbps());
            assertTrue(store.cleared().isEmpty(), "the table of cleared stretches made, empty");
            store.add(synthetic("new", Instant.EPOCH.plusSeconds(60), 10, 1180.5), null, null, null);
            assertEquals(1180.5, store.runs().get(1).facts().hostSpeedMbps());
        }
    }

    /** A server that is not there: the driver's reason, not Flyway's wrapper naming a user nobody gave. */
    @Test
    void aServerThatCannotBeReachedIsNamedWithTheDriversReason() {
        // port 1 on loopback: nothing listens there, so the connection is refused at once
        HistoryException e =
                assertThrows(HistoryException.class, () -> HistoryStore.open("jdbc:postgresql://127.0.0.1:1/x", false));
        assertEquals(
                "--db jdbc:postgresql://127.0.0.1:1/x: cannot connect: Connection to 127.0.0.1:1 refused. Check that the"
                        + " hostname and port are correct and that the postmaster is accepting TCP/IP connections.",
                e.getMessage());
    }
}
