package io.wirecost.runner;

import io.wirecost.attribution.Attribution;
import io.wirecost.attribution.RecordingSummary;
import java.util.List;

/**
 * Shares of one role of a scenario: {@code client}, {@code server}, or {@code all} (every process's
 * samples added).
 */
public record RoleAttribution(String role, Attribution attribution, List<RecordingSummary> recordings) {
    public RoleAttribution {
        recordings = List.copyOf(recordings);
    }
}
