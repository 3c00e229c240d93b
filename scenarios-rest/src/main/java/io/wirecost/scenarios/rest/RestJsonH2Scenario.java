package io.wirecost.scenarios.rest;

import java.net.http.HttpClient;

/**
 * {@code rest-json-h2}: {@code rest-json}'s service and client over HTTP/2. Cleartext h2c, not TLS with
 * ALPN: the point of this scenario is what HTTP/2's framing and HPACK cost against HTTP/1.1, and TLS
 * would add its own handshake and record costs to one side of that comparison only (grpc-tls and
 * rmi-ssl already measure what TLS costs). The JDK's HttpClient reaches h2c by the HTTP/1.1 Upgrade
 * on its first request (it has no prior-knowledge mode); Tomcat's connector offers the upgrade. From then
 * on every call is a stream on the one HTTP/2 connection; the client reports the version it got.
 *
 * <p>Run alone: {@code ./wirecost run --scenarios rest-json-h2}.
 */
public class RestJsonH2Scenario extends RestJsonScenario {

    @Override
    protected HttpClient.Version version() {
        return HttpClient.Version.HTTP_2;
    }
}
