package io.wirecost.cli.monitoring;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Prometheus' HTTP API (/api/v1/query, /api/v1/label/NAME/values), as Grafana calls it. */
final class PromApi {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final String base;

    PromApi(int port) {
        this.base = "http://127.0.0.1:" + port;
    }

    /** An instant query at the current time; fails on any error Prometheus reports (bad PromQL included). */
    JsonNode query(String promql) throws Exception {
        JsonNode r = get("/api/v1/query?query=" + enc(promql));
        return r.get("data").get("result");
    }

    /** Values of one sample per series: {@code [labels, value]} pairs as JSON. */
    List<Double> values(String promql) throws Exception {
        List<Double> out = new ArrayList<>();
        for (JsonNode s : query(promql)) out.add(s.get("value").get(1).asDouble());
        return out;
    }

    /** What Grafana's {@code label_values(SELECTOR, LABEL)} asks for. */
    List<String> labelValues(String label, String selector) throws Exception {
        JsonNode r = get("/api/v1/label/" + label + "/values" + (selector == null ? "" : "?match[]=" + enc(selector)));
        List<String> out = new ArrayList<>();
        r.get("data").forEach(v -> out.add(v.asText()));
        return out;
    }

    private JsonNode get(String path) throws Exception {
        HttpResponse<String> r = Tools.HTTP.send(
                HttpRequest.newBuilder(URI.create(base + path)).build(), HttpResponse.BodyHandlers.ofString());
        JsonNode body = JSON.readTree(r.body());
        if (r.statusCode() != 200 || !"success".equals(body.path("status").asText())) {
            throw new AssertionError(
                    "Prometheus refused " + java.net.URLDecoder.decode(path, StandardCharsets.UTF_8) + ": " + r.body());
        }
        return body;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
