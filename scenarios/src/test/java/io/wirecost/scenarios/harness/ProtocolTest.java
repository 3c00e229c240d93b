package io.wirecost.scenarios.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The runner's lines parse back to the records it sent; replies survive the trip through JSON with the field names the runs always had. */
class ProtocolTest {

    @Test
    void everyRequestParsesBackFromItsLine() {
        List<Protocol.Request<?>> all = List.of(
                new Protocol.Connect(),
                new Protocol.Warmup(300),
                new Protocol.Measure(12, 1000, "int"),
                new Protocol.Measure(1, 100, null),
                new Protocol.Instantiation(20),
                new Protocol.Sizes(200),
                new Protocol.Concurrent(4, 50, 1000, "data2-4"),
                new Protocol.ProfileStart("/tmp/run/recordings/rmi-server.jfr"),
                new Protocol.ProfileStartLive(),
                new Protocol.ProfilesSent(),
                new Protocol.ProfileStop(),
                new Protocol.Cpu(),
                new Protocol.Classes(),
                new Protocol.Samples(),
                new Protocol.Info());
        for (Protocol.Request<?> r : all) assertEquals(r, Protocol.parse(r.line()), r.line());
    }

    @Test
    void aRecordingPathKeepsItsSpaces() {
        Protocol.ProfileStart r = new Protocol.ProfileStart("/home/me/My runs/rmi server.jfr");
        assertEquals(r, Protocol.parse(r.line()));
    }

    @Test
    void malformedArgumentsNameTheCommandAndWordsOfDriversAreNotTheProtocols() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Protocol.parse("measure x 100"));
        assertTrue(e.getMessage().startsWith("measure: argument 1 must be an integer"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Protocol.parse("warmup"));
        assertTrue(e.getMessage().startsWith("warmup needs 1 argument"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Protocol.parse("profile-start"));
        assertNull(Protocol.parse("latency 10")); // scenarios-batch's own command
    }

    @Test
    void repliesKeepTheirFieldNamesOnTheWire() {
        ObjectMapper json = new ObjectMapper();
        Map<String, long[]> batches = new LinkedHashMap<>();
        batches.put("int", new long[] {123_000L, 125_000L});
        Protocol.Measured sent = new Protocol.Measured(
                batches, Map.of("int", new long[] {90_000L, -1L}), Map.of("int", new long[] {0L, 5L}), 1000, 4711);
        @SuppressWarnings("unchecked")
        Map<String, Object> wire = json.convertValue(sent, LinkedHashMap.class);
        assertEquals(
                List.of("batchNanos", "batchCpuNanos", "batchWaitNanos", "invocationsPerBatch", "calls"),
                List.copyOf(wire.keySet()));
        wire.put("ok", true); // as CommandLoop sends it
        Protocol.Measured read = json.copy()
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .convertValue(wire, Protocol.Measured.class);
        assertArrayEquals(new long[] {123_000L, 125_000L}, read.batchNanos().get("int"));
        assertArrayEquals(new long[] {90_000L, -1L}, read.batchCpuNanos().get("int"));
        assertEquals(1000, read.invocationsPerBatch());
        assertEquals(4711, read.calls());

        Protocol.SizeWindows windows = new Protocol.SizeWindows(
                List.of(new Protocol.SizeWindow("int", 200, 1_700_000_000_000_000L)), 1_700_000_000_500_000L, 9);
        assertEquals(windows, json.convertValue(json.convertValue(windows, Map.class), Protocol.SizeWindows.class));
        assertEquals(
                Map.of("cpuNanos", 5L, "waitNanos", -1L),
                Map.copyOf(json.convertValue(
                        new Protocol.CpuReading(5, -1),
                        new com.fasterxml.jackson.core.type.TypeReference<Map<String, Long>>() {})));
    }
}
