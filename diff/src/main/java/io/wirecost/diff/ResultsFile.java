package io.wirecost.diff;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code results.json}, the run format: written by {@code run}, {@code attach} and {@code profile} (report's
 * {@code ResultsJson}), read by {@code diff} and {@code history}. Both sides bind these records, so a field's name
 * and type cannot drift apart between them; the reader owns the format, as it owns {@link CpuCsv}'s header.
 *
 * <p>{@code run} is {@link Run}: the runner's {@code RunMetadata} as the file holds it (the reader must not link the
 * runner: the diff reads run directories from any machine), its field names in camelCase as since the first run.
 * The open maps a scenario reports about itself ({@code facts}, {@code noise}, {@code jmc_analysis}) and the factors
 * table stay JSON trees.
 *
 * <p>Versions: {@code format} names the kind of file and its version ({@code wirecost-results/1}), as since the
 * first run; {@code format_version} says the version as a number, counting incompatible changes (absent in files
 * written before it, whose format string says it). A reader refuses a newer version in one line, naming the file
 * and the version, rather than misreading it.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ResultsFile(
        String format,
        Integer formatVersion,
        Run run,
        List<Scenario> scenarios,
        List<Cpu> cpuPerCall,
        JsonNode factors,
        @JsonInclude(JsonInclude.Include.NON_NULL) EndpointSampler endpointSampler) {

    /** {@code run}, or a run of unknown fields where an older file has none. */
    public Run runOrUnknown() {
        return run == null ? Run.UNKNOWN : run;
    }

    /**
     * How the run measured, as {@code run}, {@code attach} and {@code profile} write it; every field null where an
     * older file lacks it. {@code settings} is null for {@code attach} and {@code profile}, which drive no calls.
     * {@code hostSpeedMbps}: the median of the host's speed probed beside the run's scenarios (the runner's
     * {@code HostSpeed}), null where none was probed.
     */
    public record Run(
            String id,
            String started,
            String host,
            String wirecostVersion,
            String javaHome,
            Integer javaFeatureVersion,
            Settings settings,
            Profiler profiler,
            List<String> scenarios,
            List<String> commandLine,
            String configuration,
            Map<String, String> mavenProperties,
            Integer repeat,
            Boolean interleaved,
            String network,
            String cpuAffinity,
            Map<String, List<String>> methodJvmOptions,
            @JsonInclude(JsonInclude.Include.NON_NULL) String cpuModel,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double hostSpeedMbps) {

        static final Run UNKNOWN = new Run(
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null);
    }

    /** The method and its counts: warm-up calls, then {@code reps} batches of {@code invocations} calls per operation. */
    public record Settings(
            Integer warmupCalls,
            Integer reps,
            Integer invocations,
            Integer instantiationReps,
            Integer stringLength,
            Boolean quick,
            Map<String, String> scenarioOptions,
            Integer sizeCalls,
            Boolean timeBudget,
            String method) {}

    /** Which engine sampled which event how often, and what it recorded beside CPU samples. */
    public record Profiler(String engine, String event, Long intervalNs, List<String> extras) {
        /**
         * The engine and, for async-profiler, its event: JFR's one sampler takes the samples whatever event a run
         * recorded beside it (runner's ProfilerSettings#sampler says a run's header the same way).
         */
        public String sampler() {
            return "jfr".equals(engine) || event == null ? engine : engine + " " + event;
        }
    }

    /**
     * The sampling event behind the run's endpoint figures (endpoints.csv, report.html's table) as its recordings name
     * it, and how that event leans them (the note of {@code attribute --by endpoint}; null for {@code cpu}). Absent
     * where the run has no endpoint figures and in files written before it: an optional field, read by older builds
     * as an unknown one, so the version stays.
     */
    public record EndpointSampler(String event, String note) {}

    /** The version this build writes and the newest it reads. */
    public static final int VERSION = 1;

    static final String PREFIX = "wirecost-results/";

    /** The kind of file and its version, as every version so far has named it. */
    public static final String FORMAT = PREFIX + VERSION;

    /** One repetition of one scenario. {@code companions} and {@code jmcAnalysis} are left out when absent. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Scenario(
            String scenario,
            Integer repetition,
            String paperColumn,
            String status,
            String error,
            Double durationSeconds,
            Long callsSucceeded,
            List<Rtt> rtt,
            List<Rtt> rttProfiledPass,
            List<Cpu> cpu,
            JsonNode noise,
            List<String> noiseFlags,
            Map<String, Shares> shares,
            @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Shares> companions,
            MessageSizes messageSizes,
            Map<String, String> profilers,
            Map<String, String> recordings,
            JsonNode facts,

            @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode jmcAnalysis) {

        public Scenario {
            rtt = orEmpty(rtt);
            rttProfiledPass = orEmpty(rttProfiledPass);
            cpu = orEmpty(cpu);
            noise = noise == null ? MissingNode.getInstance() : noise;
            shares = shares == null ? Map.of() : shares;
            recordings = recordings == null ? Map.of() : recordings;
            messageSizes = messageSizes == null ? new MessageSizes("", List.of()) : messageSizes;
            facts = facts == null ? MissingNode.getInstance() : facts;
        }

        public boolean ok() {
            return "ok".equals(status);
        }

        /**
         * Fewer warm-up calls per type than this, where no settle rule judged the warm-up (--quick's time budget, or
         * counts given on the command line), and the run flags the scenario "warm-up cut": its figures were timed
         * while the JIT was still compiling its stacks.
         */
        public static final int TOO_FEW_WARMUP_CALLS = 1000;

        /**
         * Whether the run flagged this scenario's warm-up as cut short ({@link #TOO_FEW_WARMUP_CALLS}): its CPU per
         * call and round trips hold how far the JIT got, which moves with the host's speed far more than the settled
         * cost does. False where the file does not say (runs of {@code attach} and {@code profile}).
         */
        public boolean warmupCut() {
            return warmupCutToCalls() >= 0;
        }

        /** The warm-up calls per type where the run cut the warm-up short ({@link #warmupCut}), else -1. */
        public long warmupCutToCalls() {
            JsonNode counts = facts.path("counts");
            JsonNode calls = counts.path("warmupCalls");
            boolean judged = counts.path("settled").isBoolean();
            return calls.isNumber() && warmupCut(judged, calls.asLong()) ? calls.asLong() : -1;
        }

        /**
         * The rule, for the run that flags a scenario as it writes the file and for whoever reads the file back:
         * {@code warmupCalls} per type under {@link #TOO_FEW_WARMUP_CALLS}, where no settle rule {@code judged} it.
         */
        public static boolean warmupCut(boolean judged, long warmupCalls) {
            return !judged && warmupCalls < TOO_FEW_WARMUP_CALLS;
        }

        /** 1 where the file does not say (runs before {@code --repeat}). */
        public int repetitionOrFirst() {
            return repetition == null ? 1 : repetition;
        }

        public Scenario withJmcAnalysis(JsonNode jmc) {
            return new Scenario(
                    scenario,
                    repetition,
                    paperColumn,
                    status,
                    error,
                    durationSeconds,
                    callsSucceeded,
                    rtt,
                    rttProfiledPass,
                    cpu,
                    noise,
                    noiseFlags,
                    shares,
                    companions,
                    messageSizes,
                    profilers,
                    recordings,
                    facts,
                    jmc);
        }
    }

    /**
     * Round trips of one operation; the interval's fields are null where none is known.
     *
     * @param cvPercent the coefficient of variation over the kept batches; beyond {@link #TOO_NOISY_CV_PERCENT} the
     *     run itself calls the round trip too noisy to support a comparison
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Rtt(
            String operation,
            Double meanMicros,
            Double stddevMicros,
            Double cvPercent,
            Long invocations,
            List<Double> keptMeasurementsMicros,
            Double ciLow,
            Double ciHigh,
            Double ciDf) {

        /** A round trip whose batches' CV exceeds this is flagged "too noisy" by the run that measured it. */
        public static final double TOO_NOISY_CV_PERCENT = 20;

        public Rtt {
            keptMeasurementsMicros = orEmpty(keptMeasurementsMicros);
        }
    }

    /**
     * CPU per call of one operation and role: in a scenario's {@code cpu}, one repetition's, with its kept measurements;
     * in {@code cpu_per_call}, over all repetitions as in cpu.csv, with its scenario and what its interval comes from.
     * {@code batch_micros} holds a repetition's every measurement in the order taken, extremes included, so that the
     * roles of one batch line up. A field that does not apply is left out.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Cpu(
            @JsonInclude(JsonInclude.Include.NON_NULL) String scenario,
            String operation,
            String role,
            Double cpuMicrosPerCall,
            Double ciLow,
            Double ciHigh,
            Double ciDf,
            Long invocations,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<Double> keptMeasurementsMicros,
            @JsonInclude(JsonInclude.Include.NON_NULL) String intervalFrom,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<Double> batchMicros) {}

    /**
     * One role's attribution (or a companion's: bytes for {@code alloc}, nanoseconds for {@code lock} in the
     * {@code *_samples} fields).
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Shares(
            String events,
            Long totalSamples,
            Long middlewareSamples,
            Double jvmInternalPercentOfAll,
            List<MiddlewareShare> middlewarePercent,
            List<Share> jvmPercentOfAll,
            List<Recording> recordings) {

        public Shares {
            middlewarePercent = orEmpty(middlewarePercent);
        }

        public long middlewareSamplesOrZero() {
            return middlewareSamples == null ? 0 : middlewareSamples;
        }
    }

    /** A middleware category's share, with the paper's Table 3 row it reproduces (paper_percent null where none). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record MiddlewareShare(
            String category,
            Double percent,
            Double ciLow,
            Double ciHigh,
            Long samples,
            String paperRow,
            String paperPercent) {

        public long samplesOrZero() {
            return samples == null ? 0 : samples;
        }
    }

    /** A JVM-internal category's share of all samples. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Share(String category, Double percent, Double ciLow, Double ciHigh, Long samples) {}

    /** A recording behind a role's shares. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Recording(
            String file,
            String producer,
            Map<String, Long> events,
            Integer chunks,
            List<String> warnings,
            @JsonInclude(JsonInclude.Include.NON_NULL) CpuContention cpuContention) {}

    /**
     * JFR execution samples only: whether the CPU was contended while they were taken, which biases their shares
     * (the engine's {@code CpuContention}); verdict {@code contended}, {@code not_contended} or {@code unknown} (no
     * {@code jdk.CPULoad} events: the figures are null), and the note the tables print.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record CpuContention(
            String verdict,
            Integer cpuLoadEvents,
            Double machineCpuMedianPercent,
            Double otherProcessesMedianPercent,
            Double largestGapPoints,
            List<ContendedThread> threads,
            String note) {}

    /** A thread's share of the samples and of CPU time among the compared threads. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ContendedThread(String thread, Long samples, Double samplesPercent, Double cpuTimePercent) {}

    /** Bytes per call, and how they were measured (or why not). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record MessageSizes(String method, List<Size> perCall) {
        public MessageSizes {
            perCall = orEmpty(perCall);
        }
    }

    /** One operation's bytes and packets per call, as the runner's capture measured them. */
    public record Size(
            String operation,
            Long calls,
            Double requestBytes,
            Double responseBytes,
            Double requestWireBytes,
            Double responseWireBytes,
            Double packetsPerCall) {

        public double totalBytes() {
            return (requestBytes == null ? 0 : requestBytes) + (responseBytes == null ? 0 : responseBytes);
        }
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }

    /** Fields a later build added are passed over, in every record: a file is read by older builds too. */
    static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** A file as written: indented, NaN as the string "NaN" (Jackson's default), which JSON parsers accept. */
    public String render() throws JsonProcessingException {
        return JSON.writeValueAsString(this);
    }

    /** A value as a tree, for the parts that stay open ({@code run}, {@code facts}). */
    public static JsonNode tree(Object value) {
        return JSON.valueToTree(value);
    }

    /**
     * Reads and checks a results file: a one-line {@link RunData.BadRunException} naming the file and the field for
     * anything but a wirecost results file of this version or an older one.
     */
    public static ResultsFile read(Path file) throws RunData.BadRunException {
        return ResultsFileReader.read(file);
    }
}
