package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the CLI as a real process (exit status, stdout, stderr lines), as a user or CI would. */
final class CliProcess {

    record Outcome(int exit, String stdout, List<String> stderr) {
        String err() {
            return String.join("\n", stderr);
        }
    }

    private CliProcess() {}

    static Outcome run(String... args) throws Exception {
        return runWith(List.of(), args);
    }

    /** As {@link #run}, with options for the CLI's JVM (system properties). */
    static Outcome runWith(List<String> jvmOptions, String... args) throws Exception {
        return runIn(null, jvmOptions, args);
    }

    /**
     * As {@link #runWith}, in the working directory {@code dir} (null: this JVM's), where a command's default output
     * goes; the agent's and the checkout's locations passed on, as the launcher passes them.
     */
    static Outcome runIn(Path dir, List<String> jvmOptions, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(jvmOptions);
        for (String property : List.of("wirecost.agent.jar", "wirecost.home")) {
            String value = System.getProperty(property);
            if (dir != null && value != null)
                cmd.add("-D" + property + "=" + Path.of(value).toAbsolutePath());
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.wirecost.cli.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        if (dir != null) pb.directory(dir.toFile());
        Process p = pb.start();
        // read both streams before waiting, so a chatty process cannot block on a full pipe
        var out = p.getInputStream().readAllBytes();
        var err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "wirecost " + String.join(" ", args) + " hung");
        return new Outcome(
                p.exitValue(),
                new String(out, StandardCharsets.UTF_8),
                new String(err, StandardCharsets.UTF_8).lines().toList());
    }
}
