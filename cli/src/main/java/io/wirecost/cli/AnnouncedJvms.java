package io.wirecost.cli;

import io.wirecost.cli.attach.JvmFacts;
import io.wirecost.cli.attach.ProcessRecording;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The JVMs a profiled command started, read back from the recordings directory after it exits: each agent leaves a
 * {@code .properties} file at start, so a JVM that died before writing its recording still has an entry (and an
 * error) rather than vanishing from the run.
 */
final class AnnouncedJvms {

    private AnnouncedJvms() {}

    /** One entry per JVM that announced itself (its .properties), ordered by pid; names made unique by #2, #3. */
    static List<ProcessRecording> collect(Path recordings, double seconds, int repetition) throws IOException {
        List<Path> announced;
        try (Stream<Path> s = Files.list(recordings)) {
            announced = s.filter(p -> p.toString().endsWith(".properties"))
                    .map(p -> p.resolveSibling(p.getFileName().toString().replaceFirst("\\.properties$", ".jfr")))
                    .sorted(Comparator.comparingLong(JvmFacts::pid))
                    .toList();
        }
        Map<String, Integer> seen = new HashMap<>();
        List<ProcessRecording> out = new ArrayList<>();
        for (Path jfr : announced) {
            String main = JvmFacts.main(jfr);
            int n = seen.merge(main, 1, Integer::sum);
            String error = Files.isRegularFile(jfr)
                    ? ""
                    : "no recording: the JVM exited before --from, or was killed with SIGKILL";
            JvmFacts facts = JvmFacts.beside(jfr);
            out.add(new ProcessRecording(
                    n == 1 ? main : main + "#" + n,
                    JvmFacts.pid(jfr),
                    jfr,
                    facts.facts(),
                    seconds,
                    error,
                    repetition,
                    facts.recordedCpuNanos()));
        }
        return out;
    }
}
