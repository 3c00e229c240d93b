package io.wirecost.scenarios.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wirecost.scenarios.Tally;
import io.wirecost.scenarios.http.servlet.Forwarded;
import io.wirecost.scenarios.http.tunnel.TunnelServerEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The counted facts keep the names results.json has always had: the enums' constants name them. */
class CountedFactsTest {

    @Test
    void serverCountsKeepTheirNamesAndOrder() {
        Tally<TunnelServerEvent> port = new Tally<>(TunnelServerEvent.class);
        port.add(TunnelServerEvent.JRMP_REFUSED);
        port.add(TunnelServerEvent.JRMP_REFUSED);
        assertEquals(
                List.of(
                        "rmi.httpRequests=0",
                        "rmi.httpRejected=0",
                        "rmi.jrmpDirectConnections=0",
                        "rmi.jrmpRefused=2",
                        "rmi.timedOut=0"),
                port.facts("rmi.").entrySet().stream().map(Object::toString).toList());
        Tally<Forwarded> servlet = new Tally<>(Forwarded.class);
        servlet.add(Forwarded.BACKEND_FAILURES);
        assertEquals(
                List.of(
                        "servlet.forwarded=0",
                        "servlet.forbidden=0",
                        "servlet.rejected=0",
                        "servlet.backendFailures=1"),
                servlet.facts("servlet.").entrySet().stream()
                        .map(Object::toString)
                        .toList());
    }
}
