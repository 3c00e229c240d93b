package io.wirecost.scenarios.tomcat;

import jakarta.servlet.ServletException;
import java.io.IOException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;

/** Tomcat 10.1's side of {@link ConnectionTally}: counts every request before the context serves it. */
final class CountingValve extends ValveBase {

    private final ConnectionTally tally;

    CountingValve(ConnectionTally tally) {
        super(true);
        this.tally = tally;
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        tally.request(request.getRemotePort());
        getNext().invoke(request, response);
    }
}
