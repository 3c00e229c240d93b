package io.wirecost.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.CategoryCounts;
import io.wirecost.attribution.RuleParser;
import io.wirecost.attribution.RuleSet;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LiveCountsTest {

    private static final RuleSet RULES = RuleParser.parse("""
            category a group=middleware
            category b group=middleware
            category jit group=jvm
            fallback a
            """, "test.rules");
    private static final long SECOND = 1_000_000_000L;

    @Test
    void totalsGrowForeverWhileTheWindowForgetsOldSegments() {
        AtomicLong now = new AtomicLong(0);
        LiveCounts live = new LiveCounts(RULES.categories(), 30 * SECOND, now::get);

        now.set(10 * SECOND);
        live.add(segment(90, 10, 0)); // a-heavy
        now.set(20 * SECOND);
        live.add(segment(10, 90, 0)); // b-heavy
        Attribution both = live.window();
        assertEquals(50.0, both.percent("a"), 1e-9);
        assertEquals(50.0, both.percent("b"), 1e-9);

        now.set(40 * SECOND); // the first segment ended 30 s ago: out of the window
        Attribution recent = live.window();
        assertEquals(10.0, recent.percent("a"), 1e-9);
        assertEquals(90.0, recent.percent("b"), 1e-9);
        assertEquals(100, live.total(0), "totals keep everything");
        assertEquals(100, live.total(1));

        now.set(60 * SECOND);
        assertEquals(0, live.window().totalSamples(), "an idle window is empty");
    }

    @Test
    void jvmSamplesAreAShareOfAllSamplesAndStayOutOfMiddlewareShares() {
        LiveCounts live = new LiveCounts(RULES.categories(), 30 * SECOND, () -> 0L);
        live.add(segment(30, 10, 60));
        Attribution a = live.window();
        assertEquals(75.0, a.percent("a"), 1e-9);
        assertEquals(60.0, a.percent("jit"), 1e-9);
    }

    private static CategoryCounts segment(long a, long b, long jit) {
        CategoryCounts c = new CategoryCounts(RULES.categories());
        c.add(0, a);
        c.add(1, b);
        c.add(2, jit);
        return c;
    }
}
