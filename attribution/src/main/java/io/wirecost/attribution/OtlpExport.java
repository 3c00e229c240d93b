package io.wirecost.attribution;

import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.InstrumentationScope;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.profiles.v1development.ResourceProfiles;
import io.opentelemetry.proto.profiles.v1development.ScopeProfiles;
import java.nio.file.Path;
import java.util.Collection;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Recordings to one OTLP {@code ExportProfilesServiceRequest}: one profile per sample mode, all sharing one
 * dictionary, under one resource and the {@code wirecost} instrumentation scope. The CLI's {@code export}
 * and the agent's windows both go through here.
 *
 * <pre>
 * OtlpExport export = new OtlpExport(rules, Map.of(SampleMode.CPU, 10_000_000L), null);
 * export.read(Path.of("app.jfr"));
 * ExportProfilesServiceRequest request = export.request(OtlpResource.ofThisProcess("checkout", null));
 * </pre>
 */
public final class OtlpExport {

    public static final String SCOPE_NAME = "wirecost";

    /**
     * The scope attribute naming the profiler that took the samples ({@link RecordingSummary#producer}), where one
     * did: a profile file says only that it is OTLP, and diff compares a recording with a profile exported from one
     * by the profiler behind each, not by their formats.
     */
    public static final String PRODUCER_ATTRIBUTE = "wirecost.profiler";

    /**
     * The scope attribute naming async-profiler's sampling event ({@code itimer}, {@code cpu}, ...) where it is known:
     * a recording sampled by a timer and one by perf events are taken differently, and so are their exports.
     */
    public static final String EVENT_ATTRIBUTE = "wirecost.profiler.event";

    private final OtlpDictionary dictionary = new OtlpDictionary();
    private final Map<SampleMode, OtlpProfileSink> sinks = new EnumMap<>(SampleMode.class);

    /**
     * @param periods    the modes to export, each with its sampling interval in nanoseconds (0: unknown)
     * @param artifactOf the artifact of a class, or null where none is known
     */
    public OtlpExport(RuleSet rules, Map<SampleMode, Long> periods, Function<String, String> artifactOf) {
        periods.forEach(
                (mode, period) -> sinks.put(mode, new OtlpProfileSink(dictionary, rules, mode, period, artifactOf)));
    }

    /** Reads every mode of one recording in one pass; filter wraps each mode's sink (threads, a time window). */
    public Map<SampleMode, RecordingSummary> read(Path file, java.util.function.UnaryOperator<SampleSink> filter)
            throws RecordingException {
        Map<SampleMode, SampleSink> wrapped = new EnumMap<>(SampleMode.class);
        sinks.forEach((m, s) -> wrapped.put(m, filter.apply(s)));
        return Recordings.readEach(file, wrapped);
    }

    public Map<SampleMode, RecordingSummary> read(Path file) throws RecordingException {
        return read(file, java.util.function.UnaryOperator.identity());
    }

    /** The sink of one mode, for a caller that reads its own way (the agent's segments). */
    public SampleSink sink(SampleMode mode) {
        return sinks.get(mode);
    }

    public boolean isEmpty() {
        return sinks.values().stream().allMatch(OtlpProfileSink::isEmpty);
    }

    public ExportProfilesServiceRequest request(OtlpResource resource) {
        return request(resource, "");
    }

    /** @param producer the profiler that took every sample ({@link RecordingSummary#producer}), or empty */
    public ExportProfilesServiceRequest request(OtlpResource resource, String producer) {
        return request(resource, producer, "");
    }

    /**
     * @param producer the profiler that took every sample ({@link RecordingSummary#producer}), or empty
     * @param event    async-profiler's sampling event behind every sample, or empty
     */
    public ExportProfilesServiceRequest request(OtlpResource resource, String producer, String event) {
        InstrumentationScope.Builder named =
                InstrumentationScope.newBuilder().setName(SCOPE_NAME).setVersion(version());
        if (!producer.isEmpty()) named.addAttributes(attribute(PRODUCER_ATTRIBUTE, producer));
        if (!event.isEmpty()) named.addAttributes(attribute(EVENT_ATTRIBUTE, event));
        ScopeProfiles.Builder scope = ScopeProfiles.newBuilder().setScope(named);
        for (OtlpProfileSink s : sinks.values()) if (!s.isEmpty()) scope.addProfiles(s.build());
        // the profiles' indices are final once built: the dictionary is taken last
        return ExportProfilesServiceRequest.newBuilder()
                .addResourceProfiles(ResourceProfiles.newBuilder()
                        .setResource(resource.toProto())
                        .addScopeProfiles(scope))
                .setDictionary(dictionary.build())
                .build();
    }

    /**
     * The profiler that took every sample of these readings, for {@link #request(OtlpResource, String)}; empty where
     * two profilers took them or none is known (an OTLP input names only its scope).
     */
    public static String producer(Collection<RecordingSummary> readings) {
        Set<String> producers = new TreeSet<>();
        for (RecordingSummary r : readings) producers.add(r.producer());
        String one = producers.size() == 1 ? producers.iterator().next() : "";
        return one.startsWith("otlp") ? "" : one;
    }

    private static KeyValue attribute(String key, String value) {
        return KeyValue.newBuilder()
                .setKey(key)
                .setValue(AnyValue.newBuilder().setStringValue(value))
                .build();
    }

    static String version() {
        String v = OtlpExport.class.getPackage().getImplementationVersion();
        return v != null ? v : "dev";
    }
}
