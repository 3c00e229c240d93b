package io.wirecost.cli;

import static io.wirecost.cli.RealPrograms.TARGET;
import static io.wirecost.cli.RealPrograms.agent;
import static io.wirecost.cli.RealPrograms.awaitPort;
import static io.wirecost.cli.RealPrograms.freePort;
import static io.wirecost.cli.RealPrograms.javaCommand;
import static io.wirecost.cli.RealPrograms.run;
import static io.wirecost.cli.RealPrograms.start;
import static io.wirecost.cli.RealPrograms.stop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rule packs proven on programs nobody here wrote, from their own Maven Central artifacts and
 * driven by their own tools (or Debian's wrk): Jetty serving its JSP demo, the H2 TCP server running a
 * SQL script through RunScript, a KRaft Kafka broker under ProducerPerformance. Each server runs under
 * wirecost's agent; {@code attribute} with the built-in rules alone ({@code --rules pack:none}) and as a user
 * runs it, whose default for a recording not of wirecost's scenarios is {@code pack:auto}, must leave at most
 * 10 % of the middleware samples in {@code other} with the packs, and detect the program's packs.
 */
class RealProgramsIT {

    @TempDir
    Path dir;

    @BeforeAll
    static void programs() throws Exception {
        RealPrograms.fetch();
    }

    @Test
    void jettyServingJspPagesUnderWrk() throws Exception {
        Path base = Files.createDirectories(dir.resolve("jetty-base/webapps"));
        Files.copy(TARGET.resolve("jetty-base/webapps/demo.war"), base.resolve("demo.war"));
        String startJar = RealPrograms.jettyHome().resolve("start.jar").toString();
        run(base.getParent(), 60, javaCommand("-jar", startJar, "--add-modules=http,ee10-deploy,ee10-jsp,ee10-jstl"));
        int port = freePort();
        Path rec = dir.resolve("jetty.jfr");
        Path log = dir.resolve("jetty.log");
        Process jetty = start(
                base.getParent(),
                log,
                javaCommand(
                        agent(rec) + ",endpoints=on",
                        "-jar",
                        startJar,
                        "jetty.http.host=127.0.0.1",
                        "jetty.http.port=" + port));
        long sent;
        try {
            awaitPort(jetty, port, 60, log);
            String url = "http://127.0.0.1:" + port;
            Path script = Files.writeString(
                    dir.resolve("pages.lua"),
                    String.join(
                            "\n",
                            "local paths = {\"/demo/dump.jsp\", \"/demo/jstl.jsp\", \"/demo/tag.jsp\", \"/demo/expr.jsp?A=1\"}",
                            "local i = 0",
                            "request = function() i = i % #paths + 1; return wrk.format(\"GET\", paths[i]) end",
                            ""));
            // the first request of each page compiles its JSP (seconds on a loaded machine): once each, then 10 s of
            // load
            java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
            for (String page : List.of("/demo/dump.jsp", "/demo/jstl.jsp", "/demo/tag.jsp", "/demo/expr.jsp?A=1")) {
                var response = http.send(
                        java.net.http.HttpRequest.newBuilder(java.net.URI.create(url + page))
                                .timeout(java.time.Duration.ofSeconds(60))
                                .build(),
                        java.net.http.HttpResponse.BodyHandlers.discarding());
                assertEquals(200, response.statusCode(), page);
            }
            String out = run(dir, 60, List.of("wrk", "-t2", "-c16", "-d10s", "-s", script.toString(), url));
            assertTrue(out.contains("Requests/sec"), out);
            System.out.println("jetty wrk: " + out);
            sent = RealPrograms.wrkRequests(out);
        } finally {
            stop(jetty, rec);
        }
        assertPacks("jetty", rec, List.of("jetty"), List.of("tomcat", "undertow", "kafka"));
        assertEndpoints(rec, sent + 4);
    }

    /**
     * The demo's pages by their servlet mapping's template, as the agent names a request no handler named: every
     * request on the one JSP endpoint, none of the four pages or the query string an endpoint of its own, and the
     * CPU of no request (Jetty's selectors and acceptors, the JIT, GC) reported apart.
     */
    private static void assertEndpoints(Path rec, long sent) throws Exception {
        Map<String, double[]> costs = EndpointCsv.costs(rec);
        System.out.println("jetty by endpoint: " + EndpointCsv.show(costs));
        assertEquals(java.util.Set.of("GET /demo/*.jsp", EndpointCsv.NOT_ATTRIBUTED), costs.keySet(), "endpoints");
        long counted = (long) costs.get("GET /demo/*.jsp")[3];
        // wrk counts the answers it read; the server may have ended one more per connection when wrk stopped
        assertTrue(counted >= sent && counted <= sent + 16, "the endpoint counted " + counted + ", sent " + sent);
        double[] cost = costs.get("GET /demo/*.jsp");
        assertTrue(cost[1] > 0 && cost[1] <= cost[0] && cost[0] <= cost[2], "interval " + Arrays.toString(cost));
        assertTrue(costs.get(EndpointCsv.NOT_ATTRIBUTED)[0] > 0, "the CPU of no request is reported apart");
    }

    @Test
    void h2ServerRunningASqlScript() throws Exception {
        String h2 = TARGET.resolve("h2/h2-2.3.232.jar").toString();
        int port = freePort();
        String password = UUID.randomUUID().toString();
        Path rec = dir.resolve("h2-server.jfr");
        Path log = dir.resolve("h2.log");
        Process server = start(
                dir,
                log,
                javaCommand(
                        agent(rec),
                        "-cp",
                        h2,
                        "org.h2.tools.Server",
                        "-tcp",
                        "-tcpPort",
                        "" + port,
                        "-tcpPassword",
                        password,
                        "-ifNotExists",
                        "-baseDir",
                        dir.resolve("db").toString()));
        try {
            awaitPort(server, port, 60, log);
            Path sql = Path.of(RealProgramsIT.class
                    .getResource("/real-programs/h2-workload.sql")
                    .toURI());
            for (int i = 0; i < 2; i++) {
                run(
                        dir,
                        120,
                        javaCommand(
                                "-cp",
                                h2,
                                "org.h2.tools.RunScript",
                                "-url",
                                "jdbc:h2:tcp://127.0.0.1:" + port + "/./bench",
                                "-user",
                                "sa",
                                "-script",
                                sql.toString()));
            }
            run(
                    dir,
                    60,
                    javaCommand(
                            "-cp",
                            h2,
                            "org.h2.tools.Server",
                            "-tcpShutdown",
                            "tcp://127.0.0.1:" + port,
                            "-tcpPassword",
                            password));
        } finally {
            stop(server, rec);
        }
        assertPacks("h2", rec, List.of("h2"), List.of("kafka", "jetty", "tomcat"));
    }

    @Test
    void kafkaBrokerInKraftModeUnderProducerPerformance() throws Exception {
        String cp = TARGET.resolve("kafka/libs").toString() + "/*";
        int port = freePort();
        int controller = freePort();
        Path config = Files.writeString(
                dir.resolve("server.properties"),
                String.join(
                        "\n",
                        "process.roles=broker,controller",
                        "node.id=1",
                        "controller.quorum.voters=1@127.0.0.1:" + controller,
                        "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controller,
                        "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                        "controller.listener.names=CONTROLLER",
                        "inter.broker.listener.name=PLAINTEXT",
                        "listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
                        "log.dirs=" + dir.resolve("kafka-data"),
                        "num.partitions=2",
                        "offsets.topic.replication.factor=1",
                        "transaction.state.log.replication.factor=1",
                        "transaction.state.log.min.isr=1",
                        "share.coordinator.state.topic.replication.factor=1",
                        ""));
        // a cluster id as Kafka's Uuid prints one: 16 random bytes, URL-safe Base64 without padding; like
        // Uuid.randomUuid, draw again when it starts with '-', which kafka-storage's parser takes for an option
        String clusterId;
        do {
            UUID u = UUID.randomUUID();
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(16)
                    .putLong(u.getMostSignificantBits())
                    .putLong(u.getLeastSignificantBits());
            clusterId = Base64.getUrlEncoder().withoutPadding().encodeToString(b.array());
        } while (clusterId.startsWith("-"));
        run(
                dir,
                120,
                javaCommand("-cp", cp, "kafka.tools.StorageTool", "format", "-t", clusterId, "-c", config.toString()));
        Path rec = dir.resolve("kafka-broker.jfr");
        Path log = dir.resolve("kafka.log");
        Process broker =
                start(dir, log, javaCommand("-Xmx1g", agent(rec), "-cp", cp, "kafka.Kafka", config.toString()));
        try {
            awaitPort(broker, port, 90, log);
            String out = run(
                    dir,
                    180,
                    javaCommand(
                            "-cp",
                            cp,
                            "org.apache.kafka.tools.ProducerPerformance",
                            "--topic",
                            "perf",
                            "--num-records",
                            "400000",
                            "--record-size",
                            "200",
                            "--throughput",
                            "-1",
                            "--producer-props",
                            "bootstrap.servers=127.0.0.1:" + port,
                            "acks=1",
                            "compression.type=lz4"));
            assertTrue(out.contains("400000 records sent"), out);
            System.out.println("kafka ProducerPerformance: "
                    + out.lines()
                            .filter(l -> l.startsWith("400000 records sent"))
                            .toList());
        } finally {
            stop(broker, rec);
        }
        assertPacks("kafka", rec, List.of("kafka", "compression"), List.of("jetty", "tomcat", "h2"));
    }

    /** attribute with the defaults alone and as it runs by default (pack:auto); prints both for docs/RESULTS.md. */
    private static void assertPacks(String program, Path rec, List<String> expected, List<String> absent)
            throws Exception {
        CliProcess.Outcome before =
                CliProcess.run("attribute", rec.toString(), "--format", "csv", "--rules", "pack:none");
        CliProcess.Outcome after =
                CliProcess.run("attribute", rec.toString(), "--format", "csv", "--rules", "pack:auto");
        // a foreign JVM's recording: pack:auto is the default, the same shares
        assertEquals(
                after.stdout(),
                CliProcess.run("attribute", rec.toString(), "--format", "csv").stdout());
        assertEquals(0, before.exit(), before.err());
        assertEquals(0, after.exit(), after.err());
        String detectedLine = after.stderr().stream()
                .filter(l -> l.startsWith("wirecost: pack:auto detected "))
                .findFirst()
                .orElse("");
        List<String> detected = List.of(
                detectedLine.replace("wirecost: pack:auto detected ", "").split(", "));
        Map<String, Double> shares = shares(after.stdout());
        List<String> top = new ArrayList<>(shares.keySet());
        top.sort(Comparator.comparing(shares::get).reversed());
        System.out.printf(
                "%s: other %.2f %% with the defaults, %.2f %% with pack:auto (detected %s); top: %s%n",
                program,
                shares(before.stdout()).get("other"),
                shares.get("other"),
                detected,
                top.subList(0, 5).stream().map(c -> c + " " + shares.get(c)).toList());
        assertTrue(detected.containsAll(expected), program + ": detected " + detected + ", expected " + expected);
        for (String a : absent) assertTrue(!detected.contains(a), program + ": detected " + a + " too: " + detected);
        assertTrue(shares.get("other") <= 10.0, program + ": pack:auto leaves " + shares.get("other") + " % in other");
        assertTrue(shares(before.stdout()).get("other") > shares.get("other"), program + ": the packs claimed nothing");
    }

    private static Map<String, Double> shares(String csv) {
        Map<String, Double> out = new LinkedHashMap<>();
        csv.lines().skip(1).map(l -> l.split(",")).forEach(f -> out.put(f[0], Double.parseDouble(f[1])));
        return out;
    }
}
