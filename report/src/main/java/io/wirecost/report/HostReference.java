package io.wirecost.report;

import io.wirecost.runner.HostSpeed;
import io.wirecost.runner.ScenarioResult;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The host's speed over a run ({@link HostSpeed}, probed beside each scenario) as the header, the tables' notes and
 * results.json say it: the run's first and last probe, and the median that {@code history add} stores.
 */
final class HostReference {

    private HostReference() {}

    private static List<HostSpeed> speeds(List<ScenarioResult> results) {
        return results.stream()
                .map(r -> r.facts().hostSpeedMbps())
                .filter(Objects::nonNull)
                .toList();
    }

    /** The run's host reference, MB/s: the median of every probe; empty where nothing was probed. */
    static OptionalDouble median(List<ScenarioResult> results) {
        double m = HostSpeed.runMedian(speeds(results));
        return Double.isFinite(m) ? OptionalDouble.of(m) : OptionalDouble.empty();
    }

    /** {@code 1180 → 1170 MB/s (median 1175)}: the run's first probe, its last, and the median. */
    static Optional<String> span(List<ScenarioResult> results) {
        List<HostSpeed> s = speeds(results);
        if (s.isEmpty()) return Optional.empty();
        return Optional.of(String.format(
                Locale.ROOT,
                "%.0f → %.0f MB/s (median %.0f)",
                s.get(0).before(),
                s.get(s.size() - 1).after(),
                HostSpeed.runMedian(s)));
    }

    /** The tables' note on the host's speed; empty where nothing was probed (attach, profile, older runs). */
    static Optional<String> note(List<ScenarioResult> results) {
        return span(results)
                .map(span -> "Host reference (AES-GCM, one core, probed by the runner before and after each scenario's "
                        + "timed pass): "
                        + span
                        + ". A slower host raises every CPU per call alike while the load and steal stay as they "
                        + String.format(
                                Locale.ROOT,
                                "were; a scenario whose probes moved by more than %.0f %% (or away from the run's "
                                        + "reference) was timed again, and is flagged where no timing's probes agreed.",
                                HostSpeed.MOVED_PERCENT));
    }
}
