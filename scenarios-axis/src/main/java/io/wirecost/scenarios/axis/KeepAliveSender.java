package io.wirecost.scenarios.axis;

import org.apache.axis.transport.http.CommonsHTTPSender;
import org.apache.commons.httpclient.MultiThreadedHttpConnectionManager;

/**
 * Axis's HTTP/1.1 sender over Commons HttpClient 3.1, which pools connections (keep-alive). Each
 * client has its own, so a fresh client (the instantiation) opens a fresh connection, and closing the
 * client closes its connections.
 */
final class KeepAliveSender extends CommonsHTTPSender {

    private static final long serialVersionUID = 1L;

    void shutdown() {
        if (connectionManager instanceof MultiThreadedHttpConnectionManager m) m.shutdown();
    }
}
