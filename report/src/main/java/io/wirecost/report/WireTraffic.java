package io.wirecost.report;

import io.wirecost.report.paper.PaperTable;
import io.wirecost.runner.MessageSize;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Seed 001's Tables 1 and 2 today: bytes and packets per 10,000 invocations by technology and payload
 * (wire-traffic-gray2005.csv), from the sizes the runner measures. Bytes are IP packets both ways
 * (TCP/IP headers included, as Ethereal counted them); packets are TCP segments, ACKs included.
 */
public final class WireTraffic {

    /** Seed 001's technologies and the scenarios that stand for them today. */
    static final Map<String, String> TECHNOLOGY =
            Map.of("corba", "CORBA", "rmi", "RMI-JRMP", "http-to-port", "RMI-HTTP", "ws-encoded", "JAXRPC");

    private WireTraffic() {}

    public static Table table(List<ScenarioResult> results) {
        List<String[]> paper = paperRows();
        List<List<String>> rows = new ArrayList<>();
        for (ScenarioResult r : results) {
            for (MessageSize m : r.sizes()) {
                Optional<String[]> p = paperRow(paper, TECHNOLOGY.get(r.scenario()), m.operation());
                if (p.isEmpty() && !isPaperWorkload(m.operation())) continue;
                rows.add(List.of(
                        m.operation(),
                        r.scenario(),
                        String.format(Locale.ROOT, "%,.0f", 10_000 * m.packetsPerCall()),
                        String.format(Locale.ROOT, "%,.0f", 10_000 * (m.requestWireBytes() + m.responseWireBytes())),
                        p.map(x -> x[2]).orElse("-"),
                        p.map(x -> String.format(Locale.ROOT, "%,d", Long.parseLong(x[3])))
                                .orElse("-"),
                        p.map(x -> String.format(Locale.ROOT, "%,d", Long.parseLong(x[4])))
                                .orElse("-")));
            }
        }
        return new Table(
                "Wire traffic per 10,000 invocations, today vs seed 001 Tables 1 and 2",
                List.of("payload", "scenario", "packets", "bytes", "paper technology", "paper packets", "paper bytes"),
                rows,
                List.of(
                        "Today: TCP segments (ACKs included) and IP bytes both ways on the server's connections, from the size pass, x 10,000.",
                        "Paper: Ethereal captures over 10,000 invocations, lookups and stub downloads included (JDK 1.4.2, 100 Mb/s).",
                        "Mapping: CORBA = corba, RMI-JRMP = rmi, RMI-HTTP = http-to-port, JAXRPC = ws-encoded (RPC/encoded, Axis 1.4).",
                        "Packets are segments as tcpdump sees them: loopback (MTU 65,536) and the --remote veth pair (segmentation "
                                + "offload) hand it segments larger than an Ethernet frame, so a multi-kilobyte message counts as fewer "
                                + "packets than the paper's 1500-byte frames; bytes compare directly."));
    }

    private static boolean isPaperWorkload(String operation) {
        return operation.startsWith("string-") || operation.startsWith("data2-");
    }

    /** Seed 001's workload names: {@code string,64} is string-64, {@code Data2[],4} is data2-4. */
    private static Optional<String[]> paperRow(List<String[]> paper, String technology, String operation) {
        if (technology == null) return Optional.empty();
        return paper.stream()
                .filter(f -> f[2].equals(technology)
                        && operation.equals((f[0].equals("Data2[]") ? "data2" : f[0]) + "-" + f[1]))
                .findFirst();
    }

    /** workload,size,technology,packets_10k,bytes_10k,seconds_per_1000 */
    static List<String[]> paperRows() {
        return PaperTable.rows("wire-traffic-gray2005.csv", "workload,");
    }
}
