package io.wirecost.scenarios.http.servlet;

import io.wirecost.scenarios.http.tunnel.HttpTunnelClientSocketFactory;
import io.wirecost.scenarios.tomcat.TomcatHost;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.util.ServerInfo;

/**
 * Embedded Tomcat 10.1 serving only {@link RmiForwardServlet} at {@code /cgi-bin/java-rmi.cgi}, on a
 * loopback port chosen by the OS. It runs inside the scenario's server JVM, so Tomcat's CPU time is
 * profiled with the server role, as the paper's servlet engine ran beside its RMI server. It keeps
 * Tomcat's default of closing a kept-alive connection after 100 requests; {@link TwoProcessors} says what
 * the reconnects would cost and how the start keeps that out of the timed pass.
 */
public final class ServletHost implements AutoCloseable {

    private final TomcatHost host;
    private final TwoProcessors.Seen warmProcessors;

    private ServletHost(TomcatHost host, TwoProcessors.Seen warmProcessors) {
        this.host = host;
        this.warmProcessors = warmProcessors;
    }

    public static ServletHost start(InetAddress address, RmiForwardServlet servlet)
            throws IOException, LifecycleException {
        TomcatHost host = TomcatHost.on(address.getHostAddress()).start(ctx -> {
            Tomcat.addServlet(ctx, "java-rmi", servlet);
            ctx.addServletMappingDecoded(HttpTunnelClientSocketFactory.SERVLET_PATH, "java-rmi");
        });
        // two processors cached before any call, not a second one created mid-run (TwoProcessors says why)
        TwoProcessors.Seen warm = TwoProcessors.prime(new InetSocketAddress(address, host.port()));
        return new ServletHost(host, warm);
    }

    /** What the start's two requests held open at once got back (results.json's scenario facts). */
    public TwoProcessors.Seen warmProcessors() {
        return warmProcessors;
    }

    public int port() {
        return host.port();
    }

    public static String version() {
        return ServerInfo.getServerInfo();
    }

    @Override
    public void close() throws LifecycleException {
        host.close();
    }
}
