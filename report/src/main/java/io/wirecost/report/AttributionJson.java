package io.wirecost.report;

import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.CategoryShare;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One attribution as the JSON of {@code attribute --format json} holds it, for all inputs and for each: the field
 * names and their order are what scripts read, apart from the table's layout, which may change.
 */
final class AttributionJson {

    private AttributionJson() {}

    static Map<String, Object> of(Attribution a) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("events", a.events());
        m.put("attribution", a.mode().name().toLowerCase(Locale.ROOT));
        m.put("total_samples", a.totalSamples());
        m.put("middleware_samples", a.middlewareSamples());
        List<Object> rows = new ArrayList<>();
        for (CategoryShare s : a.middleware()) rows.add(share(s));
        m.put("middleware_percent", rows);
        List<Object> jvm = new ArrayList<>();
        for (CategoryShare s : a.jvm()) jvm.add(share(s));
        m.put("jvm_percent_of_all", jvm);
        return m;
    }

    private static Map<String, Object> share(CategoryShare s) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("category", s.category().name());
        e.put("percent", s.percent());
        e.put("ci95_low", s.ciLow());
        e.put("ci95_high", s.ciHigh());
        e.put("samples", s.samples());
        e.put("low_confidence", s.lowConfidence());
        e.put("paper_row", s.category().paperRow());
        return e;
    }
}
