package io.wirecost.cli.monitoring;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The Grafana dashboards of grafana/dashboards/, read as Grafana reads them. */
final class Dashboards {

    record Dashboard(Path file, JsonNode json) {
        String name() {
            return file.getFileName().toString();
        }
    }

    record Query(String dashboard, int panelId, String panelTitle, String refId, String expr) {
        @Override
        public String toString() {
            return dashboard + " panel " + panelId + " '" + panelTitle + "' " + refId;
        }
    }

    record Variable(String dashboard, String name, String type, String query) {}

    /** {@code $name}, {@code ${name}}, {@code ${name:format}}, {@code ${name.path}} and {@code [[name]]}. */
    private static final Pattern USE = Pattern.compile(
            "\\$\\{([A-Za-z_][A-Za-z0-9_]*)|\\$([A-Za-z_][A-Za-z0-9_]*)|\\[\\[([A-Za-z_][A-Za-z0-9_]*)");

    private static final Pattern LABEL_VALUES =
            Pattern.compile("^label_values\\((?:(.*),\\s*)?([A-Za-z_][A-Za-z0-9_]*)\\)$", Pattern.DOTALL);
    static final Path DIR = Tools.HOME.resolve("grafana/dashboards");
    private static final ObjectMapper JSON = new ObjectMapper();

    private Dashboards() {}

    static List<Dashboard> all() throws IOException {
        List<Dashboard> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(DIR)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                out.add(new Dashboard(f, JSON.readTree(f.toFile())));
            }
        }
        return out;
    }

    static List<Query> queries(Dashboard d) {
        List<Query> out = new ArrayList<>();
        for (JsonNode p : d.json().path("panels")) {
            for (JsonNode t : p.path("targets")) {
                out.add(new Query(
                        d.name(),
                        p.path("id").asInt(),
                        p.path("title").asText(),
                        t.path("refId").asText(),
                        t.path("expr").asText()));
            }
        }
        return out;
    }

    static List<Variable> variables(Dashboard d) {
        List<Variable> out = new ArrayList<>();
        for (JsonNode v : d.json().path("templating").path("list")) {
            JsonNode q = v.path("query");
            out.add(new Variable(
                    d.name(),
                    v.path("name").asText(),
                    v.path("type").asText(),
                    q.isObject() ? q.path("query").asText() : q.asText()));
        }
        return out;
    }

    /** Every variable name a string of the dashboard uses, built-ins ({@code __...}) excluded. */
    static Set<String> usedVariables(JsonNode node) {
        Set<String> used = new TreeSet<>();
        collect(node, used);
        return used;
    }

    private static void collect(JsonNode node, Set<String> used) {
        if (node.isTextual()) {
            Matcher m = USE.matcher(node.asText());
            while (m.find()) {
                String name = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
                if (!name.startsWith("__")) used.add(name);
            }
        }
        node.forEach(child -> collect(child, used));
        if (node.isObject()) node.fields().forEachRemaining(e -> collect(e.getValue(), used));
    }

    /**
     * A panel query as Grafana sends it with every variable at "All" ({@code .*}) and
     * {@code $__rate_interval} at the given window.
     */
    static String expand(String expr, String rateInterval) {
        String s = expr.replace("$__rate_interval", rateInterval);
        return USE.matcher(s).replaceAll(".*");
    }

    /** {@code label_values(selector, label)} as [label, selector or null]; null when not that form. */
    static String[] labelValues(String query) {
        Matcher m = LABEL_VALUES.matcher(query.trim());
        if (!m.matches()) return null;
        return new String[] {m.group(2), m.group(1) == null ? null : expand(m.group(1), "1m")};
    }
}
