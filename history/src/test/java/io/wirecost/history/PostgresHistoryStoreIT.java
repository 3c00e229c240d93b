package io.wirecost.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The history in a real PostgreSQL server that the test starts: the contract, and a newer schema refused. */
class PostgresHistoryStoreIT extends HistoryStoreContract {

    private static PostgresServer pg;

    @BeforeAll
    static void start() throws Exception {
        pg = PostgresServer.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (pg != null) pg.close();
    }

    @Override
    String freshDb() throws Exception {
        return pg.freshDatabase();
    }

    @Test
    void aNewerSchemaIsRefusedAndNothingWritten() throws Exception {
        String db = freshDb();
        try (HistoryStore store = HistoryStore.open(db, true)) {
            store.add(synthetic("a", Instant.EPOCH, 10), null, null, null);
        }
        try (Connection c = DriverManager.getConnection(db);
                Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO flyway_schema_history (installed_rank, version, description, type, script,"
                    + " checksum, installed_by, execution_time, success) VALUES (5, '5', 'later', 'SQL',"
                    + " 'V5__later.sql', 1, 'wirecost', 1, true)");
        }
        HistoryException e = assertThrows(HistoryException.class, () -> HistoryStore.open(db, true));
        assertTrue(e.getMessage().contains("its schema is version 5, newer than this wirecost's (4)"), e.getMessage());
        try (Connection c = DriverManager.getConnection(db);
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT COUNT(*) FROM runs")) {
            r.next();
            assertEquals(1, r.getInt(1), "the stored run is still there");
        }
    }

    @Test
    void aPasswordInTheUrlIsNotPrinted() {
        HistoryException e = assertThrows(
                HistoryException.class, () -> HistoryStore.open(pg.url("nosuchdb") + "&password=s3cret", true));
        assertTrue(e.getMessage().contains("password=***") && !e.getMessage().contains("s3cret"), e.getMessage());
    }

    /** A database the server does not have: its own words, one line, the password still hidden. */
    @Test
    void aMissingDatabaseIsNamedInTheServersWords() {
        HistoryException e = assertThrows(
                HistoryException.class, () -> HistoryStore.open(pg.url("nosuchdb") + "&password=s3cret", true));
        // the server's line (FATAL: database "nosuchdb" does not exist) is in the server's message language
        assertTrue(
                e.getMessage().contains(": cannot connect: FATAL: ")
                        && e.getMessage().contains("nosuchdb"),
                e.getMessage());
        assertFalse(e.getMessage().contains("Unable to obtain connection"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
}
