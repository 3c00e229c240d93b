package io.wirecost.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.wirecost.attribution.AnalysisJson;
import io.wirecost.attribution.JmcAnalysis;
import io.wirecost.attribution.RecordingException;
import io.wirecost.report.analyze.AnalysisTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code wirecost analyze}: JDK Mission Control's automated analysis of recordings, any format JMC
 * reads (JDK 7 to 25, async-profiler, gzip).
 *
 * <pre>
 * ./wirecost analyze runs/latest/recordings/rmi-server.jfr
 * ./wirecost analyze a.jfr b.jfr.gz --format json
 * ./wirecost analyze runs/latest              # every recording of a run
 * </pre>
 */
@Command(
        name = "analyze",
        mixinStandardHelpOptions = true,
        description = "JDK Mission Control's rule results per recording: rule id, name, severity, score, summary.")
final class AnalyzeCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    enum Format {
        table,
        json
    }

    @Parameters(
            arity = "1..*",
            paramLabel = "RECORDING",
            description = "JFR recordings (.jfr, gzip or zip as JMC writes them), or run directories.")
    List<Path> recordings;

    @Option(names = "--format", defaultValue = "table", description = "table or json (default: ${DEFAULT-VALUE}).")
    Format format;

    @Override
    public Integer call() throws Exception {
        List<Map<String, Object>> json = new ArrayList<>();
        int failed = 0;
        for (Path f : files()) {
            try {
                JmcAnalysis.Report r = JmcAnalysis.analyze(f);
                if (format == Format.json) json.add(AnalysisJson.of(r));
                else AnalysisTable.write(r, System.out);
            } catch (RecordingException e) {
                System.err.println("wirecost: " + e.getMessage());
                failed++;
            }
        }
        if (format == Format.json) System.out.println(JSON.writeValueAsString(json));
        return failed == 0 ? 0 : 2;
    }

    /** The recordings, a run directory's among them as attribute and flame take them. */
    private List<Path> files() {
        List<Path> out = new ArrayList<>();
        for (Path p : recordings) {
            if (Files.isDirectory(p)) out.addAll(DirectoryRecordings.of(p));
            else out.add(p);
        }
        return out;
    }
}
