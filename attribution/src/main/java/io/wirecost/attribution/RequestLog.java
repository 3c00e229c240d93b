package io.wirecost.attribution;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The requests the agent saw while it recorded ({@code endpoints=on}), in a file beside the recording
 * ({@code app.jfr} → {@code app.requests}): for each request its Java thread, its start and end in
 * {@link System#nanoTime()} and its endpoint (a route template). The reader owns the format; the agent's
 * writer uses its constants. Binary, big-endian ({@link java.io.DataOutputStream}):
 *
 * <pre>
 * int MAGIC, int VERSION, then records:
 *   byte ENDPOINT, int id, UTF name                         (before the first request of that id)
 *   byte REQUESTS, int n, n × (long thread, long start, long end, int id)
 *   byte SEGMENTS, int n, n × (long thread, long start, long end, int id)   (version 2)
 * </pre>
 *
 * A segment is a callback of a request that runs in several (a gRPC call's start, messages, half-close): its
 * samples are the endpoint's, but it counts no request; the callback every call ends with is the request.
 *
 * A file cut short (the JVM killed while writing) is read up to its last whole record.
 */
public final class RequestLog {

    public static final int MAGIC = 0x57435251; // "WCRQ"
    public static final int VERSION = 2;
    public static final byte ENDPOINT = 1;
    public static final byte REQUESTS = 2;
    public static final byte SEGMENTS = 3;
    public static final String SUFFIX = ".requests";

    private final Map<Integer, String> endpoints;
    /** Per Java thread: starts, ends and endpoint ids sorted by start (a thread's requests do not overlap). */
    private final Map<Long, Intervals> threads;

    private RequestLog(Map<Integer, String> endpoints, Map<Long, Intervals> threads) {
        this.endpoints = endpoints;
        this.threads = threads;
    }

    /** {@code app.jfr} → {@code app.requests}, beside it. */
    public static Path beside(Path recording) {
        String name = recording.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return recording.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + SUFFIX);
    }

    public static RequestLog read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, file.toString());
        }
    }

    static RequestLog read(InputStream raw, String name) throws IOException {
        DataInputStream in = new DataInputStream(new BufferedInputStream(raw, 1 << 16));
        if (in.readInt() != MAGIC) throw new IOException(name + " is not a wirecost request log");
        int version = in.readInt();
        if (version < 1 || version > VERSION)
            throw new IOException(name + ": request log version " + version + ", expected 1 to " + VERSION);
        Map<Integer, String> endpoints = new TreeMap<>();
        Map<Long, Builder> byThread = new HashMap<>();
        try {
            while (true) {
                int type = in.read();
                if (type < 0) break;
                if (type == ENDPOINT) {
                    int id = in.readInt();
                    endpoints.put(id, in.readUTF());
                } else if (type == REQUESTS || (type == SEGMENTS && version >= 2)) {
                    boolean counted = type == REQUESTS;
                    int n = in.readInt();
                    for (int i = 0; i < n; i++) {
                        long thread = in.readLong();
                        long start = in.readLong();
                        long end = in.readLong();
                        int id = in.readInt();
                        byThread.computeIfAbsent(thread, t -> new Builder()).add(start, end, id, counted);
                    }
                } else {
                    throw new IOException(name + ": unknown record type " + type);
                }
            }
        } catch (EOFException e) {
            // cut short: keep what was whole
        }
        Map<Long, Intervals> threads = new HashMap<>();
        byThread.forEach((t, b) -> threads.put(t, b.build()));
        return new RequestLog(endpoints, threads);
    }

    /** Endpoint names by id. */
    public Map<Integer, String> endpoints() {
        return endpoints;
    }

    /** The endpoint id of the request running on this Java thread at this time, or -1 when none ran. */
    public int endpointAt(long javaThread, long nanoTime) {
        Intervals t = threads.get(javaThread);
        return t == null ? -1 : t.at(nanoTime);
    }

    /** Requests per endpoint id that ended within [from, to] (nanoTime). */
    public Map<Integer, Long> requestsEnding(long from, long to) {
        Map<Integer, Long> out = new TreeMap<>();
        for (Intervals t : threads.values()) {
            for (int i = 0; i < t.ends.length; i++) {
                if (t.counted[i] && t.ends[i] >= from && t.ends[i] <= to) out.merge(t.ids[i], 1L, Long::sum);
            }
        }
        return out;
    }

    /** Every request's end time and endpoint id, in end order: for counts per time window. */
    public List<long[]> requests() {
        List<long[]> out = new ArrayList<>();
        for (Intervals t : threads.values()) {
            for (int i = 0; i < t.ends.length; i++) if (t.counted[i]) out.add(new long[] {t.ends[i], t.ids[i]});
        }
        out.sort((a, b) -> Long.compare(a[0], b[0]));
        return out;
    }

    private record Intervals(long[] starts, long[] ends, int[] ids, boolean[] counted) {
        int at(long time) {
            int i = Arrays.binarySearch(starts, time);
            if (i < 0) i = -i - 2; // the last request that started before
            return i >= 0 && time <= ends[i] ? ids[i] : -1;
        }
    }

    private static final class Builder {
        long[] starts = new long[16];
        long[] ends = new long[16];
        int[] ids = new int[16];
        boolean[] counted = new boolean[16];
        int n;
        boolean sorted = true;

        void add(long start, long end, int id, boolean request) {
            if (n == starts.length) {
                starts = Arrays.copyOf(starts, n * 2);
                ends = Arrays.copyOf(ends, n * 2);
                ids = Arrays.copyOf(ids, n * 2);
                counted = Arrays.copyOf(counted, n * 2);
            }
            counted[n] = request;
            if (n > 0 && start < starts[n - 1]) sorted = false;
            starts[n] = start;
            ends[n] = end;
            ids[n++] = id;
        }

        Intervals build() {
            if (sorted)
                return new Intervals(
                        Arrays.copyOf(starts, n),
                        Arrays.copyOf(ends, n),
                        Arrays.copyOf(ids, n),
                        Arrays.copyOf(counted, n));
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) order[i] = i;
            Arrays.sort(order, (a, b) -> Long.compare(starts[a], starts[b]));
            long[] s = new long[n];
            long[] e = new long[n];
            int[] d = new int[n];
            boolean[] c = new boolean[n];
            for (int i = 0; i < n; i++) {
                s[i] = starts[order[i]];
                e[i] = ends[order[i]];
                d[i] = ids[order[i]];
                c[i] = counted[order[i]];
            }
            return new Intervals(s, e, d, c);
        }
    }
}
