package io.wirecost.scenarios.http.servlet;

import io.wirecost.scenarios.http.tunnel.HttpTunnelClientSocketFactory;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.util.ServerInfo;
import org.apache.catalina.valves.ErrorReportValve;

/**
 * Embedded Tomcat 10.1 serving only {@link RmiForwardServlet} at {@code /cgi-bin/java-rmi.cgi}, on a
 * loopback port chosen by the OS. It runs inside the scenario's server JVM, so Tomcat's CPU time is
 * profiled with the server role, as the paper's servlet engine ran beside its RMI server.
 */
public final class ServletHost implements AutoCloseable {

    /** Tomcat records its directories in these JVM-wide properties; a later Tomcat would reuse (and recreate) ours. */
    private static final List<String> DIRECTORY_PROPERTIES = List.of("catalina.base", "catalina.home");

    private final Tomcat tomcat;
    private final Connector connector;
    private final Path baseDir;
    private final Map<String, String> savedProperties;
    private final TwoProcessors.Seen warmProcessors;

    private ServletHost(
            Tomcat tomcat,
            Connector connector,
            Path baseDir,
            Map<String, String> savedProperties,
            TwoProcessors.Seen warmProcessors) {
        this.tomcat = tomcat;
        this.connector = connector;
        this.baseDir = baseDir;
        this.savedProperties = savedProperties;
        this.warmProcessors = warmProcessors;
    }

    public static ServletHost start(InetAddress address, RmiForwardServlet servlet)
            throws IOException, LifecycleException {
        Path baseDir = Files.createTempDirectory("wirecost-tomcat-");
        Map<String, String> saved = new HashMap<>();
        for (String p : DIRECTORY_PROPERTIES) saved.put(p, System.getProperty(p));
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(0);
        connector.setProperty("address", address.getHostAddress());
        connector.setXpoweredBy(false);
        tomcat.setConnector(connector);
        tomcat.getHost().setAutoDeploy(false);
        // Tomcat's own error pages (a request it cannot parse) without its version or a stack trace
        ErrorReportValve errors = new ErrorReportValve();
        errors.setShowServerInfo(false);
        errors.setShowReport(false);
        tomcat.getHost().getPipeline().addValve(errors);
        Context ctx = tomcat.addContext("", null);
        if (ctx instanceof StandardContext sc) {
            // leak detection on stop needs --add-opens and only warns: there is no web application to leak
            sc.setClearReferencesObjectStreamClassCaches(false);
            sc.setClearReferencesRmiTargets(false);
            sc.setClearReferencesThreadLocals(false);
        }
        Tomcat.addServlet(ctx, "java-rmi", servlet);
        ctx.addServletMappingDecoded(HttpTunnelClientSocketFactory.SERVLET_PATH, "java-rmi");
        try {
            tomcat.start();
        } catch (LifecycleException | RuntimeException e) {
            deleteTree(baseDir);
            restore(saved);
            throw e;
        }
        // two processors cached before any call, not a second one created mid-run (TwoProcessors says why)
        TwoProcessors.Seen warm = TwoProcessors.prime(new InetSocketAddress(address, connector.getLocalPort()));
        return new ServletHost(tomcat, connector, baseDir, saved, warm);
    }

    /** What the start's two requests held open at once got back (results.json's scenario facts). */
    public TwoProcessors.Seen warmProcessors() {
        return warmProcessors;
    }

    public int port() {
        return connector.getLocalPort();
    }

    public static String version() {
        return ServerInfo.getServerInfo();
    }

    @Override
    public void close() throws LifecycleException {
        try {
            tomcat.stop();
            tomcat.destroy();
        } finally {
            deleteTree(baseDir);
            restore(savedProperties);
        }
    }

    private static void restore(Map<String, String> saved) {
        saved.forEach((k, v) -> {
            if (v == null) System.clearProperty(k);
            else System.setProperty(k, v);
        });
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort: a temporary directory holding only Tomcat's empty work folders
        }
    }
}
