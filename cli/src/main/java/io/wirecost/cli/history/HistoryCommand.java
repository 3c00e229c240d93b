package io.wirecost.cli.history;

import io.wirecost.cli.CommandGroup;
import picocli.CommandLine.Command;

/** {@code wirecost history}: every run in a database, and change points over each figure's history. */
@Command(
        name = "history",
        mixinStandardHelpOptions = true,
        description = "Store runs in a database (embedded SQLite file, or PostgreSQL) and find change points over "
                + "their history (E-divisive means, as Apache Otava).",
        subcommands = {
            HistoryAdd.class,
            HistoryImport.class,
            HistoryList.class,
            HistoryShow.class,
            HistoryCheck.class,
            HistoryClear.class,
            HistoryCoverage.class,
            HistoryReportCommand.class,
            HistoryAa.class
        })
public final class HistoryCommand extends CommandGroup {}
