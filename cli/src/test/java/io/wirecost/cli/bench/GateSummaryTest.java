package io.wirecost.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The bench's rates count only diffs that gave a verdict, and the ones that did not are named with their reason. */
class GateSummaryTest {

    private static final String NOTHING_GATES =
            "no verdict: ws-literal: no line gates: its round trips and CPU per call were timed after a warm-up cut short";

    @Test
    void diffsWithoutAVerdictAreCountedAndTheirReasonsSaidOnce() {
        List<GateSummary.Comparison> done = List.of(
                new GateSummary.Comparison(1, "aa", 0, NOTHING_GATES, 1.0),
                new GateSummary.Comparison(1, "injected", 0, NOTHING_GATES, 1.0),
                new GateSummary.Comparison(2, "aa", 0, "", 1.0),
                new GateSummary.Comparison(2, "injected", 1, "", 1.0));
        assertEquals(
                "2 diffs gave no verdict (exit 0, counted as no alarm and no detection): " + NOTHING_GATES,
                GateSummary.withheldLine(done));
        assertEquals("", GateSummary.withheldLine(done.subList(2, 4)));
    }
}
