package io.wirecost.runner.batch;

import java.util.List;
import java.util.Optional;

/**
 * What seed 004 (section III-A, Figs. 7-9) observed for its web service against RMI objects, at its
 * three network configurations: localhost, a LAN with 2 ms ping time and a wireless link with 29 ms.
 * The paper's latencies are ping (round-trip) times; wirecost's {@code --latency} is the proxy's delay
 * per direction, so its 2ms and 29ms settings add about twice that to a round trip.
 *
 * @param crossover the batch size from which the web service was faster, as the paper states it
 * @param ratioAt5  web service time / RMI time at 5 files
 */
public record PaperBatch(long delayNanos, String configuration, String crossover, double ratioAt5, String quote) {

    private static final List<PaperBatch> ALL = List.of(
            new PaperBatch(
                    0,
                    "localhost",
                    "2-3",
                    0.5,
                    "between 2 and 3 files the web services performance exceeds that of the RMI implementation"),
            new PaperBatch(
                    2_000_000, "LAN, ping 2 ms", "about 1", 0.25, "approximately equivalent for retrieving one file"),
            new PaperBatch(
                    29_000_000,
                    "wireless, ping 29 ms",
                    "<1 (any n)",
                    0.125,
                    "the web service is faster retrieving any number of documents"));

    /**
     * What the paper says beside one document variant's fit at one delay: only for {@code ws-document} (the paper's
     * web service) at one of the paper's three delays, else nothing.
     */
    public static Optional<PaperBatch> beside(String documentVariant, long delayNanos) {
        if (!documentVariant.equals("ws-document")) return Optional.empty();
        return ALL.stream().filter(p -> p.delayNanos == delayNanos).findFirst();
    }
}
