package io.wirecost.scenarios.axis;

import org.apache.axis.transport.http.CommonsHTTPSender;
import org.apache.commons.httpclient.MultiThreadedHttpConnectionManager;

/**
 * Axis's HTTP/1.1 sender over Commons HttpClient 3.1, which pools connections (keep-alive). Each
 * client has its own, so a fresh client (the instantiation) opens a fresh connection, and closing the
 * client closes its connections.
 *
 * <p>One setting differs from HttpClient's default: the stale-connection check, which before every
 * request reads from the pooled socket with a 1 ms timeout, and so adds that millisecond of waiting to
 * every call, many times the call's own cost. The papers' JAX-RPC clients had no such check; a
 * connection that Tomcat closed meanwhile fails the call visibly rather than silently.
 */
final class KeepAliveSender extends CommonsHTTPSender {

    private static final long serialVersionUID = 1L;

    KeepAliveSender() {
        connectionManager.getParams().setStaleCheckingEnabled(false);
    }

    void shutdown() {
        if (connectionManager instanceof MultiThreadedHttpConnectionManager m) m.shutdown();
    }
}
