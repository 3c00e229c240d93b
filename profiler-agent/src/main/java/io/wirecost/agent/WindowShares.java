package io.wirecost.agent;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.CategoryLabels;
import io.wirecost.attribution.CategoryShare;
import java.util.List;
import java.util.function.Supplier;

/**
 * The sliding window's shares with their 95 % intervals (Wilson, over the window's samples), as three gauges made
 * from one reading of the window. Registered as three callbacks, each would read the window on its own, and a
 * segment arriving between them would pair a share with the interval of another window. The interval matters most
 * where the window is thin: a quiet service's window holds few samples, and its shares then move by chance.
 */
final class WindowShares implements MultiCollector {

    static final String SHARE = "wirecost_category_share_ratio";
    static final String LOW = SHARE + "_ci_low";
    static final String HIGH = SHARE + "_ci_high";

    private final Supplier<Attribution> window;
    private final Labels constant;

    WindowShares(Supplier<Attribution> window, Labels constant) {
        this.window = window;
        this.constant = constant;
    }

    @Override
    public MetricSnapshots collect() {
        GaugeSnapshot.Builder share = GaugeSnapshot.builder()
                .name(SHARE)
                .help("Share of each category over the sliding window: middleware categories of middleware samples "
                        + "(they sum to 1), jvm categories of all samples; absent while the window holds no sample");
        GaugeSnapshot.Builder low = GaugeSnapshot.builder()
                .name(LOW)
                .help("95 % interval bound of " + SHARE + " (Wilson, over the window's samples)");
        GaugeSnapshot.Builder high = GaugeSnapshot.builder()
                .name(HIGH)
                .help("95 % interval bound of " + SHARE + " (Wilson, over the window's samples)");
        Attribution a = window.get();
        if (a.totalSamples() > 0) {
            add(a.middleware(), share, low, high);
            add(a.jvm(), share, low, high);
        }
        return new MetricSnapshots(share.build(), low.build(), high.build());
    }

    private void add(
            List<CategoryShare> shares,
            GaugeSnapshot.Builder share,
            GaugeSnapshot.Builder low,
            GaugeSnapshot.Builder high) {
        for (CategoryShare s : shares) {
            Labels labels = Labels.of(CategoryLabels.names(), CategoryLabels.values(s.category()))
                    .merge(constant);
            share.dataPoint(point(s.percent(), labels));
            low.dataPoint(point(s.ciLow(), labels));
            high.dataPoint(point(s.ciHigh(), labels));
        }
    }

    private static GaugeDataPointSnapshot point(double percent, Labels labels) {
        return GaugeDataPointSnapshot.builder()
                .value(percent / 100)
                .labels(labels)
                .build();
    }

    @Override
    public List<String> getPrometheusNames() {
        return List.of(SHARE, LOW, HIGH);
    }
}
