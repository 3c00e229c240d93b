package io.wirecost.agent;

import io.wirecost.attribution.OtlpExport;
import io.wirecost.attribution.OtlpHttpSender;
import io.wirecost.attribution.OtlpResource;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleMode;
import io.wirecost.attribution.SampleSink;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Function;

/**
 * One segment's samples as one OTLP profile per mode (the sampled event, and allocations with also=alloc),
 * built by the CLI's own {@link OtlpExport} while the segment is read for the metrics, then handed to the
 * {@link OtlpShipper}. The resource is this JVM's, with one instance id for its whole life.
 */
final class OtlpSink {

    /** By service name: one agent names one service, so in a JVM this holds one resource for its whole life. */
    private static final Map<String, OtlpResource> RESOURCES = new java.util.concurrent.ConcurrentHashMap<>();

    private final OtlpExport export;
    private final String serviceName;

    OtlpSink(RuleSet rules, AgentOptions options, Function<String, String> artifactOf) {
        Map<SampleMode, Long> periods = new EnumMap<>(SampleMode.class);
        periods.put(SegmentReader.sampleMode(options), options.intervalNs());
        if (options.extras().contains("alloc")) periods.put(SampleMode.ALLOC, 0L);
        this.export = new OtlpExport(rules, periods, artifactOf);
        this.serviceName = AgentIdentity.serviceName(options);
    }

    SampleSink sink(SampleMode mode) {
        return export.sink(mode);
    }

    /** This JVM's resource, made once: the same service.instance.id in every profile it sends. */
    static OtlpResource resource(String serviceName) {
        return RESOURCES.computeIfAbsent(serviceName, n -> OtlpResource.ofThisProcess(n, null));
    }

    /**
     * Queues the segment's profile (nothing when it held no sample); never throws.
     *
     * @param producer the profiler that took the segment's samples, or empty
     */
    /** @param event async-profiler's sampling event, or empty (JFR's one sampler) */
    void ship(OtlpShipper shipper, String producer, String event) {
        try {
            if (!export.isEmpty()) shipper.offer(export.request(resource(serviceName), producer, event));
        } catch (RuntimeException | LinkageError e) {
            shipper.encodeFailed(e);
        }
    }

    static OtlpShipper shipper(OtlpOptions o, AgentThreads threads) {
        OtlpHttpSender http = new OtlpHttpSender(o.endpoint(), o.headers(), o.ca(), Duration.ofSeconds(10));
        return new OtlpShipper(http::send, o.queueBytes(), 1_000, threads);
    }
}
