package io.wirecost.scenarios.http.tunnel;

import java.io.IOException;
import java.io.Serializable;
import java.net.Socket;
import java.net.URI;
import java.rmi.server.RMIClientSocketFactory;
import java.util.Objects;
import java.util.UUID;

/**
 * The client socket factory in the server's stubs: where a stub's calls go over HTTP.
 * <ul>
 * <li>{@link #toPort()}: HTTP-to-port, {@code POST http://HOST:RMIPORT/} through the client's HTTP
 *     proxy; the RMI server itself understands the POST ({@link HttpAwareServerSocketFactory}).
 * <li>{@link #toServlet(int)}: HTTP-to-servlet, {@code POST http://HOST:WEBPORT/cgi-bin/java-rmi.cgi?forward=RMIPORT}
 *     to the web server on the stub's host, which forwards the body to the RMI port.
 * </ul>
 * Whether a call really goes over HTTP (forced or automatic) and through which proxy is the
 * client's business: {@link TunnelClient}.
 */
public final class HttpTunnelClientSocketFactory implements RMIClientSocketFactory, Serializable {

    private static final long serialVersionUID = 1L;
    public static final String SERVLET_PATH = "/cgi-bin/java-rmi.cgi";

    private final int servletPort; // 0: HTTP-to-port
    /**
     * Empty in stubs. A client's own registry factory gets a unique scope, so that RMI (which pools
     * connections per endpoint and factory) opens a fresh connection for each fresh client: its
     * instantiation then includes automatic mode's direct attempt.
     */
    private final String scope;

    private HttpTunnelClientSocketFactory(int servletPort, String scope) {
        this.servletPort = servletPort;
        this.scope = scope;
    }

    public static HttpTunnelClientSocketFactory toPort() {
        return new HttpTunnelClientSocketFactory(0, "");
    }

    public static HttpTunnelClientSocketFactory toServlet(int webPort) {
        if (webPort <= 0 || webPort > 65535) throw new IllegalArgumentException("web server port " + webPort);
        return new HttpTunnelClientSocketFactory(webPort, "");
    }

    /** The same route for one client's registry lookups (see {@link #scope}). */
    public HttpTunnelClientSocketFactory forOneClient() {
        return new HttpTunnelClientSocketFactory(servletPort, UUID.randomUUID().toString());
    }

    boolean throughProxy() {
        return servletPort == 0;
    }

    URI target(String host, int port) {
        String h = host.indexOf(':') >= 0 ? '[' + host + ']' : host;
        return servletPort == 0
                ? URI.create("http://" + h + ':' + port + '/')
                : URI.create("http://" + h + ':' + servletPort + SERVLET_PATH + "?forward=" + port);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return TunnelClient.socket(this, host, port);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HttpTunnelClientSocketFactory f && f.servletPort == servletPort && f.scope.equals(scope);
    }

    @Override
    public int hashCode() {
        return Objects.hash(servletPort, scope);
    }

    @Override
    public String toString() {
        return servletPort == 0 ? "HTTP-to-port" : "HTTP-to-servlet(:" + servletPort + SERVLET_PATH + ")";
    }
}
