package io.wirecost.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TableTest {

    private static final String LONG_NOISE = "too noisy: round trips' CV 30 % > 20 %; measured while the host's speed"
            + " changed (host reference (AES-GCM, one core) 13 → 24 MB/s, the run's 19)";
    private static final String LONG_NOTE =
            "rmi-ssl round trips' CV 38 % > 20 %; rmi measured while the host's speed changed (13 → 14 MB/s)";

    private static final Table TABLE = new Table(
            "Round trips",
            List.of("operation", "rmi", "rmi-ssl", "note"),
            List.of(
                    List.of("a row label that is longer than any cell should be, kept as it is", "1.0", "2.0", ""),
                    List.of("noise", LONG_NOISE, "ok", LONG_NOTE),
                    List.of("noise again", "ok", LONG_NOISE, LONG_NOTE)),
            List.of("95 % intervals: Student t."));

    @Test
    void aLongCellIsANumberedNoteBelowTheRowsAndTheSameTextOneNote() {
        assertEquals(
                String.join(
                        "\n",
                        "Round trips",
                        "operation                                                                         rmi"
                                + "             rmi-ssl      note",
                        "-----------------------------------------------------------------  ------------------"
                                + "  ------------------  --------",
                        "a row label that is longer than any cell should be, kept as it is                 1.0"
                                + "                 2.0          ",
                        "noise                                                              too noisy (note 1)"
                                + "                  ok  (note 2)",
                        "noise again                                                                        ok"
                                + "  too noisy (note 1)  (note 2)",
                        "  note 1: " + LONG_NOISE,
                        "  note 2: " + LONG_NOTE,
                        "  95 % intervals: Student t.",
                        ""),
                TABLE.text());
    }

    @Test
    void cellsStayNarrowerThanTheLimitAndMarkdownKeepsThemInPlace() {
        for (String line : TABLE.text().lines().toList()) {
            if (line.startsWith("  ")) continue; // the notes: prose, which a terminal wraps
            assertTrue(line.length() <= 65 + 3 * (2 + Table.WIDEST_CELL), line);
        }
        assertTrue(TABLE.text().contains("too noisy (note 1)"), TABLE.text());
        assertEquals(1, TABLE.text().split("note 1: ", -1).length - 1, "one note for the same text: " + TABLE.text());
        assertTrue(
                TABLE.markdown().contains("| noise | " + LONG_NOISE + " | ok | " + LONG_NOTE + " |"), TABLE.markdown());
    }
}
