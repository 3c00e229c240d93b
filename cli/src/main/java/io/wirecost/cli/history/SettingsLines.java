package io.wirecost.cli.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A stored run's settings (results.json's settings, profiler and run facts, kept as one JSON text) as the lines
 * {@code history show} prints: one dotted key and its value a line, the way one compares two runs' settings by eye,
 * rather than the JSON on one line.
 */
final class SettingsLines {

    private static final ObjectMapper JSON = new ObjectMapper();

    private SettingsLines() {}

    /** {@code key value} lines in the file's order, keys padded to one column; the text itself when it is no JSON. */
    static List<String> of(String settings) {
        if (settings == null || settings.isBlank()) return List.of();
        JsonNode root;
        try {
            root = JSON.readTree(settings);
        } catch (JsonProcessingException e) {
            return List.of(settings); // stored by hand or by another tool: shown as it is
        }
        List<Map.Entry<String, String>> pairs = new ArrayList<>();
        flatten("", root, pairs);
        int width = pairs.stream().mapToInt(p -> p.getKey().length()).max().orElse(0);
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, String> p : pairs)
            lines.add(String.format(Locale.ROOT, "%-" + Math.max(width, 1) + "s  %s", p.getKey(), p.getValue())
                    .stripTrailing());
        return lines;
    }

    private static void flatten(String prefix, JsonNode node, List<Map.Entry<String, String>> out) {
        if (node.isObject() && !node.isEmpty()) {
            node.fields()
                    .forEachRemaining(
                            f -> flatten(prefix.isEmpty() ? f.getKey() : prefix + "." + f.getKey(), f.getValue(), out));
        } else if (!prefix.isEmpty()) {
            // scalars bare; arrays, empty objects and empty text as JSON, short enough to read on their line (an
            // empty text bare would read as a key whose value was lost)
            boolean bare =
                    node.isValueNode() && !(node.isTextual() && node.asText().isEmpty());
            out.add(Map.entry(prefix, bare ? node.asText() : node.toString()));
        }
    }
}
