package io.wirecost.attribution;

import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The OTLP resource a profile describes: {@code service.name}, {@code service.instance.id}, {@code host.name},
 * and for a live process {@code process.pid} and the runtime's name and version (semantic conventions'
 * names). The agent's Prometheus series carry the same service and instance as their {@code service} and
 * {@code instance} labels, so metrics and profiles of one JVM meet.
 *
 * @param attributes string or long values, in the order they are written
 */
public record OtlpResource(Map<String, Object> attributes) {

    public static final String SERVICE_NAME = "service.name";
    public static final String SERVICE_INSTANCE_ID = "service.instance.id";

    public OtlpResource {
        attributes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
    }

    /**
     * The service name: the option's value, else {@code OTEL_SERVICE_NAME}, else the spec's fallback
     * {@code unknown_service:java}.
     */
    public static String serviceName(String option, Map<String, String> env) {
        if (option != null && !option.isBlank()) return option;
        String fromEnv = env.get("OTEL_SERVICE_NAME");
        return fromEnv != null && !fromEnv.isBlank() ? fromEnv : "unknown_service:java";
    }

    /**
     * This JVM: a new instance id per process start, unless given (the spec wants it unique per instance of
     * the service, and stable for the process's life).
     */
    public static OtlpResource ofThisProcess(String serviceName, String instanceId) {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put(SERVICE_NAME, serviceName);
        a.put(
                SERVICE_INSTANCE_ID,
                instanceId != null ? instanceId : UUID.randomUUID().toString());
        a.put("host.name", hostName());
        a.put("process.pid", ProcessHandle.current().pid());
        a.put("process.runtime.name", System.getProperty("java.runtime.name", "java"));
        a.put("process.runtime.version", System.getProperty("java.runtime.version", ""));
        return new OtlpResource(a);
    }

    /**
     * A recording read offline: its process is gone, so no pid or runtime is claimed; the instance id is
     * derived from the file names unless given, so exporting the same files twice names the same instance.
     */
    public static OtlpResource ofRecordings(String serviceName, String instanceId, String fileNames) {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put(SERVICE_NAME, serviceName);
        a.put(
                SERVICE_INSTANCE_ID,
                instanceId != null
                        ? instanceId
                        : UUID.nameUUIDFromBytes(fileNames.getBytes(StandardCharsets.UTF_8))
                                .toString());
        a.put("host.name", hostName());
        return new OtlpResource(a);
    }

    public String serviceName() {
        return String.valueOf(attributes.get(SERVICE_NAME));
    }

    public String instanceId() {
        return String.valueOf(attributes.get(SERVICE_INSTANCE_ID));
    }

    static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            String env = System.getenv("HOSTNAME");
            return env != null ? env : "localhost";
        }
    }

    public Resource toProto() {
        Resource.Builder r = Resource.newBuilder();
        attributes.forEach((k, v) -> r.addAttributes(KeyValue.newBuilder()
                .setKey(k)
                .setValue(
                        v instanceof Long l
                                ? AnyValue.newBuilder().setIntValue(l)
                                : AnyValue.newBuilder().setStringValue(String.valueOf(v)))));
        return r.build();
    }
}
