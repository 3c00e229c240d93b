package io.wirecost.cli.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.wirecost.runner.UsageException;
import org.junit.jupiter.api.Test;

/** --from and --to: absent means from the start and to the end; --to must come after --from. */
class OffsetsTest {

    @Test
    void absentOffsetsAreTheWholeRecording() {
        assertEquals(new Offsets(0, Long.MAX_VALUE), Offsets.of(null, null));
        assertEquals(new Offsets(10_000_000_000L, Long.MAX_VALUE), Offsets.of("10s", null));
        assertEquals(new Offsets(0, 500_000_000L), Offsets.of(null, "500ms"));
    }

    @Test
    void toMustComeAfterFrom() {
        assertEquals(
                "--to must be after --from",
                assertThrows(UsageException.class, () -> Offsets.of("5s", "1s")).getMessage());
        assertThrows(UsageException.class, () -> Offsets.of("1s", "1s"), "an empty window");
        assertThrows(UsageException.class, () -> Offsets.of(null, "0s"), "nothing before the start");
    }
}
