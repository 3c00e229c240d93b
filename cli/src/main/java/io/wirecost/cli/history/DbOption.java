package io.wirecost.cli.history;

import io.wirecost.history.HistoryException;
import io.wirecost.history.HistoryStore;
import picocli.CommandLine.Option;

/** {@code --db}, shared by every history subcommand. */
final class DbOption {

    @Option(
            names = "--db",
            defaultValue = HistoryStore.DEFAULT_DB,
            paramLabel = "FILE|URL",
            description = "The history: a file for the embedded SQLite database, or jdbc:postgresql://HOST:PORT/DB"
                    + "?user=U&password=P (default: ${DEFAULT-VALUE}).")
    String db;

    /** Refuses a malformed or foreign {@code --db} before the command reads its runs. */
    void check() throws HistoryException {
        HistoryStore.checkBeforeReading(db);
    }

    /** {@code --db} as output names it: without a password. */
    String name() {
        return HistoryStore.displayName(db);
    }

    /** Opens the history; only {@code add} and {@code import} make a new embedded file. */
    HistoryStore open(boolean create) throws HistoryException {
        return HistoryStore.open(db, create);
    }
}
