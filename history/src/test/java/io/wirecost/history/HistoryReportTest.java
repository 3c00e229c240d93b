package io.wirecost.history;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The page's change-point list; the charts and a list with rows are checked in a browser (HistoryReportIT). */
class HistoryReportTest {

    /** A history without change points says so, rather than a table header over no rows. */
    @Test
    void noChangePointIsSaidInWords() {
        String page = HistoryReport.render(
                "h.sqlite", Map.of(), HostScaling.apply(Map.of(), HostScaling.Mode.MEDIAN), List.of(), Map.of());
        assertTrue(page.contains("<p id=\"changes\">No change point in any metric at these settings.</p>"), page);
        assertFalse(page.contains("<table"), page);
        assertTrue(page.endsWith("</body></html>\n"), page);
    }

    /** The page is a CI artifact others read: a password in --db, either way a URL can hold it, is not on it. */
    @Test
    void aPasswordInTheDatabasesUrlIsNotOnThePage() {
        for (String db : List.of(
                "jdbc:postgresql://ci-db:5432/history?user=ci&password=s3cret&ssl=true",
                "jdbc:postgresql://ci:s3cret@ci-db:5432/history")) {
            String page = HistoryReport.render(
                    db, Map.of(), HostScaling.apply(Map.of(), HostScaling.Mode.MEDIAN), List.of(), Map.of());
            assertFalse(page.contains("s3cret"), page);
            assertTrue(page.contains("ci-db:5432/history"), page);
        }
    }
}
