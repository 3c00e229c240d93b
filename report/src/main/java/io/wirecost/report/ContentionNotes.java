package io.wirecost.report;

import io.wirecost.attribution.RecordingSummary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an output says of CPU contention under JFR execution samples (the engine's {@code CpuContention}), for
 * {@code wirecost attribute}'s table and notes, table.md and report.html alike: one line per distinct note, so
 * recordings that all lack {@code jdk.CPULoad} are said so once, naming the files when there are several.
 */
public final class ContentionNotes {

    private ContentionNotes() {}

    public static List<String> of(List<RecordingSummary> summaries) {
        Map<String, List<String>> files = new LinkedHashMap<>();
        for (RecordingSummary s : summaries) {
            String note = s.cpuContentionNote();
            if (!note.isEmpty())
                files.computeIfAbsent(note, n -> new ArrayList<>()).add(name(s.file()));
        }
        List<String> out = new ArrayList<>();
        files.forEach(
                (note, names) -> out.add(summaries.size() == 1 ? note : note + " (" + String.join(", ", names) + ")"));
        return out;
    }

    private static String name(String file) {
        Path name = Path.of(file).getFileName();
        return name == null ? file : name.toString();
    }
}
