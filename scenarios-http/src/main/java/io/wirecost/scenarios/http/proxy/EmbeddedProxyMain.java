package io.wirecost.scenarios.http.proxy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.wirecost.scenarios.files.FileTrees;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.littleshoot.proxy.ActivityTrackerAdapter;
import org.littleshoot.proxy.FullFlowContext;
import org.littleshoot.proxy.HttpFilters;
import org.littleshoot.proxy.HttpFiltersAdapter;
import org.littleshoot.proxy.HttpFiltersSourceAdapter;
import org.littleshoot.proxy.HttpProxyServer;
import org.littleshoot.proxy.impl.DefaultHttpProxyServer;

/**
 * The embedded forward proxy's JVM: {@code EmbeddedProxyMain LOGDIR TARGET PORT...}. LittleProxy on a free
 * loopback port, accepting local clients only and forwarding only to TARGET on the given ports
 * (403 for anything else, and its resolver refuses any other destination as well). Prints
 * {@code listening PORT}, then one line per request; at the end of standard input it removes LOGDIR
 * (its parent's directory for this proxy, holding the file its output goes to) and exits.
 */
public final class EmbeddedProxyMain {

    static final String LISTENING = "listening ";
    static final String FORWARDED = "forwarded ";
    static final String REFUSED = "refused ";
    static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    /** Held so that the level sticks (java.util.logging keeps loggers weakly): per-connection INFO lines are noise. */
    private static final List<Logger> QUIET =
            List.of(Logger.getLogger("org.littleshoot"), Logger.getLogger("io.netty"));

    private EmbeddedProxyMain() {}

    public static void main(String[] args) throws IOException {
        PrintStream out = System.out;
        System.setOut(System.err); // stdout is the line protocol
        QUIET.forEach(l -> l.setLevel(Level.WARNING));
        Path logDir = Path.of(args[0]);
        InetAddress target = InetAddress.getByName(args[1]);
        if (!target.isLoopbackAddress())
            throw new IllegalArgumentException("target must be a loopback address: " + args[1]);
        Set<Integer> ports = new HashSet<>();
        for (int i = 2; i < args.length; i++) ports.add(Integer.parseInt(args[i]));
        String targetHost = target.getHostAddress();

        HttpProxyServer server = DefaultHttpProxyServer.bootstrap()
                .withName("wirecost-embedded-proxy")
                .withAddress(new InetSocketAddress(LOOPBACK, 0))
                .withAllowLocalOnly(true)
                .withConnectTimeout(10_000)
                .withServerResolver((host, port) -> {
                    if (!host.equals(targetHost) || !ports.contains(port))
                        throw new UnknownHostException(host + ':' + port + " is not on the allow-list");
                    return new InetSocketAddress(target, port);
                })
                .withFiltersSource(new HttpFiltersSourceAdapter() {
                    @Override
                    public HttpFilters filterRequest(HttpRequest request, ChannelHandlerContext ctx) {
                        return new HttpFiltersAdapter(request, ctx) {
                            @Override
                            public HttpResponse clientToProxyRequest(HttpObject object) {
                                if (object instanceof HttpRequest r && !allowed(r, targetHost, ports)) {
                                    out.println(REFUSED + r.method() + ' ' + r.uri());
                                    return forbidden();
                                }
                                return null;
                            }
                        };
                    }
                })
                .plusActivityTracker(new ActivityTrackerAdapter() {
                    @Override
                    public void requestSentToServer(FullFlowContext flow, HttpRequest request) {
                        out.println(FORWARDED + request.method() + ' ' + request.uri());
                    }
                })
                .start();
        out.println(LISTENING + server.getListenAddress().getPort());
        out.flush();
        while (System.in.read() >= 0) {
            // the parent JVM holds the other end; its end of input is ours
        }
        server.abort();
        FileTrees.delete(logDir);
        System.exit(0);
    }

    static boolean allowed(HttpRequest r, String targetHost, Set<Integer> ports) {
        try {
            URI uri = HttpMethod.CONNECT.equals(r.method()) ? URI.create("//" + r.uri()) : URI.create(r.uri());
            return uri.getHost() != null && uri.getHost().equals(targetHost) && ports.contains(uri.getPort());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static HttpResponse forbidden() {
        ByteBuf body = Unpooled.copiedBuffer("destination not allowed by this proxy\n", StandardCharsets.UTF_8);
        DefaultFullHttpResponse r =
                new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.FORBIDDEN, body);
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
        r.headers().set(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
        r.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        return r;
    }
}
