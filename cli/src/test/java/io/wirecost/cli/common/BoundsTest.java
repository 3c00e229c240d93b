package io.wirecost.cli.common;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.wirecost.runner.UsageException;
import org.junit.jupiter.api.Test;

/** The range checks of numeric options: the bounds are inclusive, and every refusal is one line in one wording. */
class BoundsTest {

    @Test
    void theBoundsThemselvesAreAccepted() {
        assertDoesNotThrow(() -> Bounds.atLeast("--repeat", 1, 1));
        assertDoesNotThrow(() -> Bounds.within("--clients", 1, 1, 500));
        assertDoesNotThrow(() -> Bounds.within("--clients", 500, 1, 500));
        assertDoesNotThrow(() -> Bounds.notNegative("--warmup", 0));
        assertDoesNotThrow(() -> Bounds.notNegative("--threshold", 0.0));
    }

    @Test
    void aValueOutsideIsNamedWithTheOptionAndTheRange() {
        assertEquals(
                "--repeat must be at least 1, got 0",
                assertThrows(UsageException.class, () -> Bounds.atLeast("--repeat", 0, 1))
                        .getMessage());
        assertEquals(
                "--clients must be 1 to 500, got 501",
                assertThrows(UsageException.class, () -> Bounds.within("--clients", 501, 1, 500))
                        .getMessage());
        assertEquals(
                "--warmup must not be negative, got -1",
                assertThrows(UsageException.class, () -> Bounds.notNegative("--warmup", -1))
                        .getMessage());
        assertEquals(
                "--threshold must not be negative, got -0.5",
                assertThrows(UsageException.class, () -> Bounds.notNegative("--threshold", -0.5))
                        .getMessage());
    }

    @Test
    void notANumberIsRefused() {
        assertThrows(UsageException.class, () -> Bounds.notNegative("--min-magnitude", Double.NaN));
    }
}
