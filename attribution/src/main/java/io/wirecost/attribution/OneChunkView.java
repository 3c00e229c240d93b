package io.wirecost.attribution;

/**
 * The view of a recording of one chunk (the agent's segments): its own ids need no translation into
 * recording-wide ones, so stacks are decoded and frames resolved only as far as the sinks ask, as a
 * classifier stops at the first frame a rule claims.
 */
final class OneChunkView implements ChunkView {

    private final ChunkIds chunk;
    private final RecordingIds ids;
    private int lastStackId;
    private ChunkIds.Stack last;

    OneChunkView(ChunkIds chunk, RecordingIds ids) {
        this.chunk = chunk;
        this.ids = ids;
    }

    /** Sinks ask for a stack's methods, then its types: the last stack decoded is kept. */
    private ChunkIds.Stack stack(int stackTraceId) {
        if (last == null || stackTraceId != lastStackId) {
            last = chunk.decode(stackTraceId);
            lastStackId = stackTraceId;
        }
        return last;
    }

    @Override
    public long[] stackMethods(int stackTraceId) {
        return stack(stackTraceId).methods();
    }

    @Override
    public byte[] stackTypes(int stackTraceId) {
        return stack(stackTraceId).types();
    }

    @Override
    public Frame frame(long methodId, byte frameType) {
        return chunk.frameOf(methodId, frameType);
    }

    @Override
    public String threadName(int threadId) {
        return chunk.threadName(threadId);
    }

    @Override
    public long epochNanos(long ticks) {
        return ids.epochNanos(ticks);
    }

    @Override
    public java.util.function.LongUnaryOperator epochClock() {
        return ids.epochClock();
    }

    @Override
    public long recordingStartNanos() {
        return ids.recordingStartNanos();
    }
}
