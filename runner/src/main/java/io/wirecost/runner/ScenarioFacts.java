package io.wirecost.runner;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Map;

/**
 * results.json's {@code facts} of one scenario: what its passes found beside the figures, in the order they found it;
 * a part a pass did not reach (it failed first, or the method skips it) is null and left out of the file.
 *
 * <p>Three parts stay open maps, because another process says what they hold: {@code client} and {@code server}
 * (each JVM's own report: its system properties, jars, the scenario's info), {@code concurrency} (the client JVM's
 * figures per operation) and, for {@code attach} and {@code profile}, {@code jvm}: the facts of a JVM wirecost did not
 * start, written flat as those commands always wrote them.
 *
 * @param keys        the scenario's key material: where it was and whether it was kept
 * @param endpoint    how the client reached the server
 * @param cpuProcesses the processes whose CPU counts per call, where a proxy carries the calls
 * @param warmupCompiler where the JIT compiled during the warm-up
 * @param hostSpeedMbps the host's speed before and after the timed pass ({@link HostSpeed})
 * @param retimedCalls calls of the timings of the timed pass that were not kept, where the host's speed moved: the
 *                     scenario's {@code calls_succeeded} counts them, its figures do not
 * @param profiledBatches batches of the profiled pass; {@code profiledInvocations} calls each
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ScenarioFacts(
        Keys keys,
        Map<String, String> endpoint,
        List<String> cpuProcesses,
        Counts counts,
        WarmupCompiler warmupCompiler,
        ClassesLoaded timedPassClassesLoaded,
        Noise noise,
        Drift drift,
        HostSpeed hostSpeedMbps,
        Long retimedCalls,
        List<Map<String, Object>> concurrency,
        Integer profiledBatches,
        Integer profiledInvocations,
        Map<String, Object> client,
        Map<String, Object> server,
        @JsonIgnore Map<String, Object> jvm) {

    /** A scenario that found nothing (failed before its first pass), or a test's. */
    public static final ScenarioFacts NONE = builder().build();

    public ScenarioFacts {
        jvm = jvm == null ? Map.of() : jvm;
    }

    /** {@code attach} and {@code profile}: the facts of one JVM wirecost did not start. */
    public static ScenarioFacts ofJvm(Map<String, Object> jvm) {
        return builder().jvm(jvm).build();
    }

    /** The attached JVM's facts, flat beside the others (none for a scenario). */
    @JsonAnyGetter
    public Map<String, Object> flatJvm() {
        return jvm;
    }

    /** Where the scenario's keys were, and whether {@code --keep-keys} kept them. */
    public record Keys(String dir, boolean kept) {}

    public static Builder builder() {
        return new Builder();
    }

    /** The facts as the passes find them, one after another; a failure keeps what was found before it. */
    public static final class Builder {
        private Keys keys;
        private Map<String, String> endpoint;
        private List<String> cpuProcesses;
        private Counts counts;
        private WarmupCompiler warmupCompiler;
        private ClassesLoaded timedPassClassesLoaded;
        private Noise noise;
        private Drift drift;
        private HostSpeed hostSpeedMbps;
        private Long retimedCalls;
        private List<Map<String, Object>> concurrency;
        private Integer profiledBatches;
        private Integer profiledInvocations;
        private Map<String, Object> client;
        private Map<String, Object> server;
        private Map<String, Object> jvm;

        private Builder() {}

        public Builder keys(Keys v) {
            keys = v;
            return this;
        }

        public Builder endpoint(Map<String, String> v) {
            endpoint = v;
            return this;
        }

        public Builder cpuProcesses(List<String> v) {
            cpuProcesses = v;
            return this;
        }

        public Builder counts(Counts v) {
            counts = v;
            return this;
        }

        public Builder warmupCompiler(WarmupCompiler v) {
            warmupCompiler = v;
            return this;
        }

        public Builder timedPass(ClassesLoaded classesLoaded, Noise v, Drift d) {
            timedPassClassesLoaded = classesLoaded;
            noise = v;
            drift = d;
            return this;
        }

        public Builder hostSpeed(HostSpeed v, long callsNotKept) {
            hostSpeedMbps = v;
            retimedCalls = callsNotKept;
            return this;
        }

        public Builder concurrency(List<Map<String, Object>> v) {
            concurrency = v;
            return this;
        }

        public Builder profiledPass(int batches, int invocations) {
            profiledBatches = batches;
            profiledInvocations = invocations;
            return this;
        }

        public Builder jvms(Map<String, Object> clientInfo, Map<String, Object> serverInfo) {
            client = clientInfo;
            server = serverInfo;
            return this;
        }

        public Builder jvm(Map<String, Object> v) {
            jvm = v;
            return this;
        }

        public ScenarioFacts build() {
            return new ScenarioFacts(
                    keys,
                    endpoint,
                    cpuProcesses,
                    counts,
                    warmupCompiler,
                    timedPassClassesLoaded,
                    noise,
                    drift,
                    hostSpeedMbps,
                    retimedCalls,
                    concurrency,
                    profiledBatches,
                    profiledInvocations,
                    client,
                    server,
                    jvm);
        }
    }
}
