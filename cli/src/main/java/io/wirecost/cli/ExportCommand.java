package io.wirecost.cli;

import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import io.wirecost.attribution.ArtifactIndex;
import io.wirecost.attribution.OtlpExport;
import io.wirecost.attribution.OtlpJson;
import io.wirecost.attribution.OtlpResource;
import io.wirecost.attribution.RecordedSampling;
import io.wirecost.attribution.RecordingSummary;
import io.wirecost.attribution.Recordings;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleCapture;
import io.wirecost.attribution.SampleMode;
import io.wirecost.cli.common.Choice;
import io.wirecost.cli.common.OutputDirectory;
import io.wirecost.runner.AtomicFiles;
import io.wirecost.runner.UsageException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code wirecost export}: recordings as OTLP profiles whose samples carry their category, written to a file
 * or sent to an OpenTelemetry Collector.
 *
 * <pre>
 * ./wirecost export runs/latest --otlp out.pb
 * ./wirecost export app.jfr --mode cpu,alloc --otlp out.json --format json --service-name checkout
 * ./wirecost export app.jfr --otlp-endpoint http://collector:4318 --header "Authorization=Bearer $TOKEN"
 * </pre>
 */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description = "Export recordings as OTLP profiles (each sample with its category) to a file or a Collector.")
final class ExportCommand implements Callable<Integer> {

    @Mixin
    InputOptions input;

    @Option(names = "--otlp", paramLabel = "FILE", description = "Write the ExportProfilesServiceRequest to FILE.")
    Path otlp;

    @Option(
            names = "--format",
            defaultValue = "binary",
            description = "binary (protobuf) or json (OTLP/JSON) for --otlp (default: ${DEFAULT-VALUE}).")
    String format;

    @Mixin
    OtlpSendOptions send;

    @Option(
            names = "--service-name",
            description = "The resource's service.name (default: OTEL_SERVICE_NAME, else unknown_service:java).")
    String serviceName;

    @Option(
            names = "--instance-id",
            description = "The resource's service.instance.id (default: derived from the input file names).")
    String instanceId;

    @Option(
            names = "--period",
            paramLabel = "DURATION",
            description = "Sampling interval of cpu and wall samples, written as the profiles' period (e.g. 10ms); "
                    + "default: the recordings' own CPU sampling interval where every one says the same.")
    String period;

    @Override
    public Integer call() throws Exception {
        Choice.among("--format", format, "binary", "json");
        if (otlp == null && !send.sending())
            throw new UsageException("export needs --otlp FILE or --otlp-endpoint URL");
        if (otlp != null) OutputDirectory.create("--otlp", otlp.toAbsolutePath().getParent());
        send.validate();
        List<InputOptions.Input> inputs = input.resolve();
        RuleSet rules = input.ruleSet(inputs, SampleCapture.Keeps.EACH_SAMPLE); // OTLP samples carry their times
        long periodNanos = period == null ? 0 : io.wirecost.cli.common.Durations.parseOffsetNanos("--period", period);
        List<RecordedSampling> sampled =
                inputs.stream().map(ExportCommand::sampling).toList();
        long recorded = period == null ? alike(sampled, RecordedSampling::intervalNanos, 0L) : 0;
        Map<SampleMode, Long> periods = new LinkedHashMap<>();
        for (SampleMode m : input.sampleModes())
            periods.put(m, m == SampleMode.CPU && period == null ? recorded : periodNanos);
        OtlpExport export = new OtlpExport(rules, periods, artifacts(inputs));
        Map<SampleMode, List<RecordingSummary>> summaries = new LinkedHashMap<>();
        for (InputOptions.Input in : inputs)
            input.readModes(in, export::sink, () -> export.read(in.file(), input::filtered))
                    .forEach((m, s) ->
                            summaries.computeIfAbsent(m, k -> new ArrayList<>()).add(s));
        input.requireSamples(summaries);
        String files = inputs.stream().map(i -> i.file().toString()).collect(Collectors.joining("\n"));
        ExportProfilesServiceRequest request = export.request(
                OtlpResource.ofRecordings(OtlpResource.serviceName(serviceName, System.getenv()), instanceId, files),
                OtlpExport.producer(
                        summaries.values().stream().flatMap(List::stream).toList()),
                alike(sampled, r -> r.event() == null ? "" : r.event(), ""));
        if (otlp != null) {
            if (format.equals("json")) {
                AtomicFiles.write(otlp, os -> os.write(OtlpJson.print(request).getBytes(StandardCharsets.UTF_8)));
            } else {
                AtomicFiles.write(otlp, request::writeTo);
            }
            System.err.println("wirecost: wrote " + otlp + " (" + Files.size(otlp) + " bytes)");
        }
        if (send.sending()) System.err.println("wirecost: " + send.send(request));
        return 0;
    }

    /** How a recording says it was sampled; unknown for an OTLP or collapsed input, which says it its own way. */
    private static RecordedSampling sampling(InputOptions.Input in) {
        return Recordings.isJfr(in.file()) && !Recordings.isOtlp(in.file())
                ? RecordedSampling.of(in.file())
                : RecordedSampling.UNKNOWN;
    }

    /**
     * What every input says alike ({@code none} where they differ or one says nothing): the exported profile
     * then compares with its recordings as taken alike.
     */
    private static <T> T alike(
            List<RecordedSampling> sampled, java.util.function.Function<RecordedSampling, T> what, T none) {
        java.util.Set<T> values = new java.util.HashSet<>();
        for (RecordedSampling r : sampled) values.add(what.apply(r));
        return values.size() == 1 ? values.iterator().next() : none;
    }

    /** The artifact of each leaf frame where every input has the agent's .artifacts file beside it; else none. */
    private java.util.function.Function<String, String> artifacts(List<InputOptions.Input> inputs) {
        boolean everyOne = inputs.stream().allMatch(in -> Files.isRegularFile(ArtifactIndex.fileBeside(in.file())));
        return everyOne ? input.artifacts(inputs)::artifactOf : null;
    }
}
