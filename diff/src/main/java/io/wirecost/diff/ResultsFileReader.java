package io.wirecost.diff;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Optional;

/**
 * Reads and checks a {@link ResultsFile}: its kind and version first, then its fields, each failure one line naming the
 * file and what is wrong, so that a file from another tool or a newer wirecost is refused rather than misread.
 */
final class ResultsFileReader {

    private ResultsFileReader() {}

    static ResultsFile read(Path file) throws RunData.BadRunException {
        if (!Files.isRegularFile(file)) {
            // the folder a results.json was looked for in: a missing path of another name is no folder of runs, even
            // where the folder above it holds some
            Path dir = file.getParent() == null ? Path.of(".") : file.getParent();
            Optional<String> nested =
                    file.getFileName().toString().equals("results.json") ? NestedRuns.hint(dir) : Optional.empty();
            if (nested.isPresent()) throw new RunData.BadRunException(nested.get());
            throw new RunData.BadRunException(file + ": no such file (expected a run directory or its results.json)");
        }
        JsonNode root;
        try {
            root = ResultsFile.JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new RunData.BadRunException(file + ": not valid JSON (" + firstLine(e.getMessage()) + ")");
        }
        int version = root == null || !root.isObject() ? -1 : version(root);
        if (version < 1)
            throw new RunData.BadRunException(
                    file + ": not a wirecost results file (format must be " + ResultsFile.FORMAT + ")");
        if (version > ResultsFile.VERSION) {
            throw new RunData.BadRunException(
                    file + ": results format version " + version + " is newer than this wirecost reads ("
                            + ResultsFile.VERSION + " and older); read it with a newer wirecost");
        }
        if (!root.path("scenarios").isArray()) throw new RunData.BadRunException(file + ": 'scenarios' must be a list");
        try {
            return ResultsFile.JSON.treeToValue(root, ResultsFile.class);
        } catch (MismatchedInputException e) {
            throw new RunData.BadRunException(file + ": " + fieldError(e));
        } catch (JsonProcessingException e) {
            throw new RunData.BadRunException(file + ": unreadable (" + firstLine(e.getOriginalMessage()) + ")");
        }
    }

    /**
     * format_version, else the number after {@code wirecost-results/} (files before format_version); -1 where the file
     * is no wirecost results file.
     */
    private static int version(JsonNode root) {
        String format = root.path("format").asText();
        if (!format.startsWith(ResultsFile.PREFIX)) return -1;
        JsonNode v = root.path("format_version");
        if (v.canConvertToInt() && v.isIntegralNumber()) return v.asInt();
        if (!v.isMissingNode()) return -1;
        try {
            return Integer.parseInt(format.substring(ResultsFile.PREFIX.length()));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String fieldError(MismatchedInputException e) {
        String field = e.getPath().stream()
                .map(r -> r.getFieldName())
                .filter(n -> n != null)
                .reduce((a, b) -> b)
                .orElse("?");
        Class<?> type = e.getTargetType();
        String what = type == null
                ? "has the wrong type"
                : Number.class.isAssignableFrom(type) || type.isPrimitive()
                        ? "missing or not a number"
                        : Collection.class.isAssignableFrom(type)
                                ? "must be a list"
                                : type == String.class ? "missing or not text" : "has the wrong type";
        return "field '" + field + "' " + what;
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("");
    }
}
