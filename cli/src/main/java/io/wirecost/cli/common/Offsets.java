package io.wirecost.cli.common;

import io.wirecost.runner.UsageException;

/**
 * {@code --from} and {@code --to} in nanoseconds: offsets into a recording ({@code attribute}, {@code flame}) or
 * into each JVM's life ({@code profile}), from the start and to the end where not given, {@code --to} after
 * {@code --from}.
 */
public record Offsets(long fromNs, long toNs) {

    public static Offsets of(String from, String to) {
        long fromNs = from == null ? 0 : Durations.parseOffsetNanos("--from", from);
        long toNs = to == null ? Long.MAX_VALUE : Durations.parseOffsetNanos("--to", to);
        if (toNs <= fromNs) throw new UsageException("--to must be after --from");
        return new Offsets(fromNs, toNs);
    }
}
