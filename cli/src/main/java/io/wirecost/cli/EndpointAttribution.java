package io.wirecost.cli;

import io.wirecost.attribution.AttributionMode;
import io.wirecost.attribution.EndpointCost;
import io.wirecost.attribution.EndpointSink;
import io.wirecost.attribution.RecordingSummary;
import io.wirecost.attribution.RequestLog;
import io.wirecost.attribution.RuleSet;
import io.wirecost.attribution.SampleMode;
import io.wirecost.report.EndpointReport;
import io.wirecost.runner.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code attribute --by endpoint}: CPU per request by endpoint (with {@code --mode alloc}, bytes allocated per
 * request), each recording's samples joined with the request log the agent's {@code endpoints=on} wrote beside it.
 */
final class EndpointAttribution {

    private EndpointAttribution() {}

    /** Prints the table, or with {@code format} csv the rows; 0, or a one-line refusal of what cannot be divided. */
    static int print(
            InputOptions input, List<InputOptions.Input> inputs, RuleSet rules, AttributionMode mode, String format)
            throws Exception {
        if (mode != AttributionMode.SELF) throw new UsageException("--by endpoint takes --attribution self only");
        SampleMode sampled = input.sampleMode();
        if (sampled != SampleMode.CPU && sampled != SampleMode.ALLOC) {
            throw new UsageException("--by endpoint measures CPU or allocation per request: --mode cpu or alloc");
        }
        List<EndpointSink> sinks = new ArrayList<>();
        List<RecordingSummary> summaries = new ArrayList<>();
        for (InputOptions.Input in : inputs) {
            EndpointSink sink = new EndpointSink(requests(in.file()), rules);
            summaries.add(input.read(in, sink));
            if (sink.clockProblem() != null) throw new UsageException(in.file() + ": " + sink.clockProblem());
            sinks.add(sink);
        }
        input.requireSamples(summaries);
        EndpointCost cost;
        try {
            cost = EndpointCost.of(sampled, sinks, rules.categories());
        } catch (IllegalStateException e) {
            throw new UsageException(e.getMessage());
        }
        if (cost.requests() == 0) {
            throw new UsageException("no request ended while the recordings ran: nothing to divide the "
                    + (sampled == SampleMode.ALLOC ? "bytes" : "CPU") + " by");
        }
        AttributeCommand.notes(summaries);
        sinks.stream()
                .filter(s -> sampled == SampleMode.CPU)
                .map(EndpointSink::samplerBias)
                .filter(java.util.Objects::nonNull)
                .distinct()
                .forEach(n -> System.err.println("wirecost: note: " + n));
        EndpointReport report = new EndpointReport(cost);
        System.out.print(format.equals("csv") ? report.csv() : report.text());
        return 0;
    }

    private static RequestLog requests(Path recording) {
        Path log = RequestLog.beside(recording);
        if (!Files.isRegularFile(log)) {
            throw new UsageException(recording + ": no request log " + log.getFileName()
                    + " beside it; record with the agent's endpoints=on");
        }
        try {
            return RequestLog.read(log);
        } catch (IOException e) {
            throw new UsageException(log + ": " + e.getMessage());
        }
    }
}
