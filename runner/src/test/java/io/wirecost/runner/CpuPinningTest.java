package io.wirecost.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

class CpuPinningTest {

    @Test
    void aCpuThisProcessMayNotUseIsRefusedNamingTheOptionAndTheChoices() {
        BitSet allowed = CpuPinning.allowedCpus();
        int outside = allowed.length() + 3;
        UsageException e = assertThrows(UsageException.class, () -> CpuPinning.check("--pin-cpu", outside));
        assertTrue(
                e.getMessage().startsWith("--pin-cpu must be one of the CPUs this process may use ("), e.getMessage());
        assertTrue(e.getMessage().endsWith("got " + outside), e.getMessage());
        assertThrows(UsageException.class, () -> CpuPinning.check("--pin-cpu", -1));
    }

    @Test
    void theAllowedCpusAreThoseOfThisProcessesAffinityMask() {
        BitSet allowed = CpuPinning.allowedCpus();
        assertTrue(
                allowed.cardinality() >= 1
                        && allowed.cardinality() <= Runtime.getRuntime().availableProcessors() * 2,
                allowed.toString());
        // the first allowed CPU passes (taskset is in util-linux, essential on Debian)
        CpuPinning.check("--pin-cpu", allowed.nextSetBit(0));
    }

    @Test
    void autoPinsToTheHighestAllowedCpuUnlessClientsRunConcurrently() {
        BitSet allowed = CpuPinning.allowedCpus();
        Integer auto = CpuPinning.choose("--pin-cpu", "auto", false);
        if (allowed.cardinality() >= 2) assertEquals(allowed.length() - 1, auto);
        else assertNull(auto, "one CPU: nothing to pin away from");
        assertNull(CpuPinning.choose("--pin-cpu", "auto", true));
        assertNull(CpuPinning.choose("--pin-cpu", "none", false));
        assertEquals(
                allowed.nextSetBit(0), CpuPinning.choose("--pin-cpu", String.valueOf(allowed.nextSetBit(0)), false));
        UsageException e = assertThrows(UsageException.class, () -> CpuPinning.choose("--pin-cpu", "first", false));
        assertEquals("--pin-cpu must be auto, none or a CPU number, got 'first'", e.getMessage());
    }
}
