package io.wirecost.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;
import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.CategoryCounts;
import io.wirecost.attribution.RuleParser;
import io.wirecost.attribution.RuleSet;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WindowSharesTest {

    private static final RuleSet RULES = RuleParser.parse("""
            category a group=middleware
            category b group=middleware
            category jit group=jvm
            fallback a
            """, "window.rules");

    /** A window that moves at every reading, as a live one does when a segment arrives: 10 more samples of b each time. */
    private static final class Moving {
        final AtomicInteger reads = new AtomicInteger();

        Attribution next() {
            int n = reads.incrementAndGet();
            CategoryCounts c = new CategoryCounts(RULES.categories());
            c.add(0, 20);
            c.add(1, 10 * n);
            c.add(2, 5);
            return c.toAttribution("moving");
        }
    }

    private static String scrape(PrometheusRegistry registry) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, registry.scrape());
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void shareAndItsIntervalComeFromOneReadingOfTheWindow() throws Exception {
        Moving window = new Moving();
        PrometheusRegistry registry = new PrometheusRegistry();
        registry.register(new WindowShares(window::next, Labels.of("role", "server")));
        String text = scrape(registry);
        assertEquals(1, window.reads.get(), "the window is read once per scrape");
        // first reading: a 20, b 10 of 30 middleware samples
        Map<String, Double> v = new HashMap<>();
        text.lines().filter(l -> !l.startsWith("#")).forEach(l -> {
            int sp = l.lastIndexOf(' ');
            v.put(l.substring(0, sp), Double.parseDouble(l.substring(sp + 1)));
        });
        String b = "{category=\"b\",group=\"middleware\",role=\"server\"}";
        assertEquals(10.0 / 30, v.get("wirecost_category_share_ratio" + b), 1e-12);
        // Wilson's 95 % interval for 10 of 30, by hand: centre (p + z^2/2n) / (1 + z^2/n), half-width
        // z sqrt(p(1-p)/n + z^2/4n^2) / (1 + z^2/n)
        double z = 1.959964, n = 30, p = 10 / n, d = 1 + z * z / n;
        double centre = (p + z * z / (2 * n)) / d, half = z * Math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d;
        assertEquals(centre - half, v.get("wirecost_category_share_ratio_ci_low" + b), 1e-6);
        assertEquals(centre + half, v.get("wirecost_category_share_ratio_ci_high" + b), 1e-6);
        for (String c : new String[] {"a", "b"}) {
            String k = "{category=\"" + c + "\",group=\"middleware\",role=\"server\"}";
            assertTrue(
                    v.get("wirecost_category_share_ratio_ci_low" + k) < v.get("wirecost_category_share_ratio" + k)
                            && v.get("wirecost_category_share_ratio" + k)
                                    < v.get("wirecost_category_share_ratio_ci_high" + k),
                    text);
        }
        scrape(registry);
        assertEquals(2, window.reads.get());
    }

    @Test
    void anEmptyWindowShowsNoShare() throws Exception {
        PrometheusRegistry registry = new PrometheusRegistry();
        registry.register(new WindowShares(
                () -> new CategoryCounts(RULES.categories()).toAttribution("empty"), Labels.of("role", "server")));
        String text = scrape(registry);
        assertFalse(text.contains("wirecost_category_share_ratio{"), text);
        assertFalse(text.contains("wirecost_category_share_ratio_ci_low{"), text);
    }
}
