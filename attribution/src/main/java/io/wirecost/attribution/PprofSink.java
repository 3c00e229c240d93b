package io.wirecost.attribution;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import one.proto.Proto;

/**
 * Writes a pprof profile ({@code profile.proto}, gzipped) for Go's pprof, Grafana Pyroscope and
 * similar tools. async-profiler's converter writes pprof only straight from a JFR file, without our
 * category and thread filters, so the message is assembled here with its {@link Proto} encoder.
 * Field numbers are those of github.com/google/pprof/proto/profile.proto.
 */
public final class PprofSink implements SampleSink {

    private final Map<String, Integer> strings = new LinkedHashMap<>();
    private final Map<String, Integer> functions = new HashMap<>(); // frame name -> function id = location id
    private final Map<List<Integer>, Long> samples = new HashMap<>();
    private final Map<Integer, List<Integer>> stackLocations = new HashMap<>();

    private ChunkView chunk;

    public PprofSink() {
        string(""); // string_table[0] must be empty
    }

    @Override
    public void beginChunk(ChunkView chunk) {
        this.chunk = chunk;
        stackLocations.clear();
    }

    @Override
    public void sample(int stackTraceId, int threadId, long ticks, long weight) {
        List<Integer> locations = stackLocations.computeIfAbsent(stackTraceId, id -> {
            List<Integer> l = new ArrayList<>();
            long[] methods = chunk.stackMethods(id);
            byte[] types = chunk.stackTypes(id);
            for (int i = 0; i < methods.length; i++) // leaf first, as pprof wants
            l.add(function(chunk.frame(methods[i], ChunkView.typeAt(types, i)).toString()));
            return l;
        });
        samples.merge(locations, weight, Long::sum);
    }

    private int string(String s) {
        return strings.computeIfAbsent(s, k -> strings.size());
    }

    private int function(String name) {
        return functions.computeIfAbsent(name, n -> functions.size() + 1);
    }

    public void write(OutputStream out, String sampleType, String unit) throws IOException {
        Proto profile = new Proto(1 << 16);
        profile.field(1, new Proto(16).field(1, string(sampleType)).field(2, string(unit)));
        for (Map.Entry<List<Integer>, Long> s : samples.entrySet()) {
            Proto sample = new Proto(64);
            for (int loc : s.getKey()) sample.field(1, (long) loc);
            sample.field(2, s.getValue());
            profile.field(2, sample);
        }
        for (Map.Entry<String, Integer> f : functions.entrySet()) {
            // one location per function; Line{function_id}
            profile.field(4, new Proto(16).field(1, (long) f.getValue()).field(4, new Proto(8).field(1, (long)
                                    f.getValue())));
        }
        for (Map.Entry<String, Integer> f : functions.entrySet()) {
            int name = string(f.getKey());
            profile.field(
                    5,
                    new Proto(16)
                            .field(1, (long) f.getValue())
                            .field(2, (long) name)
                            .field(3, (long) name));
        }
        for (String s : strings.keySet()) profile.field(6, s);
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(profile.buffer(), 0, profile.size());
        }
    }
}
