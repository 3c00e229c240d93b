package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/** {@link SampleCapture} on hand-made chunks: what no recording here has (any method id), and what it lets go. */
class SampleCaptureTest {

    private static final long FAR = 1L << 60;

    /** A chunk of one stack whose frames are named by method id and frame type; it counts the frames asked. */
    private static final class View implements ChunkView {
        final Map<Integer, long[]> stacks =
                Map.of(1, new long[] {FAR, -7, FAR, Long.MIN_VALUE, 5}, 2, new long[] {-7, 5});
        final Map<Integer, byte[]> types =
                Map.of(1, new byte[] {1, 3, 3, 0, ChunkView.TYPE_UNKNOWN}, 2, new byte[] {3, ChunkView.TYPE_UNKNOWN});
        int framesAsked;

        @Override
        public long[] stackMethods(int stackTraceId) {
            return stacks.get(stackTraceId);
        }

        @Override
        public byte[] stackTypes(int stackTraceId) {
            return types.get(stackTraceId);
        }

        @Override
        public Frame frame(long methodId, byte frameType) {
            framesAsked++;
            return Frame.java("C" + methodId, "type" + frameType);
        }

        @Override
        public String threadName(int threadId) {
            return "thread-" + threadId;
        }

        @Override
        public long epochNanos(long ticks) {
            return 1000 + 2 * ticks;
        }

        @Override
        public LongUnaryOperator epochClock() {
            return ticks -> 1000 + 2 * ticks;
        }

        @Override
        public long recordingStartNanos() {
            return 1000;
        }
    }

    /** Each frame the kept stacks name, resolved by the capture as the chunk resolved it. */
    private static List<Frame> resolved(ChunkView chunk, int stackTraceId) {
        return chunk.frames(stackTraceId);
    }

    @Test
    void framesOfAnyMethodIdAreKeptByIdAndType() {
        View view = new View();
        SampleCapture capture = new SampleCapture(SampleCapture.Keeps.SUMS);
        capture.beginChunk(view);
        capture.sample(1, 0, 0, 1);
        capture.sample(2, 0, 0, 1);
        capture.sample(1, 0, 0, 1);
        capture.end();
        // FAR as a JIT-compiled and as a native frame are two frames; -7 and 5 are met twice, asked once
        assertEquals(5, view.framesAsked);
        assertEquals(5, capture.frames().size());
        List<List<Frame>> replayed = new ArrayList<>();
        capture.replay(new SummingSink() {
            ChunkView chunk;

            @Override
            public void beginChunk(ChunkView c) {
                chunk = c;
            }

            @Override
            public void samples(int stackTraceId, int threadId, long weight, long events, double weightSquares) {
                replayed.add(resolved(chunk, stackTraceId));
            }
        });
        replayed.sort(java.util.Comparator.comparingInt(List::size));
        assertEquals(List.of(resolved(view, 2), resolved(view, 1)), replayed);
    }

    /** A kept chunk holds what it kept, not the reader's view, once its chunk has ended: the reader's chunk is freed. */
    @Test
    void aChunkThatEndedIsLetGo() throws InterruptedException {
        for (boolean eachSample : List.of(false, true)) {
            SampleCapture capture =
                    new SampleCapture(eachSample ? SampleCapture.Keeps.EACH_SAMPLE : SampleCapture.Keeps.SUMS);
            View first = new View();
            WeakReference<View> ref = new WeakReference<>(first);
            capture.beginChunk(first);
            capture.sample(1, 3, 10, 1);
            first = null;
            capture.beginChunk(new View()); // the next chunk
            capture.sample(2, 4, 20, 1);
            for (int i = 0; i < 20 && ref.get() != null; i++) {
                System.gc();
                Thread.sleep(10);
            }
            assertNull(ref.get(), "each sample " + eachSample + ": the first chunk's view is still held");
            List<String> seen = new ArrayList<>();
            capture.replay(new SampleSink() {
                ChunkView chunk;

                @Override
                public void beginChunk(ChunkView c) {
                    chunk = c;
                }

                @Override
                public void sample(int stackTraceId, int threadId, long ticks, long weight) {
                    seen.add(chunk.threadName(threadId) + " at " + chunk.epochNanos(ticks));
                }

                @Override
                public void samples(int stackTraceId, int threadId, long weight, long events, double weightSquares) {
                    seen.add(chunk.threadName(threadId));
                }

                @Override
                public boolean needsEachSample() {
                    return eachSample;
                }
            });
            assertEquals(
                    eachSample ? List.of("thread-3 at 1020", "thread-4 at 1040") : List.of("thread-3", "thread-4"),
                    seen);
        }
    }
}
