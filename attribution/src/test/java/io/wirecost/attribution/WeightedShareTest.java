package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Shares of bytes and nanoseconds get intervals from the events' weights (a ratio estimator), not a
 * binomial interval over the summed weight, which would be as narrow as if every byte were a sample.
 */
class WeightedShareTest {

    private static final Category A = new Category("a", Category.Group.MIDDLEWARE, "", "A");
    private static final Category B = new Category("b", Category.Group.MIDDLEWARE, "", "B");
    private static final Category GC = new Category("gc", Category.Group.JVM, "", "GC");
    private static final List<Category> CATEGORIES = List.of(A, B, GC);

    @Test
    void unitWeightsKeepTheBinomialInterval() {
        CategoryCounts counts = new CategoryCounts(CATEGORIES);
        for (int i = 0; i < 30; i++) counts.add(0, 1, 1, 1);
        for (int i = 0; i < 70; i++) counts.add(1, 1, 1, 1);
        CategoryShare a = counts.toAttribution("test").share("a").orElseThrow();
        double[] wilson = CategoryShare.wilson(30, 100);
        assertEquals(100 * wilson[0], a.ciLow(), 1e-9);
        assertEquals(100 * wilson[1], a.ciHigh(), 1e-9);
    }

    @Test
    void equalWeightsGiveTheNormalBinomialWidth() {
        // 30 events of 1,000 bytes in a, 70 in b: the share is 30 % and its variance p(1-p)/n, in bytes as in events
        CategoryCounts counts = new CategoryCounts(CATEGORIES);
        counts.add(0, 30_000, 30, 30 * 1e6);
        counts.add(1, 70_000, 70, 70 * 1e6);
        CategoryShare a = counts.toAttribution("test").share("a").orElseThrow();
        double half = 1.959964 * Math.sqrt(0.3 * 0.7 / 100);
        assertEquals(30.0, a.percent(), 1e-9);
        assertEquals(100 * (0.3 - half), a.ciLow(), 1e-9);
        assertEquals(100 * (0.3 + half), a.ciHigh(), 1e-9);
    }

    @Test
    void aFewHeavyEventsWidenTheInterval() {
        // the same 30 % of bytes, but a's bytes come from 3 events of 10,000 instead of 30 of 1,000
        CategoryCounts many = new CategoryCounts(CATEGORIES);
        many.add(0, 30_000, 30, 30 * 1e6);
        many.add(1, 70_000, 70, 70 * 1e6);
        CategoryCounts few = new CategoryCounts(CATEGORIES);
        few.add(0, 30_000, 3, 3 * 1e8);
        few.add(1, 70_000, 70, 70 * 1e6);
        CategoryShare m = many.toAttribution("test").share("a").orElseThrow();
        CategoryShare f = few.toAttribution("test").share("a").orElseThrow();
        assertEquals(m.percent(), f.percent(), 1e-9);
        assertTrue(f.ciHigh() - f.ciLow() > 2 * (m.ciHigh() - m.ciLow()), f + " against " + m);
        assertTrue(f.ciLow() <= f.percent() && f.percent() <= f.ciHigh());
    }

    @Test
    void jvmSharesAreOfAllWeightAndMergeKeepsTheSums() {
        CategoryCounts client = new CategoryCounts(CATEGORIES);
        client.add(0, 6_000, 6, 6 * 1e6);
        CategoryCounts server = new CategoryCounts(CATEGORIES);
        server.add(1, 2_000, 2, 2 * 1e6);
        server.add(2, 2_000, 1, 4e6);
        Attribution at = client.merge(server).toAttribution("test");
        assertEquals(9, client.events(0) + client.events(1) + client.events(2));
        CategoryShare gc = at.share("gc").orElseThrow();
        assertEquals(20.0, gc.percent(), 1e-9);
        // p = 0.2 of 10,000 bytes; squares 4e6 in gc, 8e6 elsewhere: var = (4e6 * 0.64 + 8e6 * 0.04) / 1e8
        double half = 1.959964 * Math.sqrt((4e6 * 0.64 + 8e6 * 0.04) / 1e8);
        assertEquals(100 * Math.max(0, 0.2 - half), gc.ciLow(), 1e-9);
        assertEquals(100 * Math.min(1, 0.2 + half), gc.ciHigh(), 1e-9);
    }
}
