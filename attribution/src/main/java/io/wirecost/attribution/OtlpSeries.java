package io.wirecost.attribution;

import io.opentelemetry.proto.profiles.v1development.Sample;
import java.util.Arrays;

/**
 * One OTLP sample's identity (stack, attribute set) and its observations, for {@link OtlpProfileSink}. It stands
 * alone because it holds the one decision of how observations become a {@code Sample}'s values and timestamps (as the
 * spec allows them), apart from the sink's classifying and dictionary building.
 */
final class OtlpSeries {
    final int stack;
    final int attributes;
    long[] values = new long[4];
    long[] times = new long[4];
    int n;
    boolean allTimed = true;
    boolean allOnes = true;

    OtlpSeries(int stack, int attributes) {
        this.stack = stack;
        this.attributes = attributes;
    }

    void add(long value, long time) {
        if (n == values.length) {
            values = Arrays.copyOf(values, n * 2);
            times = Arrays.copyOf(times, n * 2);
        }
        values[n] = value;
        times[n++] = time;
        allTimed &= time > 0;
        allOnes &= value == 1;
    }

    /**
     * Timed: one value per event (none where every event weighs 1: timestamps alone mean 1 each). Untimed
     * counts: one sum, that many events of weight 1. Untimed bytes or nanoseconds: one value per event.
     */
    Sample build(int[] attributeIndices, boolean countUnit) {
        Sample.Builder b = Sample.newBuilder().setStackIndex(stack);
        for (int a : attributeIndices) b.addAttributeIndices(a);
        if (allTimed) {
            for (int i = 0; i < n; i++) b.addTimestampsUnixNano(times[i]);
            if (!allOnes) for (int i = 0; i < n; i++) b.addValues(values[i]);
        } else if (countUnit) {
            long sum = 0;
            for (int i = 0; i < n; i++) sum += values[i];
            b.addValues(sum);
        } else {
            for (int i = 0; i < n; i++) b.addValues(values[i]);
        }
        return b.build();
    }
}
