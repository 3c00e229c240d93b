package io.wirecost.scenarios.axis;

import io.wirecost.scenarios.tomcat.ConnectionTally;
import java.io.IOException;
import java.util.Map;
import javax.servlet.ServletException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;

/** Tomcat 9's (javax) side of {@link ConnectionTally}; the Jakarta servers get theirs from {@code TomcatHost}. */
final class ConnectionCounter extends ValveBase {

    private final ConnectionTally tally = new ConnectionTally();

    ConnectionCounter() {
        super(true);
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        tally.request(request.getRemotePort());
        getNext().invoke(request, response);
    }

    Map<String, String> info() {
        return tally.info();
    }
}
