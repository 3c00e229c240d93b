package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Counting and freezing: middleware shares are of middleware samples, JVM shares of all samples. */
class AttributionTest {

    private static final Category A = new Category("a", Category.Group.MIDDLEWARE, "", "A");
    private static final Category B = new Category("b", Category.Group.MIDDLEWARE, "", "B");
    private static final Category JIT = new Category("jit", Category.Group.JVM, "", "JIT");
    private static final Category GC = new Category("gc", Category.Group.JVM, "", "GC");
    private static final List<Category> CATEGORIES = List.of(A, B, JIT, GC);

    @Test
    void mergeAddsCountsPerCategory() {
        CategoryCounts client = new CategoryCounts(CATEGORIES);
        client.add(0, 3);
        client.add(2, 1);
        client.add(0, 2);
        CategoryCounts server = new CategoryCounts(CATEGORIES);
        server.add(0, 10);
        server.add(1, 7);
        server.add(3, 4);

        CategoryCounts merged = client.merge(server);

        assertSame(client, merged, "merge accumulates into the receiver");
        assertEquals(15, merged.samples(0));
        assertEquals(7, merged.samples(1));
        assertEquals(1, merged.samples(2));
        assertEquals(4, merged.samples(3));
        // the argument is left alone: per-process counts stay reportable after the merge
        assertEquals(10, server.samples(0));
        assertEquals(0, server.samples(2));
    }

    @Test
    void mergeRefusesCountsOfAnotherRuleSet() {
        CategoryCounts counts = new CategoryCounts(CATEGORIES);
        CategoryCounts other = new CategoryCounts(List.of(A, B));
        assertThrows(IllegalArgumentException.class, () -> counts.merge(other));
    }

    @Test
    void handBuiltExample() {
        // a=3, b=1 middleware; jit=4 JVM-internal: 8 samples, 4 of them middleware
        CategoryCounts counts = new CategoryCounts(CATEGORIES);
        counts.add(0, 3);
        counts.add(1, 1);
        counts.add(2, 4);

        Attribution at = counts.toAttribution("jdk.ExecutionSample (test)");

        assertEquals(8, at.totalSamples());
        assertEquals(4, at.middlewareSamples());
        assertEquals("jdk.ExecutionSample (test)", at.events());
        assertEquals(75.0, at.percent("a"), 1e-12, "3 of 4 middleware samples");
        assertEquals(25.0, at.percent("b"), 1e-12);
        assertEquals(50.0, at.percent("jit"), 1e-12, "JVM shares are of all samples: 4 of 8");
        assertEquals(0.0, at.percent("gc"), 1e-12);
        assertEquals(50.0, at.jvmPercent(), 1e-12);
        assertEquals(0.0, at.percent("no-such-category"));
        assertTrue(at.share("no-such-category").isEmpty());
        // groups stay apart and keep the rule set's order
        assertEquals(
                List.of(A, B),
                at.middleware().stream().map(CategoryShare::category).toList());
        assertEquals(
                List.of(JIT, GC), at.jvm().stream().map(CategoryShare::category).toList());
        assertEquals(3, at.share("a").orElseThrow().samples());
    }

    @Test
    void jvmPercentWithUnevenCounts() {
        CategoryCounts counts = new CategoryCounts(CATEGORIES);
        counts.add(0, 13);
        counts.add(1, 17);
        counts.add(2, 6);
        counts.add(3, 4);
        Attribution at = counts.toAttribution("x");
        assertEquals(25.0, at.jvmPercent(), 1e-12, "(6 + 4) of 40");
        assertEquals(100.0 * 13 / 30, at.percent("a"), 1e-12);
        assertEquals(100.0 * 17 / 30, at.percent("b"), 1e-12);
        assertEquals(15.0, at.percent("jit"), 1e-12);
        assertEquals(10.0, at.percent("gc"), 1e-12);
    }

    @Test
    void rejectsMiddlewareSharesNotSummingTo100() {
        List<CategoryShare> shares = List.of(new CategoryShare(A, 6, 60.0, 0, 0), new CategoryShare(B, 3, 30.0, 0, 0));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new Attribution(shares, List.of(), 9, 9, "x"));
        assertTrue(e.getMessage().contains("90.0"), e.getMessage());
    }

    @Test
    void acceptsSharesSummingTo100WithinRounding() {
        List<CategoryShare> shares =
                List.of(new CategoryShare(A, 1, 100.0 / 3, 0, 0), new CategoryShare(B, 2, 200.0 / 3, 0, 0));
        Attribution at = new Attribution(shares, List.of(), 3, 3, "x");
        assertEquals(
                100.0,
                at.middleware().stream().mapToDouble(CategoryShare::percent).sum(),
                1e-9);
    }

    @Test
    void noSamplesAtAllIsAnEmptyAttributionNotAnError() {
        Attribution at = new CategoryCounts(CATEGORIES).toAttribution("x");
        assertEquals(0, at.totalSamples());
        assertEquals(0.0, at.jvmPercent());
        assertEquals(0.0, at.percent("a"));
        assertEquals(0.0, at.percent("jit"));
    }

    @Test
    void onlyJvmSamplesGiveZeroMiddlewareSharesAnd100PercentJvm() {
        CategoryCounts counts = new CategoryCounts(CATEGORIES);
        counts.add(3, 5);
        Attribution at = counts.toAttribution("x");
        assertEquals(0, at.middlewareSamples());
        assertEquals(100.0, at.jvmPercent(), 1e-12);
        assertEquals(0.0, at.percent("a"));
        assertEquals(100.0, at.percent("gc"), 1e-12);
    }
}
