package io.wirecost.scenarios.tomcat;

import io.wirecost.scenarios.files.CleanupHook;
import io.wirecost.scenarios.files.FileTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.http2.Http2Protocol;

/**
 * Embedded Tomcat 10.1 as every Jakarta scenario server runs it (Metro for ws-literal and ws-security,
 * Jersey for the REST scenarios, the RMI forwarding servlet of http-to-servlet, seed 004's web service):
 * one HTTP/1.1 connector on a port the OS chooses, one root context whose docBase is a temporary
 * directory, and the same choices everywhere so that the scenarios differ only in what they deploy.
 * Axis is the exception: a {@code javax.servlet} application, it stays on Tomcat 9 (scenarios-axis's
 * {@code AxisServer} says why) and only shares {@link ConnectionTally}.
 *
 * <pre>{@code
 * TomcatHost host = TomcatHost.on(config.bindHost())
 *         .keepConnectionsOpen()
 *         .webInf("sun-jaxws.xml", descriptor)
 *         .start(ctx -> {
 *             Tomcat.addServlet(ctx, "metro", new WSServlet()).setLoadOnStartup(1);
 *             ctx.addServletMappingDecoded("/rtt", "metro");
 *         });
 * String url = host.url("/rtt"); // http://127.0.0.1:PORT/rtt, or http://[::1]:PORT/rtt
 * }</pre>
 */
public final class TomcatHost implements AutoCloseable {

    /** What a scenario puts into the root context: servlets, mappings, listeners, parameters. */
    @FunctionalInterface
    public interface Deployment {
        void deploy(StandardContext context);
    }

    /** Tomcat records its directories in these JVM-wide properties; a later Tomcat would reuse (and recreate) ours. */
    private static final List<String> DIRECTORY_PROPERTIES = List.of("catalina.base", "catalina.home");

    private final Tomcat tomcat;
    private final String host;
    private final Path baseDir;
    private final Map<String, String> savedProperties;
    private final ConnectionTally tally;
    /** A server JVM ended by a signal (Ctrl-C on {@code wirecost serve}) still removes its base directory. */
    private final CleanupHook cleanup;

    private TomcatHost(
            Tomcat tomcat, String host, Path baseDir, Map<String, String> savedProperties, ConnectionTally tally) {
        this.tomcat = tomcat;
        this.host = host;
        this.baseDir = baseDir;
        this.savedProperties = savedProperties;
        this.tally = tally;
        this.cleanup = CleanupHook.register("wirecost-tomcat-cleanup", () -> FileTrees.deleteQuietly(baseDir));
    }

    /** A server that will bind {@code bindHost}: a literal address, IPv4 or IPv6. */
    public static Builder on(String bindHost) {
        return new Builder(bindHost);
    }

    public static final class Builder {
        private final String host;
        private final Map<String, String> webInf = new LinkedHashMap<>();
        private boolean keepConnectionsOpen;
        private boolean http2;
        private boolean countConnections;

        private Builder(String host) {
            this.host = host;
        }

        /**
         * A kept-alive connection lasts the whole run, as the papers' clients kept one; Tomcat's default
         * closes it after 100 requests, and the reconnect then lands inside the timed pass.
         */
        public Builder keepConnectionsOpen() {
            this.keepConnectionsOpen = true;
            return this;
        }

        /** The HTTP/1.1 connector also offers HTTP/2 cleartext (h2c) by the HTTP/1.1 Upgrade. */
        public Builder upgradeToHttp2() {
            this.http2 = true;
            return this;
        }

        /** Counts requests and client connections ({@link #traffic()}); costs a valve on every request. */
        public Builder countConnections() {
            this.countConnections = true;
            return this;
        }

        /** A file written into the docBase's {@code WEB-INF} before the context starts (a deployment descriptor). */
        public Builder webInf(String name, String content) {
            webInf.put(name, content);
            return this;
        }

        public TomcatHost start(Deployment deployment) throws IOException, LifecycleException {
            Path base = Files.createTempDirectory("wirecost-tomcat-");
            Map<String, String> saved = new HashMap<>();
            for (String p : DIRECTORY_PROPERTIES) saved.put(p, System.getProperty(p));
            ConnectionTally tally = countConnections ? new ConnectionTally() : null;
            Tomcat tomcat = new Tomcat();
            TomcatHost started = new TomcatHost(tomcat, host, base, saved, tally);
            try {
                Path docBase = Files.createDirectories(base.resolve("webapp").resolve("WEB-INF"))
                        .getParent();
                for (Map.Entry<String, String> f : webInf.entrySet()) {
                    Files.writeString(docBase.resolve("WEB-INF").resolve(f.getKey()), f.getValue());
                }
                tomcat.setBaseDir(base.toString());
                tomcat.setConnector(connector());
                tomcat.getHost().setAutoDeploy(false);
                // Tomcat's own error pages (a request it cannot parse) without its version or a stack trace
                ErrorReportValve errors = new ErrorReportValve();
                errors.setShowServerInfo(false);
                errors.setShowReport(false);
                tomcat.getHost().getPipeline().addValve(errors);

                StandardContext ctx = (StandardContext) tomcat.addContext("", docBase.toString());
                // leak detection at undeploy needs --add-opens and only warns without it; a scenario server never
                // redeploys
                ctx.setClearReferencesObjectStreamClassCaches(false);
                ctx.setClearReferencesThreadLocals(false);
                ctx.setClearReferencesRmiTargets(false);
                deployment.deploy(ctx);
                if (tally != null) ctx.getPipeline().addValve(new CountingValve(tally));
                tomcat.start();
                return started;
            } catch (IOException | LifecycleException | RuntimeException e) {
                try {
                    tomcat.destroy();
                } catch (LifecycleException | RuntimeException suppressed) {
                    e.addSuppressed(suppressed);
                }
                started.removeFiles();
                throw e;
            }
        }

        private Connector connector() {
            Connector connector = new Connector("HTTP/1.1");
            connector.setPort(0);
            connector.setProperty("address", host);
            connector.setXpoweredBy(false);
            if (keepConnectionsOpen) connector.setProperty("maxKeepAliveRequests", "-1");
            if (http2) connector.addUpgradeProtocol(new Http2Protocol());
            return connector;
        }
    }

    /** The port the OS chose. */
    public int port() {
        return tomcat.getConnector().getLocalPort();
    }

    /** {@code http://HOST:PORT} followed by {@code path}, an IPv6 host in brackets. */
    public String url(String path) {
        String h = host.contains(":") ? "[" + host + "]" : host;
        return "http://" + h + ":" + port() + path;
    }

    /** Requests and client connections seen, when started with {@link Builder#countConnections()}; else empty. */
    public Map<String, String> traffic() {
        return tally == null ? Map.of() : tally.info();
    }

    @Override
    public void close() throws LifecycleException {
        try {
            tomcat.stop();
            tomcat.destroy();
        } finally {
            removeFiles();
        }
    }

    private void removeFiles() {
        FileTrees.deleteQuietly(baseDir);
        savedProperties.forEach((k, v) -> {
            if (v == null) System.clearProperty(k);
            else System.setProperty(k, v);
        });
        cleanup.cancel();
    }
}
