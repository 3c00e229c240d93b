package io.wirecost.cli.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.wirecost.runner.UsageException;
import org.junit.jupiter.api.Test;

/** The one duration syntax of every option: 500ms, 40s, 2m, 1h. */
class DurationsTest {

    @Test
    void everyUnitParses() {
        assertEquals(500_000_000L, Durations.parseNanos("--interval", "500ms"));
        assertEquals(40_000_000_000L, Durations.parseNanos("--budget", "40s"));
        assertEquals(120_000_000_000L, Durations.parseNanos("--budget", "2m"));
        assertEquals(3_600_000_000_000L, Durations.parseNanos("--budget", "1h"));
        assertEquals(500_000L, Durations.parseNanos("--interval", "500us"));
        assertEquals(
                10_000_000L,
                Durations.parseNanos("--interval", "10000000"),
                "a bare number is nanoseconds, as the agent's");
        assertEquals(0L, Durations.parseOffsetNanos("--from", "0s"));
    }

    @Test
    void aMalformedDurationIsOneLineNamingTheOptionAndTheSyntax() {
        UsageException e = assertThrows(UsageException.class, () -> Durations.parseNanos("--budget", "40 parsecs"));
        assertEquals("--budget must be a duration like 500ms, 40s, 2m or 1h, got '40 parsecs'", e.getMessage());
        assertThrows(UsageException.class, () -> Durations.parseNanos("--budget", "0s"), "an interval is positive");
        assertThrows(UsageException.class, () -> Durations.parseNanos("--budget", "99999999999h"), "overflow");
    }
}
