package io.wirecost.cli.monitoring;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Headless Chromium driven over the DevTools protocol, with the JDK's WebSocket client. Hand-written
 * on purpose: five protocol calls do not justify Selenium's twenty jars and CDP bindings that lag
 * Debian's Chromium. Collects console errors and uncaught exceptions from the moment it connects.
 */
final class Cdp implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://\\S+)");

    private final Process chromium;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<String> errors = Collections.synchronizedList(new ArrayList<>());
    private volatile CompletableFuture<Void> loaded = new CompletableFuture<>();
    private WebSocket socket;

    private Cdp(Process chromium) {
        this.chromium = chromium;
    }

    /** Starts Chromium headless with a new empty profile and no background network (the machine has none). */
    static Cdp launch(Path chromiumBinary, Path profile, Path log) throws Exception {
        Files.createDirectories(profile);
        Process p = Tools.start(
                log,
                List.of(
                        chromiumBinary.toString(),
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-quic",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--user-data-dir=" + profile,
                        "--remote-debugging-address=127.0.0.1",
                        "--remote-debugging-port=0",
                        "about:blank"));
        Cdp cdp = new Cdp(p);
        try {
            cdp.connect(log);
        } catch (Exception | AssertionError e) {
            cdp.close();
            throw e;
        }
        return cdp;
    }

    private void connect(Path log) throws Exception {
        String browserWs = null;
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (browserWs == null && System.nanoTime() < end) {
            if (!chromium.isAlive())
                throw new AssertionError("chromium exited " + chromium.exitValue() + "\n" + Tools.tail(log));
            Matcher m = LISTENING.matcher(Files.exists(log) ? Files.readString(log) : "");
            if (m.find()) browserWs = m.group(1);
            else Thread.sleep(100);
        }
        if (browserWs == null) throw new AssertionError("chromium did not open its DevTools port\n" + Tools.tail(log));
        URI browser = URI.create(browserWs);
        String list = Tools.HTTP
                .send(
                        HttpRequest.newBuilder(URI.create("http://" + browser.getAuthority() + "/json/list"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
        String pageWs = null;
        for (JsonNode t : JSON.readTree(list))
            if (t.path("type").asText().equals("page"))
                pageWs = t.path("webSocketDebuggerUrl").asText();
        if (pageWs == null) throw new AssertionError("no page target in " + list);
        socket = Tools.HTTP
                .newWebSocketBuilder()
                .buildAsync(URI.create(pageWs), new Listener())
                .get(30, TimeUnit.SECONDS);
        call("Runtime.enable", null);
        call("Log.enable", null);
        call("Page.enable", null);
    }

    /** Navigates and waits for the load event. */
    void open(URI url, int width, int height) throws Exception {
        call("Emulation.setDeviceMetricsOverride", metrics(width, height));
        loaded = new CompletableFuture<>();
        call("Page.navigate", JSON.createObjectNode().put("url", url.toString()));
        loaded.get(30, TimeUnit.SECONDS);
    }

    /** Evaluates an expression in the page; returns its JSON value. */
    JsonNode eval(String expression) throws Exception {
        JsonNode r = call(
                "Runtime.evaluate",
                JSON.createObjectNode().put("expression", expression).put("returnByValue", true));
        if (r.has("exceptionDetails")) throw new AssertionError("page script failed: " + r.get("exceptionDetails"));
        return r.path("result").path("value");
    }

    /** A PNG of the whole page: the viewport is stretched to the page's height first. */
    byte[] screenshot(int width) throws Exception {
        int height = eval("Math.ceil(document.documentElement.scrollHeight)").asInt();
        call("Emulation.setDeviceMetricsOverride", metrics(width, height));
        JsonNode r = call("Page.captureScreenshot", JSON.createObjectNode().put("format", "png"));
        return java.util.Base64.getDecoder().decode(r.get("data").asText());
    }

    List<String> errors() {
        return List.copyOf(errors);
    }

    private static ObjectNode metrics(int width, int height) {
        return JSON.createObjectNode()
                .put("width", width)
                .put("height", height)
                .put("deviceScaleFactor", 1)
                .put("mobile", false);
    }

    private JsonNode call(String method, ObjectNode params) throws Exception {
        int id = ids.incrementAndGet();
        ObjectNode msg = JSON.createObjectNode().put("id", id).put("method", method);
        if (params != null) msg.set("params", params);
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        pending.put(id, f);
        socket.sendText(JSON.writeValueAsString(msg), true).get(30, TimeUnit.SECONDS);
        JsonNode reply = f.get(60, TimeUnit.SECONDS);
        if (reply.has("error")) throw new AssertionError(method + ": " + reply.get("error"));
        return reply.path("result");
    }

    private void receive(JsonNode msg) {
        if (msg.has("id")) {
            CompletableFuture<JsonNode> f = pending.remove(msg.get("id").asInt());
            if (f != null) f.complete(msg);
            return;
        }
        JsonNode p = msg.path("params");
        switch (msg.path("method").asText()) {
            case "Page.loadEventFired" -> loaded.complete(null);
            case "Runtime.exceptionThrown" -> errors.add("uncaught: " + p.path("exceptionDetails"));
            case "Runtime.consoleAPICalled" -> {
                String type = p.path("type").asText();
                if (type.equals("error") || type.equals("assert"))
                    errors.add("console." + type + ": " + p.path("args"));
            }
            case "Log.entryAdded" -> {
                if (p.path("entry").path("level").asText().equals("error")) errors.add("log: " + p.path("entry"));
            }
            default -> {}
        }
    }

    @Override
    public void close() {
        if (socket != null) socket.abort();
        List<ProcessHandle> children = chromium.descendants().toList(); // renderer, GPU and zygote processes
        chromium.destroy();
        children.forEach(ProcessHandle::destroy);
        try {
            if (!chromium.waitFor(10, TimeUnit.SECONDS)) chromium.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Reassembles messages split over several frames (screenshots are large). */
    private final class Listener implements WebSocket.Listener {
        private final StringBuilder buffer = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            buffer.append(data);
            if (last) {
                String text = buffer.toString();
                buffer.setLength(0);
                try {
                    receive(JSON.readTree(text));
                } catch (java.io.IOException e) {
                    errors.add("unreadable DevTools message: " + e.getMessage());
                }
            }
            ws.request(1);
            return null;
        }
    }
}
