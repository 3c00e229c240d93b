package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class EndpointSinkTest {

    /** One chunk of a recording on the monotonic clock, whose thread 1 is the Java thread 7. */
    private static ChunkView chunk(String event) {
        return chunk(() -> event);
    }

    /** As {@link #chunk(String)}, with the event as the reader knows it at the time asked. */
    private static ChunkView chunk(java.util.function.Supplier<String> event) {
        return new ChunkView() {
            @Override
            public long[] stackMethods(int stackTraceId) {
                return new long[0];
            }

            @Override
            public byte[] stackTypes(int stackTraceId) {
                return new byte[0];
            }

            @Override
            public Frame frame(long methodId, byte frameType) {
                return null;
            }

            @Override
            public String threadName(int threadId) {
                return "worker-" + threadId;
            }

            @Override
            public long epochNanos(long ticks) {
                return ticks;
            }

            @Override
            public long recordingStartNanos() {
                return 0;
            }

            @Override
            public long javaThreadId(int threadId) {
                return threadId == 1 ? 7 : -1;
            }

            @Override
            public long ticksPerSecond() {
                return 1_000_000_000L;
            }

            @Override
            public long[] tickRange() {
                return new long[] {0, 10_000};
            }

            @Override
            public long sampleIntervalNanos() {
                return 10_000_000L;
            }

            @Override
            public String sampleEvent() {
                return event.get();
            }
        };
    }

    private static EndpointSink sink(String event) throws IOException {
        // two requests back to back on the Java thread 7, the second starting the nanosecond the first ends, then a gap
        byte[] bytes = RequestLogTest.log(
                Map.of(2, "GET /health", 3, "POST /orders"),
                new long[] {7, 100, 200, 2},
                new long[] {7, 201, 5000, 3},
                new long[] {7, 6000, 6100, 2});
        EndpointSink sink =
                new EndpointSink(RequestLog.read(new ByteArrayInputStream(bytes), "test"), RuleSet.defaults());
        sink.beginChunk(chunk(event));
        return sink;
    }

    /** Samples per endpoint id (-1: not attributed), whatever their category. */
    private static Map<Integer, Long> byEndpoint(EndpointSink sink) {
        Map<Integer, Long> out = new TreeMap<>();
        sink.samples().forEach((id, counts) -> out.put(id, Arrays.stream(counts).sum()));
        return out;
    }

    @Test
    void aSampleAtARequestsEdgeIsThatRequestsAndOneBesideItIsNot() throws IOException {
        EndpointSink sink = sink("cpu");
        sink.sample(0, 1, 100, 1); // the health request's first nanosecond
        sink.sample(0, 1, 200, 1); // its last
        sink.sample(0, 1, 201, 1); // the next request's first, on the same thread
        sink.sample(0, 1, 5000, 1); // its last
        sink.sample(0, 1, 5001, 1); // just after it: between requests
        sink.sample(0, 1, 99, 1); // just before the first
        sink.sample(0, 1, 6050, 1); // within the last health request
        sink.sample(0, 2, 150, 1); // another thread, while the health request ran: never that request's
        assertEquals(Map.of(-1, 3L, 2, 3L, 3, 2L), byEndpoint(sink));
        assertEquals(Map.of(2, 2L, 3, 1L), sink.requests());
    }

    @Test
    void namesTheBiasOfTheTimersTheKernelChecksAtItsTick() throws IOException {
        for (String event : new String[] {"itimer", "ctimer"}) {
            String note = sink(event).samplerBias();
            assertTrue(note != null && note.contains(event) && note.contains("event=cpu"), event + ": " + note);
        }
        assertNull(sink("cpu").samplerBias(), "perf events fire on the thread that used the CPU");
        assertNull(sink(null).samplerBias(), "a recording that does not say its event");
    }

    /** async-profiler's settings are events of the chunk: the reader knows the event by the first sample, not before. */
    @Test
    void takesTheEventTheChunkStatesAfterItBegan() throws IOException {
        String[] stated = {null};
        EndpointSink sink = new EndpointSink(
                RequestLog.read(
                        new ByteArrayInputStream(
                                RequestLogTest.log(Map.of(2, "GET /health"), new long[] {7, 100, 200, 2})),
                        "test"),
                RuleSet.defaults());
        sink.beginChunk(chunk(() -> stated[0]));
        stated[0] = "itimer";
        sink.sample(0, 1, 150, 1);
        assertEquals("itimer", sink.event());
        assertTrue(sink.samplerBias() != null && sink.samplerBias().contains("itimer"), sink.samplerBias());
    }

    /** An endpoint's whole cost in {@code cost}. */
    private static EndpointCost.Row all(EndpointCost cost, String endpoint) {
        return cost.rows(endpoint).stream()
                .filter(r -> r.category().equals(EndpointCost.ALL))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void allocationIsBytesPerRequestWithTheSpreadOfUnequalWeights() throws IOException {
        EndpointSink sink = sink("cpu");
        sink.sample(0, 1, 150, 1000); // the first health request: samples of 1000 and 3000 bytes in its two requests
        sink.sample(0, 1, 6050, 3000);
        sink.sample(0, 1, 300, 10_000); // the orders request
        sink.sample(0, 1, 5500, 500); // between requests
        EndpointCost bytes = EndpointCost.of(
                SampleMode.ALLOC, List.of(sink), RuleSet.defaults().categories());
        assertEquals("bytes", bytes.unit());
        EndpointCost.Row health = all(bytes, "GET /health");
        assertEquals(2, health.requests());
        assertEquals(2000, health.perRequest(), 1e-9);
        // a sum of unequal weights: 1.96 times the root of their squares' sum, not of their count
        double half = 1.959964 * Math.sqrt(1000.0 * 1000 + 3000.0 * 3000);
        assertEquals(0, health.ciLow(), 1e-9, "floored at none");
        assertEquals((4000 + half) / 2, health.ciHigh(), 1e-6);
        assertEquals(2, health.samples());
        EndpointCost.Row orders = all(bytes, "POST /orders");
        assertEquals(10_000, orders.perRequest(), 1e-9);
        assertEquals(10_000 + 1.959964 * 10_000, orders.ciHigh(), 1e-6);
        double[] apart = bytes.notAttributedPercent();
        assertEquals(100.0 * 500 / 14_500, apart[0], 1e-9, "a share of the bytes, not of the samples");
        assertTrue(apart[1] < apart[0] && apart[0] < apart[2], Arrays.toString(apart));
        EndpointCost.Row between = bytes.notAttributedRow();
        assertEquals(500.0 / 3, between.perRequest(), 1e-9, "per request of any endpoint");

        // CPU samples weigh one each, and stand for the sampling interval (10 ms)
        EndpointSink samples = sink("cpu");
        for (long ticks : new long[] {150, 6050, 300, 5500}) samples.sample(0, 1, ticks, 1);
        EndpointCost cpu = EndpointCost.of(
                SampleMode.CPU, List.of(samples), RuleSet.defaults().categories());
        assertEquals("µs", cpu.unit());
        assertEquals(2 * 10_000.0 / 2, all(cpu, "GET /health").perRequest(), 1e-9);
        assertEquals(100.0 / 4, cpu.notAttributedPercent()[0], 1e-9);
    }

    @Test
    void aCostPerRequestIsOfCpuOrAllocation() throws IOException {
        EndpointSink sink = sink("cpu");
        org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class,
                () -> EndpointCost.of(
                        SampleMode.WALL, List.of(sink), RuleSet.defaults().categories()));
    }
}
