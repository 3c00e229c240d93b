package io.wirecost.cli.monitoring;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code collector/otlp_profiles.py} in the virtual environment {@code collector/venv.sh} makes (PyPI's
 * opentelemetry-proto and grpcio): OTLP profiles decoded from the published .proto files, independently of
 * wirecost's Java encoder and of the Collector's Go code.
 */
final class OtlpPython {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static Path python;

    private OtlpPython() {}

    static synchronized Path python() throws Exception {
        if (python == null) {
            Tools.Result r = Tools.run(Collector.DIR, "bash", "venv.sh");
            if (r.exit() != 0) throw new AssertionError("collector/venv.sh failed:\n" + r.output());
            List<String> lines = r.output().strip().lines().toList();
            python = Path.of(lines.get(lines.size() - 1));
        }
        return python;
    }

    /** Runs otlp_profiles.py with the arguments; fails with its output unless it exits 0. */
    static String run(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                python().toString(), Collector.DIR.resolve("otlp_profiles.py").toString()));
        cmd.addAll(List.of(args));
        Tools.Result r = Tools.run(Collector.DIR, cmd.toArray(String[]::new));
        if (r.exit() != 0) throw new AssertionError(cmd + " exited " + r.exit() + ":\n" + r.output());
        return r.output();
    }

    /** The decoded summary of a Collector's file exporter output (see otlp_profiles.py decode). */
    static JsonNode decode(Path file) throws Exception {
        return JSON.readTree(run("decode", file.toString()));
    }
}
